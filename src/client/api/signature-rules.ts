import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signatureRulesApi, type OrganizationSignatureBody, type RuleSetBody } from '../../shared/api/signature-rules';
import { callApi } from '../lib/api-client';
import { queryKeys } from './keys';

/** The organization's signatures, its ordered rules, and which rule each person matched and why. */
export const useSignatureRules = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.signatureRules, queryFn: () => callApi(signatureRulesApi.overview), enabled });

/** How many people a change would move: asked before saving, writes nothing. */
export const previewRules = (body: RuleSetBody) => callApi(signatureRulesApi.preview, { body });

function useRulesMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.signatureRules }),
        // A saved change pushes people again: their statuses move on the Workspace card.
        queryClient.invalidateQueries({ queryKey: queryKeys.workspace }),
        queryClient.invalidateQueries({ queryKey: queryKeys.mySignatureRule }),
      ]);
    },
  });
}

export const useSaveRules = () =>
  useRulesMutation((input: RuleSetBody & { version: number }) => callApi(signatureRulesApi.save, { body: input }));
export const useCreateOrganizationSignature = () =>
  useRulesMutation((input: OrganizationSignatureBody) => callApi(signatureRulesApi.createSignature, { body: input }));
export const useDeleteOrganizationSignature = () =>
  useRulesMutation((id: string) => callApi(signatureRulesApi.deleteSignature, { params: { id } }));
export const useSetTeam = () =>
  useRulesMutation((input: { userId: string; team: string }) =>
    callApi(signatureRulesApi.setTeam, { params: { id: input.userId }, body: { team: input.team } }),
  );
