import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingOverview } from '../../../shared/billing/billing-types';
import type {
  AccountProfile,
  DeviceSession,
  OrganizationDetails,
  SignatureDefaultsResponse,
  TeamEntry,
  TeamResponse,
} from '../../../shared/account-area-types';
import type { ChangePlanInput } from '../../../shared/billing/checkout-schema';
import type { InviteInput, SignatureDefaults } from '../../../shared/validation/account-schemas';
import { api } from '../../lib/api';
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

export type UploadedImage = { id: string; objectPath: string; width: number; height: number; bytes: number; createdAt: string };

export const useProfile = () => useQuery({ queryKey: KEYS.profile, queryFn: () => api.get<AccountProfile>('/api/account/profile') });
export const useSessions = () => useQuery({ queryKey: KEYS.sessions, queryFn: () => api.get<DeviceSession[]>('/api/account/sessions') });
export const useOrganization = () => useQuery({ queryKey: KEYS.organization, queryFn: () => api.get<OrganizationDetails>('/api/organization') });
export const useTeam = () => useQuery({ queryKey: KEYS.team, queryFn: () => api.get<TeamResponse>('/api/organization/members') });
export const useSignatureDefaults = () =>
  useQuery({ queryKey: KEYS.defaults, queryFn: () => api.get<SignatureDefaultsResponse>('/api/organization/signature-defaults') });
export const useUploads = () => useQuery({ queryKey: KEYS.uploads, queryFn: () => api.get<UploadedImage[]>('/api/uploads') });
export const useBillingOverview = () => useQuery({ queryKey: KEYS.billing, queryFn: () => api.get<BillingOverview>('/api/billing') });

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
  useSave((input: { name: string; timezone: string }) => api.put<AccountProfile>('/api/account/profile', input), KEYS.profile, [ME_QUERY_KEY]);
export const useSaveOrganization = () =>
  useSave((input: { name: string; domain: string }) => api.put<OrganizationDetails>('/api/organization', input), KEYS.organization, [
    ME_QUERY_KEY,
  ]);
export const useSaveLogo = () =>
  useSave((input: { logoUrl: string }) => api.put<OrganizationDetails>('/api/organization/logo', input), KEYS.organization, [KEYS.defaults]);
export const useSaveDefaults = () =>
  useSave((input: SignatureDefaults) => api.put<SignatureDefaultsResponse>('/api/organization/signature-defaults', input), KEYS.defaults);

export const useInvite = () => useSave((input: InviteInput) => api.post<TeamEntry>('/api/organization/invitations', input), null, [KEYS.team, KEYS.organization]);
export const useResendInvitation = () =>
  useSave((id: string) => api.post<TeamEntry>(`/api/organization/invitations/${id}/resend`), null, [KEYS.team, KEYS.organization]);
export const useWithdrawInvitation = () =>
  useSave((id: string) => api.delete<void>(`/api/organization/invitations/${id}`), null, [KEYS.team, KEYS.organization]);
export const useChangeRole = () =>
  useSave((input: { id: string; role: 'admin' | 'member' }) => api.patch<TeamEntry>(`/api/organization/members/${input.id}`, { role: input.role }), null, [
    KEYS.team,
  ]);
export const useRemoveMember = () =>
  useSave((id: string) => api.delete<void>(`/api/organization/members/${id}`), null, [KEYS.team, KEYS.organization]);

export const useDeleteUpload = () => useSave((id: string) => api.delete<void>(`/api/uploads/${id}`), null, [KEYS.uploads]);

export const useChangePassword = () =>
  useSave(
    (input: { currentPassword: string; newPassword: string; confirmPassword: string }) => api.post<{ ok: true }>('/api/account/password', input),
    null,
    [KEYS.sessions],
  );
export const useSignOutOthers = () => useSave(() => api.post<{ signedOut: number }>('/api/account/sessions/sign-out-others'), null, [KEYS.sessions]);
export const useSignOutSession = () => useSave((id: string) => api.delete<void>(`/api/account/sessions/${id}`), null, [KEYS.sessions]);

/** Changes that move the person between organizations refresh everything the area shows. */
function useReshape<TInput>(request: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries() });
}
export const useTransferOwnership = () =>
  useReshape((memberId: string) => api.post<OrganizationDetails>('/api/organization/transfer-ownership', { memberId }));
export const useDeleteOrganization = () =>
  useReshape((confirmation: string) => api.post<OrganizationDetails>('/api/organization/delete', { confirmation }));
export const useLeaveOrganization = () => useReshape((confirmation: string) => api.post<void>('/api/account/leave-organization', { confirmation }));
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (input: { confirmation: string; password: string }) => api.post<{ ok: true }>('/api/account/delete', input),
  });

export const openBillingPortal = () => api.post<{ url: string }>('/api/billing/portal');

/** Subscription changes answer with the new overview; the organization's plan and seats and the session follow. */
const useBillingChange = <TInput,>(request: (input: TInput) => Promise<BillingOverview>) =>
  useSave(request, KEYS.billing, [KEYS.organization, KEYS.team, ME_QUERY_KEY]);
export const useCancelSubscription = () => useBillingChange(() => api.post<BillingOverview>('/api/billing/cancel'));
export const useResumeSubscription = () => useBillingChange(() => api.post<BillingOverview>('/api/billing/resume'));
/** Test mode only: gives the money back, which takes the plan away as a Stripe refund would. */
export const useTestRefund = () => useBillingChange(() => api.post<BillingOverview>('/api/billing/test-refund'));
export const useChangePlan = () => useBillingChange((input: ChangePlanInput) => api.post<BillingOverview>('/api/billing/change-plan', input));
