import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The client's query cache in one place (docs/decisions/0127): every query key, and the shapes of
 * the writes, so that the invalidation after a mutation is written next to its call in
 * src/client/api/<module>.ts and nowhere else. Features never write a key or a fetch.
 */

/**
 * Every query key, in one table. A key is the endpoint's path, as the spec's data-fetching rules
 * describe, so the account area, the editor and the checkout share one cache entry per read.
 */
export const queryKeys = {
  /** The session, under the server's name for the read. */
  session: ['/api/auth/me'],
  profile: ['/api/account/profile'],
  sessions: ['/api/account/sessions'],
  organization: ['/api/organization'],
  team: ['/api/organization/members'],
  defaults: ['/api/organization/signature-defaults'],
  uploads: ['/api/uploads'],
  billing: ['/api/billing'],
  signatures: ['/api/signatures'],
  publicConfig: ['/api/public-config'],
  workspace: ['/api/workspace'],
  myWorkspace: ['/api/workspace/me'],
} as const;

export const invitationKey = (token: string) => ['/api/invitations', token] as const;
export const testPaymentKey = (id: string) => ['/api/test-payments', id] as const;

/** A key of the table above, or one made by a function of this file. */
type QueryKey = readonly string[];

/** A write whose answer replaces one cached read (`key`); `also` names reads that depend on it. */
export function useSave<TInput, TResult>(
  request: (input: TInput) => Promise<TResult>,
  key: QueryKey | null,
  also: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      if (key) queryClient.setQueryData(key, result);
      await Promise.all(also.map((k) => queryClient.invalidateQueries({ queryKey: k })));
    },
  });
}

/** Changes that move the person between organizations refresh everything the app shows. */
export function useReshape<TInput>(request: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries() });
}

/** Refetches one read (after a write made elsewhere, or one whose answer is not the read's); stable while `key` is. */
export function useRefetch(key: QueryKey) {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: key }), [queryClient, key]);
}
