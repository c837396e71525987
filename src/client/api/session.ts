import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../shared/account-types';
import { useHoldEarlyClicks } from '../lib/early-clicks';
import { queryKeys, useRefetch } from './keys';
import { createQueryClient } from '../lib/query-client';
import { logOut, readSession, setKnownSession } from './session-probe';
import { daysUntil } from '../../shared/duration';

/**
 * The client's one session module (docs/decisions/0105). The session is read once, by
 * `readSession` (GET /api/session), into TanStack Query under ME_QUERY_KEY; login, signup, logout
 * and account changes seed or refresh it here. The public pages read the same call through the
 * query-free half, session-probe.ts, and their dialog and avatar menu share one cache bridged to it.
 */
export { readSession } from './session-probe';

/** The session's query key (api/keys.ts); the server's name for the read. */
export const ME_QUERY_KEY = queryKeys.session;

/** The current user and organization, or null when signed out. */
export function useSession() {
  const query = useQuery({ queryKey: ME_QUERY_KEY, queryFn: readSession });
  // A click held before a prerendered screen hydrated (/pricing) is replayed once the session is
  // known: a plan card asks a visitor to sign up, but takes a signed-in person to checkout.
  useHoldEarlyClicks(query.isPending);
  return query;
}

/** Stores a new session (after login or logout) and refetches everything else, which depended on the old one. */
export async function seedSession(queryClient: QueryClient, next: MeResponse | null) {
  queryClient.setQueryData(ME_QUERY_KEY, next);
  await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
}

/** After login, signup or logout: store the new state and refetch everything else. */
export function useSessionChanged() {
  const queryClient = useQueryClient();
  return (next: MeResponse | null) => seedSession(queryClient, next);
}

/**
 * After a change the server made to the session (joined an organization): reads it again, stores
 * it and refetches everything else. `fallback` stands in when the read fails or finds no session.
 */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return async (fallback: MeResponse | null) => {
    const next = await readSession().catch(() => null);
    await seedSession(queryClient, next ?? fallback);
  };
}

/** After a change to the person's plan (a payment, the free plan): the session alone is read again. */
export const useRefetchSession = () => useRefetch(ME_QUERY_KEY);

/**
 * After a change whose effect on the session only the server knows (a signup, a verified address):
 * everything cached, the session included, is read again when next shown.
 */
export function useSessionInvalidated() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** The address a signup is waiting to verify; the code page falls back to it when its URL has none. */
export const PENDING_EMAIL_KEY = 'pendingVerificationEmail';

export function rememberPendingEmail(email: string) {
  try {
    localStorage.setItem(PENDING_EMAIL_KEY, email);
  } catch {
    // Storage can be off (private mode): the code page then asks for the address.
  }
}

/** Up to two initials from the name, else the email's first letter. */
export { initialsOf } from './session-probe';

/** Trial days left: ceiling of days until trialEndsAt, never below 0. */
export function trialDaysLeft(trialEndsAt: string | null | undefined, now = Date.now()): number {
  if (!trialEndsAt) return 0;
  return daysUntil(Date.parse(trialEndsAt), now);
}

/** Ends the session on the server, then clears the user and refetches everything. */
export function useLogout() {
  const sessionChanged = useSessionChanged();
  return async () => {
    await logOut();
    await sessionChanged(null);
  };
}

let siteClient: QueryClient | undefined;

/**
 * The one query cache of a public page's app pieces (the auth dialog, the avatar menu), made on
 * first use. What they learn about the session (a sign-in in the dialog, a logout from the menu)
 * is passed on to the page's own copy, which the header and the calls to action read.
 */
export function siteQueryClient(): QueryClient {
  if (siteClient) return siteClient;
  const client = createQueryClient();
  client.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== ME_QUERY_KEY[0] || event.type !== 'updated') return;
    const me = event.query.state.data as MeResponse | null | undefined;
    if (me !== undefined) setKnownSession(me);
  });
  siteClient = client;
  return client;
}
