import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  workspaceApi,
  type ConfirmRemovalBody,
  type ConnectBody,
  type OperatorConnectBody,
  type PersonEdit,
  type PushTarget,
  type TemplateBody,
} from '../../shared/api/workspace';
import { workspacePushApi, type AliasesBody, type RestorePersonBody } from '../../shared/api/workspace-push';
import { callApi } from '../lib/api-client';
import { queryKeys } from './keys';

/** The admin view; polled while pushes or a sync are under way so statuses move on their own. */
export const useWorkspace = (enabled: boolean, awaitingSync = false) =>
  useQuery({
    queryKey: queryKeys.workspace,
    queryFn: () => callApi(workspaceApi.overview),
    enabled,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      return awaitingSync ||
        data.people.some((p) => p.pushStatus === 'pending') ||
        data.queue.pending > 0 ||
        (data.lastPush?.pending ?? 0) > 0 ||
        (data.lastRestore?.pending ?? 0) > 0
        ? 1500
        : false;
    },
  });

export const useMyWorkspaceSignature = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.myWorkspace, queryFn: () => callApi(workspaceApi.mine), enabled });

function useWorkspaceMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.workspace }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myWorkspace }),
      ]);
    },
  });
}

export const useConnect = () =>
  useWorkspaceMutation((input: ConnectBody) => callApi(workspaceApi.connect, { body: input }));
export const useConnectOperator = () =>
  useWorkspaceMutation((input: OperatorConnectBody) => callApi(workspaceApi.connectOperator, { body: input }));
export const useConnectTestMode = () => useWorkspaceMutation(() => callApi(workspaceApi.connectTestMode));
export const useCheckConnection = () => useWorkspaceMutation(() => callApi(workspaceApi.check));
export const useDisconnect = () => useWorkspaceMutation(() => callApi(workspaceApi.disconnect));
export const useSync = () => useWorkspaceMutation(() => callApi(workspaceApi.sync));
export const useConfirmRemoval = () =>
  useWorkspaceMutation((input: ConfirmRemovalBody) => callApi(workspaceApi.confirmRemoval, { body: input }));
export const useSaveTemplate = () =>
  useWorkspaceMutation((input: TemplateBody) => callApi(workspaceApi.saveTemplate, { body: input }));
export const usePush = () =>
  useWorkspaceMutation((input: { target: PushTarget; dryRun: boolean }) => callApi(workspaceApi.push, { body: input }));
export const useEditMine = () =>
  useWorkspaceMutation((input: PersonEdit) => callApi(workspaceApi.editMine, { body: input }));
export const useSetWriteAliases = () =>
  useWorkspaceMutation((input: AliasesBody) => callApi(workspacePushApi.setAliases, { body: input }));
/** "Restore previous" for one person, and for a whole push (decision 0138). */
export const useRestorePerson = () =>
  useWorkspaceMutation((input: RestorePersonBody) => callApi(workspacePushApi.restorePerson, { body: input }));
export const useRestorePush = () =>
  useWorkspaceMutation((pushId: string) => callApi(workspacePushApi.restorePush, { params: { id: pushId } }));
