import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConnectBody,
  DryRunEntry,
  MySignatureView,
  PersonEdit,
  PushTarget,
  TemplateBody,
  WorkspaceOverview,
} from '../../../shared/api/workspace';
import { api } from '../../lib/api';

export const WORKSPACE_KEY = ['/api/workspace'] as const;
export const MY_WORKSPACE_KEY = ['/api/workspace/me'] as const;

/** The admin view; polled while pushes or a sync are under way so statuses move on their own. */
export const useWorkspace = (enabled: boolean, awaitingSync = false) =>
  useQuery({
    queryKey: WORKSPACE_KEY,
    queryFn: () => api.get<WorkspaceOverview>('/api/workspace'),
    enabled,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      return awaitingSync || data.people.some((p) => p.pushStatus === 'pending') || data.queue.pending > 0
        ? 1500
        : false;
    },
  });

export const useMyWorkspaceSignature = (enabled: boolean) =>
  useQuery({ queryKey: MY_WORKSPACE_KEY, queryFn: () => api.get<MySignatureView>('/api/workspace/me'), enabled });

function useWorkspaceMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: WORKSPACE_KEY }),
        queryClient.invalidateQueries({ queryKey: MY_WORKSPACE_KEY }),
      ]);
    },
  });
}

export const useConnect = () =>
  useWorkspaceMutation((input: ConnectBody) => api.post<{ clientId: string }>('/api/workspace/connection', input));
export const useConnectTestMode = () =>
  useWorkspaceMutation(() => api.post<{ clientId: string }>('/api/workspace/connection/test-mode'));
export const useCheckConnection = () =>
  useWorkspaceMutation(() => api.post<{ ok: boolean; message: string }>('/api/workspace/connection/check'));
export const useDisconnect = () =>
  useWorkspaceMutation(() => api.delete<{ connected: false }>('/api/workspace/connection'));
export const useSync = () =>
  useWorkspaceMutation(() => api.post<{ queued: boolean; message: string }>('/api/workspace/sync'));
export const useSaveTemplate = () =>
  useWorkspaceMutation((input: TemplateBody) => api.put<{ repushQueued: number }>('/api/workspace/template', input));
export const usePush = () =>
  useWorkspaceMutation((input: { target: PushTarget; dryRun: boolean }) =>
    api.post<{ dryRun: true; people: DryRunEntry[] } | { dryRun: false; queued: number }>('/api/workspace/push', input),
  );
export const useEditMine = () =>
  useWorkspaceMutation((input: PersonEdit) => api.put<MySignatureView>('/api/workspace/me', input));
