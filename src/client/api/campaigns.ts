import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignsApi, type CampaignBody } from '../../shared/api/campaigns';
import { callApi } from '../lib/api-client';
import { campaignClicksKey, queryKeys } from './keys';

/** The organization's campaigns and the rules an audience may name (owners and admins). */
export const useCampaigns = () =>
  useQuery({ queryKey: queryKeys.campaigns, queryFn: () => callApi(campaignsApi.list) });

function useCampaignMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.campaigns }),
        // A change to a running campaign pushes people again: their statuses move on the Workspace card.
        queryClient.invalidateQueries({ queryKey: queryKeys.workspace }),
      ]);
    },
  });
}

export const useCreateCampaign = () =>
  useCampaignMutation((body: CampaignBody) => callApi(campaignsApi.create, { body }));
export const useUpdateCampaign = () =>
  useCampaignMutation(({ id, body }: { id: string; body: CampaignBody }) =>
    callApi(campaignsApi.update, { params: { id }, body }),
  );
export const useEndCampaign = () => useCampaignMutation((id: string) => callApi(campaignsApi.end, { params: { id } }));
export const useDeleteCampaign = () =>
  useCampaignMutation((id: string) => callApi(campaignsApi.remove, { params: { id } }));

/** A campaign's clicks through its banner's redirect: per day, in all, by rule. */
export const useCampaignClicks = (id: string) =>
  useQuery({ queryKey: campaignClicksKey(id), queryFn: () => callApi(campaignsApi.clicks, { params: { id } }) });

/** Where the CSV of a campaign's clicks downloads from (a plain link: the session cookie goes with it). */
export const campaignClicksCsvUrl = (id: string) => `/api/campaigns/${encodeURIComponent(id)}/clicks.csv`;
