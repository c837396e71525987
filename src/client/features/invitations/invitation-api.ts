import { useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '../../../shared/account-area-types';
import { teamsApi } from '../../../shared/api/teams';
import { ApiError } from '../../lib/api';
import { callApi } from '../../lib/api-client';

export const invitationKey = (token: string) => ['/api/invitations', token] as const;

/** The invitation a link names; null when the link is not (or no longer) valid. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: async (): Promise<InvitationPreview | null> => {
      try {
        return await callApi(teamsApi.previewInvitation, { params: { token } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export const acceptInvitation = (token: string) => callApi(teamsApi.acceptInvitation, { params: { token } });
