import { useSyncExternalStore } from 'react';
import type { MeResponse } from '../../../shared/account-types';
import { api } from '../../lib/api';
import { useHoldEarlyClicks } from '../../site/early-clicks';

/**
 * Who is signed in, for the public pages' header and calls to action. A tiny store instead of the
 * app's TanStack Query session: the public pages read the session once and need no query cache,
 * which keeps about 10 KB of JavaScript off the landing page (docs/decisions, public site).
 * `undefined` while unknown, as in the prerendered HTML, which shows the signed-out state.
 */
type SiteSession = MeResponse | null | undefined;

let session: SiteSession = undefined;
let loading = false;
const listeners = new Set<() => void>();

export function setSiteSession(next: MeResponse | null) {
  session = next;
  listeners.forEach((listener) => listener());
}

async function loadSiteSession() {
  if (loading || session !== undefined) return;
  loading = true;
  try {
    // GET /api/session answers 200 with no user for a visitor (no 401 in the console).
    const answer = await api.get<MeResponse | { user: null }>('/api/session');
    setSiteSession(answer.user ? (answer as MeResponse) : null);
  } catch {
    // Unknown stays unknown: the signed-out header is shown, which is right for most visitors.
  } finally {
    loading = false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void loadSiteSession();
  return () => listeners.delete(listener);
}

export function useSiteSession(): SiteSession {
  const current = useSyncExternalStore(
    subscribe,
    () => session,
    () => undefined,
  );
  // A click held before hydration is replayed once the session is known: signed in, a plan card
  // or a call to action does something else than for a visitor.
  useHoldEarlyClicks(current === undefined);
  return current;
}

/** Ends the session on the server, then shows the signed-out header. */
export async function logOutOfSite() {
  await api.post('/api/auth/logout');
  setSiteSession(null);
}
