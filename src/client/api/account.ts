import { useMutation, useQuery } from '@tanstack/react-query';
import { accountApi } from '../../shared/api/account';
import type { ProfileInput } from '../../shared/validation/account-schemas';
import { callApi } from '../lib/api-client';
import { queryKeys } from './keys';
import { useReshape, useSave } from './cache';

/** The person's own account: profile, password, device sessions, leaving and deleting (spec section 7). */

export const useProfile = () =>
  useQuery({ queryKey: queryKeys.profile, queryFn: () => callApi(accountApi.getProfile) });
export const useSessions = () =>
  useQuery({ queryKey: queryKeys.sessions, queryFn: () => callApi(accountApi.listSessions) });

export const useSaveProfile = () =>
  useSave((input: ProfileInput) => callApi(accountApi.updateProfile, { body: input }), queryKeys.profile, [
    queryKeys.session,
  ]);

export const useChangePassword = () =>
  useSave(
    (input: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      callApi(accountApi.changePassword, { body: input }),
    null,
    [queryKeys.sessions],
  );
export const useSignOutOthers = () => useSave(() => callApi(accountApi.signOutOthers), null, [queryKeys.sessions]);
export const useSignOutSession = () =>
  useSave((id: string) => callApi(accountApi.signOutSession, { params: { id } }), null, [queryKeys.sessions]);

export const useLeaveOrganization = () =>
  useReshape((confirmation: string) => callApi(accountApi.leaveOrganization, { body: { confirmation } }));
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (input: { confirmation: string; password: string }) =>
      callApi(accountApi.deleteAccount, { body: input }),
  });
