import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { accountApi } from '../../../shared/api/account';
import { billingApi } from '../../../shared/api/billing';
import { teamsApi } from '../../../shared/api/teams';
import { uploadsApi, type uploadedImageSchema } from '../../../shared/api/uploads';
import type { ChangePlanInput } from '../../../shared/billing/checkout-schema';
import type { InviteInput, ProfileInput, SignatureDefaults } from '../../../shared/validation/account-schemas';
import { callApi } from '../../lib/api-client';
import { ME_QUERY_KEY } from '../../lib/session';

/** One query key per endpoint: the path, as the spec's data-fetching rules describe. */
export const KEYS = {
  profile: ['/api/account/profile'],
  sessions: ['/api/account/sessions'],
  organization: ['/api/organization'],
  team: ['/api/organization/members'],
  defaults: ['/api/organization/signature-defaults'],
  uploads: ['/api/uploads'],
  billing: ['/api/billing'],
} as const;

export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const useProfile = () => useQuery({ queryKey: KEYS.profile, queryFn: () => callApi(accountApi.getProfile) });
export const useSessions = () => useQuery({ queryKey: KEYS.sessions, queryFn: () => callApi(accountApi.listSessions) });
export const useOrganization = () =>
  useQuery({ queryKey: KEYS.organization, queryFn: () => callApi(teamsApi.getOrganization) });
export const useTeam = () => useQuery({ queryKey: KEYS.team, queryFn: () => callApi(teamsApi.listTeam) });
export const useSignatureDefaults = () =>
  useQuery({ queryKey: KEYS.defaults, queryFn: () => callApi(teamsApi.getSignatureDefaults) });
export const useUploads = () => useQuery({ queryKey: KEYS.uploads, queryFn: () => callApi(uploadsApi.list) });
export const useBillingOverview = () =>
  useQuery({ queryKey: KEYS.billing, queryFn: () => callApi(billingApi.overview) });

/** A write whose answer replaces one cached read; `also` names reads that depend on it. */
function useSave<TInput, TResult>(
  request: (input: TInput) => Promise<TResult>,
  key: readonly string[] | null,
  also: (readonly string[])[] = [],
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

export const useSaveProfile = () =>
  useSave((input: ProfileInput) => callApi(accountApi.updateProfile, { body: input }), KEYS.profile, [ME_QUERY_KEY]);
export const useSaveOrganization = () =>
  useSave(
    (input: { name: string; domain: string }) => callApi(teamsApi.updateOrganization, { body: input }),
    KEYS.organization,
    [ME_QUERY_KEY],
  );
export const useSaveLogo = () =>
  useSave((input: { logoUrl: string }) => callApi(teamsApi.updateLogo, { body: input }), KEYS.organization, [
    KEYS.defaults,
  ]);
export const useSaveDefaults = () =>
  useSave((input: SignatureDefaults) => callApi(teamsApi.updateSignatureDefaults, { body: input }), KEYS.defaults);

export const useInvite = () =>
  useSave((input: InviteInput) => callApi(teamsApi.invite, { body: input }), null, [KEYS.team, KEYS.organization]);
export const useResendInvitation = () =>
  useSave((id: string) => callApi(teamsApi.resendInvitation, { params: { id } }), null, [KEYS.team, KEYS.organization]);
export const useWithdrawInvitation = () =>
  useSave((id: string) => callApi(teamsApi.cancelInvitation, { params: { id } }), null, [KEYS.team, KEYS.organization]);
export const useChangeRole = () =>
  useSave(
    (input: { id: string; role: 'admin' | 'member' }) =>
      callApi(teamsApi.changeMemberRole, { params: { id: input.id }, body: { role: input.role } }),
    null,
    [KEYS.team],
  );
export const useRemoveMember = () =>
  useSave((id: string) => callApi(teamsApi.removeMember, { params: { id } }), null, [KEYS.team, KEYS.organization]);

export const useDeleteUpload = () =>
  useSave((id: string) => callApi(uploadsApi.remove, { params: { id } }), null, [KEYS.uploads]);

export const useChangePassword = () =>
  useSave(
    (input: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      callApi(accountApi.changePassword, { body: input }),
    null,
    [KEYS.sessions],
  );
export const useSignOutOthers = () => useSave(() => callApi(accountApi.signOutOthers), null, [KEYS.sessions]);
export const useSignOutSession = () =>
  useSave((id: string) => callApi(accountApi.signOutSession, { params: { id } }), null, [KEYS.sessions]);

/** Changes that move the person between organizations refresh everything the area shows. */
function useReshape<TInput>(request: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries() });
}
export const useTransferOwnership = () =>
  useReshape((memberId: string) => callApi(teamsApi.transferOwnership, { body: { memberId } }));
export const useDeleteOrganization = () =>
  useReshape((confirmation: string) => callApi(teamsApi.deleteOrganization, { body: { confirmation } }));
export const useLeaveOrganization = () =>
  useReshape((confirmation: string) => callApi(accountApi.leaveOrganization, { body: { confirmation } }));
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (input: { confirmation: string; password: string }) =>
      callApi(accountApi.deleteAccount, { body: input }),
  });

export const openBillingPortal = () => callApi(billingApi.portal);

/** Subscription changes answer with the new overview; the organization's plan and seats and the session follow. */
const useBillingChange = <TInput>(
  request: (input: TInput) => Promise<z.infer<(typeof billingApi.overview.responses)[200]>>,
) => useSave(request, KEYS.billing, [KEYS.organization, KEYS.team, ME_QUERY_KEY]);
export const useCancelSubscription = () => useBillingChange(() => callApi(billingApi.cancel));
export const useResumeSubscription = () => useBillingChange(() => callApi(billingApi.resume));
/** Test mode only: gives the money back, which takes the plan away as a Stripe refund would. */
export const useTestRefund = () => useBillingChange(() => callApi(billingApi.testRefund));
export const useChangePlan = () =>
  useBillingChange((input: ChangePlanInput) => callApi(billingApi.changePlan, { body: input }));
