import { useSyncExternalStore } from 'react';
import type { MeResponse } from '../../shared/account-types';
import { useHoldEarlyClicks } from '../lib/early-clicks';
import type { SessionAnswer } from './early-session';
import { callPublic } from './public';

/**
 * The half of the session module (session.ts) that needs no query cache: the one read of the
 * session, and the store the public pages keep it in. The public pages load this file only, which
 * keeps TanStack Query (about 10 KB) off the landing page (docs/decisions/0062, 0105).
 */

/** The current user and organization, or null when signed out. */
export async function readSession(): Promise<MeResponse | null> {
  // GET /api/session is /api/auth/me answering 200 with no user for a visitor: browsers log every
  // 401 as a console error, on every public page (Lighthouse best practices).
  // The read the page's entry started as it loaded, taken once; failed, it is asked for again.
  const taken = window.__spEarlySession;
  window.__spEarlySession = undefined;
  const early: SessionAnswer | undefined = await taken?.catch(() => undefined);
  const answer = early ?? (await callPublic('session'));
  return answer.user ? answer : null;
}

/**
 * The public pages' copy of the session: `undefined` while unknown, as in the prerendered HTML,
 * which shows the signed-out state.
 */
export type KnownSession = MeResponse | null | undefined;

let known: KnownSession = undefined;
let probing: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Stores what a public page learned about the session (a sign-in in its dialog, a logout). */
export function setKnownSession(next: MeResponse | null) {
  known = next;
  listeners.forEach((listener) => listener());
}

/** Reads the session once per page; a failed read is tried again by the next component that asks. */
function probe() {
  probing ??= readSession().then(setKnownSession, () => {
    // Unknown stays unknown: the signed-out header is shown, which is right for most visitors.
    probing = undefined;
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  probe();
  return () => listeners.delete(listener);
}

/** Who is signed in, for the public pages' header and calls to action; read once per page. */
export function useKnownSession(): KnownSession {
  const current = useSyncExternalStore(
    subscribe,
    () => known,
    () => undefined,
  );
  // A click held before hydration is replayed once the session is known: signed in, a plan card
  // or a call to action does something else than for a visitor.
  useHoldEarlyClicks(current === undefined);
  return current;
}

/** Ends the session on the server, then shows the signed-out state (session.ts's useLogout also empties the cache). */
export async function logOut() {
  await callPublic('logout');
  setKnownSession(null);
}

/** Up to two initials from the name, else the email's first letter: the avatar of the signed-in person. */
export function initialsOf(name: string | null | undefined, email: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length > 0)
    return parts
      .slice(0, 2)
      .map((p) => p[0]!.toUpperCase())
      .join('');
  return (email ?? '?').charAt(0).toUpperCase() || '?';
}
