import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../shared/account-types';
import { useHoldEarlyClicks } from '../site/early-clicks';
import { ApiError, api } from './api';

export const ME_QUERY_KEY = ['/api/auth/me'] as const;

/** The current user and organization, or null when signed out (a 401 means no user). */
export function useSession() {
  const query = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async (): Promise<MeResponse | null> => {
      try {
        // GET /api/session is /api/auth/me answering 200 with no user for a visitor: browsers log
        // every 401 as a console error, on every public page (Lighthouse best practices, issue 5).
        const session = await api.get<MeResponse | { user: null }>('/api/session');
        return session.user ? (session as MeResponse) : null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
  // A click held before a prerendered screen hydrated (/pricing) is replayed once the session is
  // known: a plan card asks a visitor to sign up, but takes a signed-in person to checkout.
  useHoldEarlyClicks(query.isPending);
  return query;
}

/** After login, signup or logout: store the new state and refetch everything else. */
export function useSessionChanged() {
  const queryClient = useQueryClient();
  return async (next: MeResponse | null) => {
    queryClient.setQueryData(ME_QUERY_KEY, next);
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
  };
}

/** Up to two initials from the name, else the email's first letter. */
export { initialsOf } from './initials';

/** Trial days left: ceiling of days until trialEndsAt, never below 0. */
export function trialDaysLeft(trialEndsAt: string | null | undefined, now = Date.now()): number {
  if (!trialEndsAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(trialEndsAt) - now) / 86_400_000));
}

/** Ends the session on the server, then clears the user and refetches everything. */
export function useLogout() {
  const sessionChanged = useSessionChanged();
  return async () => {
    await api.post('/api/auth/logout');
    await sessionChanged(null);
  };
}
