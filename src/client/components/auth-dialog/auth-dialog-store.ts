import { useSyncExternalStore } from 'react';
import type { PlanChoice } from '../../api/pending-plan';
import { callPublic } from '../../api/public';

export type AuthTab = 'login' | 'signup' | 'forgot';

/**
 * The sign-up action's one name, on every button that opens or sends a sign-up: the site header,
 * the phone menu, the landing's call to action, the editor and billing headers, the dialog's tab
 * and submit, the invitation page (decision 0185). Kept here, where the landing page already loads.
 */
export const SIGN_UP = 'Sign up';
export const SIGNING_UP = 'Signing up...';
type State = {
  open: boolean;
  tab: AuthTab;
  redirectTo: string | null;
  /** The plan card that opened the dialog: sign-up names it and leads on to it after Verify. */
  plan: PlanChoice | null;
  /** An address to correct ("Wrong address? Change it"): sign-up starts with it in the field. */
  email: string | null;
};
type OpenOptions = { redirectTo?: string; plan?: PlanChoice | null; email?: string };

let state: State = { open: false, tab: 'signup', redirectTo: null, plan: null, email: null };
const listeners = new Set<() => void>();
const set = (next: State) => {
  state = next;
  listeners.forEach((l) => l());
};

/** Opens the sign-up/login dialog from anywhere; signup is the default tab. */
export function openAuthDialog(tab: AuthTab = 'signup', options: OpenOptions = {}) {
  set({ open: true, tab, redirectTo: null, plan: null, email: null, ...options });
  // The spec's telemetry: the modal was opened. Failure to record it must never bother the person.
  callPublic('authOpened', { source: 'modal' }).catch(() => undefined);
}

export function closeAuthDialog() {
  set({ ...state, open: false });
}

export function setAuthTab(tab: AuthTab) {
  set({ ...state, tab });
}

export function useAuthDialog(): State {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
