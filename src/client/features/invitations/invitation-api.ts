import { useQuery } from '@tanstack/react-query';
import type { AcceptInvitationResponse, InvitationPreview } from '../../../shared/account-area-types';
import { ApiError, api } from '../../lib/api';

export const invitationKey = (token: string) => ['/api/invitations', token] as const;

/** The invitation a link names; null when the link is not (or no longer) valid. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: async (): Promise<InvitationPreview | null> => {
      try {
        return await api.get<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export const acceptInvitation = (token: string) => api.post<AcceptInvitationResponse>(`/api/invitations/${encodeURIComponent(token)}/accept`);
