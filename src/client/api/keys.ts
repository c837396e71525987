import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Every query key the client uses, in one table (decision 0127). A key is the endpoint's path, as
 * the spec's data-fetching rules describe, so the account area, the editor and the checkout share
 * one cache entry per read. Features never write a key. Reads only: a screen that writes nothing
 * (the editor, the session) does not load cache.ts's write shapes and TanStack's mutation code.
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
  signatureRules: ['/api/signature-rules'],
  mySignatureRule: ['/api/signature-rules/me'],
  campaigns: ['/api/campaigns'],
} as const;

export const invitationKey = (token: string) => ['/api/invitations', token] as const;
export const testPaymentKey = (id: string) => ['/api/test-payments', id] as const;
export const campaignClicksKey = (id: string) => ['/api/campaigns', id, 'clicks'] as const;

/** A key of the table above, or one made by a function of this file. */
type QueryKey = readonly string[];

/** Refetches one read (after a write made elsewhere, or one whose answer is not the read's); stable while `key` is. */
export function useRefetch(key: QueryKey) {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: key }), [queryClient, key]);
}
