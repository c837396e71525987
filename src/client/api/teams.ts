import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { InvitationPreview } from '../../shared/account-area-types';
import { teamsApi } from '../../shared/api/teams';
import type { InviteInput, SignatureDefaults } from '../../shared/validation/account-schemas';
import { ApiError } from '../lib/api';
import { callApi } from '../lib/api-client';
import { invitationKey, queryKeys, useRefetch } from './keys';
import { useReshape, useSave } from './cache';

/** The organization, its members and invitations, and the signature defaults every member follows. */

export const useOrganization = () =>
  useQuery({ queryKey: queryKeys.organization, queryFn: () => callApi(teamsApi.getOrganization) });
export const useTeam = () => useQuery({ queryKey: queryKeys.team, queryFn: () => callApi(teamsApi.listTeam) });
export const useSignatureDefaults = () =>
  useQuery({ queryKey: queryKeys.defaults, queryFn: () => callApi(teamsApi.getSignatureDefaults) });

/**
 * Seats the buyer's organization fills now (members and open invitations), when the buyer runs it
 * (owner or admin: only then does their purchase set the organization's seats); null otherwise.
 */
export function useSeatsInUse(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.organization,
    queryFn: () => callApi(teamsApi.getOrganization),
    enabled,
    select: (org) => (org.role === 'owner' || org.role === 'admin' ? org.seats.used : null),
  });
}

export const useSaveOrganization = () =>
  useSave(
    (input: { name: string; domain: string }) => callApi(teamsApi.updateOrganization, { body: input }),
    queryKeys.organization,
    [queryKeys.session],
  );
export const useSaveLogo = () =>
  useSave((input: { logoUrl: string }) => callApi(teamsApi.updateLogo, { body: input }), queryKeys.organization, [
    queryKeys.defaults,
  ]);
export const useSaveDefaults = () =>
  useSave((input: SignatureDefaults) => callApi(teamsApi.updateSignatureDefaults, { body: input }), queryKeys.defaults);

/** Writes that change who is in the team (and so the seats the organization fills). */
const SEATS = [queryKeys.team, queryKeys.organization] as const;
export const useInvite = () => useSave((input: InviteInput) => callApi(teamsApi.invite, { body: input }), null, SEATS);
export const useResendInvitation = () =>
  useSave((id: string) => callApi(teamsApi.resendInvitation, { params: { id } }), null, SEATS);
export const useWithdrawInvitation = () =>
  useSave((id: string) => callApi(teamsApi.cancelInvitation, { params: { id } }), null, SEATS);
export const useChangeRole = () =>
  useSave(
    (input: { id: string; role: 'admin' | 'member' }) =>
      callApi(teamsApi.changeMemberRole, { params: { id: input.id }, body: { role: input.role } }),
    null,
    [queryKeys.team],
  );
export const useRemoveMember = () =>
  useSave((id: string) => callApi(teamsApi.removeMember, { params: { id } }), null, SEATS);

export const useTransferOwnership = () =>
  useReshape((memberId: string) => callApi(teamsApi.transferOwnership, { body: { memberId } }));
export const useDeleteOrganization = () =>
  useReshape((confirmation: string) => callApi(teamsApi.deleteOrganization, { body: { confirmation } }));

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

/** Reads the invitation again (a failed join may mean it was withdrawn or used meanwhile). */
export const useRefetchInvitation = (token: string) => useRefetch(useMemo(() => invitationKey(token), [token]));

export const acceptInvitation = (token: string) => callApi(teamsApi.acceptInvitation, { params: { token } });
