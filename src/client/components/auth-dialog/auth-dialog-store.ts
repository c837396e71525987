import { useSyncExternalStore } from 'react';
import { callPublic } from '../../api/public';

export type AuthTab = 'login' | 'signup' | 'forgot';
type State = { open: boolean; tab: AuthTab; redirectTo: string | null };

let state: State = { open: false, tab: 'signup', redirectTo: null };
const listeners = new Set<() => void>();
const set = (next: State) => {
  state = next;
  listeners.forEach((l) => l());
};

/** Opens the sign-up/login dialog from anywhere; signup is the default tab. */
export function openAuthDialog(tab: AuthTab = 'signup', options: { redirectTo?: string } = {}) {
  set({ open: true, tab, redirectTo: options.redirectTo ?? null });
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
