import { useState } from 'react';
import type { CampaignView } from '../../../shared/api/campaigns';
import { Button } from '../../components/ui/button';
import { useCampaigns, useDeleteCampaign, useEndCampaign } from '../../api/campaigns';
import { toast } from '../../lib/toast-store';
import { LoadError, SectionCard, Spinner, toastError } from './account-ui';
import { CampaignClicksChart } from './campaign-clicks-chart';
import { CampaignForm } from './campaign-form';

const STATUS_WORDS: Record<CampaignView['status'], string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  ended: 'Ended',
};

const when = (local: string) => local.replace('T', ' ');

/**
 * "Campaigns" (docs/decisions/0222-campaigns.md): a banner under the signatures of an audience for set
 * dates, in Gmail, in Copy to Gmail and in every preview; at most one per person at a time.
 */
export function CampaignsCard() {
  const campaigns = useCampaigns();
  const remove = useDeleteCampaign();
  const end = useEndCampaign();
  // One form open at a time: 'new', a campaign's id (edit), 'again:' and an ended one's id, or none.
  const [open, setOpen] = useState<string | null>(null);
  const onDelete = async (id: string) => {
    try {
      await remove.mutateAsync(id);
      toast({ title: 'Campaign deleted', variant: 'success' });
    } catch (error) {
      toastError(error, 'The campaign could not be deleted. Please try again.');
    }
  };
  const onEnd = async (id: string) => {
    try {
      await end.mutateAsync(id);
      toast({ title: 'Campaign ended', description: 'Its banner is taken out of Gmail now.', variant: 'success' });
    } catch (error) {
      toastError(error, 'The campaign could not be ended. Please try again.');
    }
  };
  return (
    <SectionCard
      id="campaigns"
      title="Campaigns"
      description="A banner under your people's signatures for set dates: pushed to Gmail at the start and taken out at the end, and shown in Copy to Gmail and every preview meanwhile."
    >
      {campaigns.isPending ? (
        <Spinner label="Loading campaigns…" />
      ) : campaigns.isError ? (
        <LoadError error={campaigns.error} retry={() => campaigns.refetch()} />
      ) : (
        <div className="grid gap-4">
          <p
            className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200"
            data-testid="campaign-rule"
          >
            {campaigns.data.overlapRule}
          </p>
          {campaigns.data.campaigns.length === 0 ? (
            <p className="text-sm text-slate-600">No campaigns yet.</p>
          ) : (
            <ul className="grid gap-3" data-testid="campaign-list">
              {campaigns.data.campaigns.map((c) => (
                <li key={c.id} className="grid gap-2 rounded-lg border border-slate-200 p-3 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <img src={c.imageUrl} alt={c.altText} className="max-h-12 max-w-full" />
                    <span className="font-medium text-slate-900">{c.altText}</span>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                      {STATUS_WORDS[c.status]}
                    </span>
                  </div>
                  <p className="text-slate-600">
                    {when(c.startsAt)} to {when(c.endsAt)} ({c.timeZone}) · {c.audienceWords}
                  </p>
                  <p className="break-all text-slate-500">{c.linkUrl}</p>
                  {c.status !== 'scheduled' && <CampaignClicksChart id={c.id} />}
                  {c.status === 'ended' && (
                    <p className="text-slate-600" data-testid="campaign-ended-note">
                      An ended campaign keeps its dates and its clicks. To show its banner again, Run again schedules a
                      copy with new dates.
                    </p>
                  )}
                  {open === c.id ? (
                    <CampaignForm data={campaigns.data} campaign={c} onDone={() => setOpen(null)} />
                  ) : open === `again:${c.id}` ? (
                    <CampaignForm data={campaigns.data} again={c} onDone={() => setOpen(null)} />
                  ) : (
                    <div className="flex flex-wrap gap-2">
                      {c.status === 'ended' ? (
                        <Button variant="secondary" size="sm" onClick={() => setOpen(`again:${c.id}`)}>
                          Run again<span className="sr-only"> campaign {c.altText}</span>
                        </Button>
                      ) : (
                        <Button variant="secondary" size="sm" onClick={() => setOpen(c.id)}>
                          Edit<span className="sr-only"> campaign {c.altText}</span>
                        </Button>
                      )}
                      {c.status === 'running' && (
                        <Button variant="secondary" size="sm" disabled={end.isPending} onClick={() => onEnd(c.id)}>
                          End now<span className="sr-only"> campaign {c.altText}</span>
                        </Button>
                      )}
                      <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onDelete(c.id)}>
                        Delete<span className="sr-only"> campaign {c.altText}</span>
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          {open === 'new' ? (
            <CampaignForm data={campaigns.data} onDone={() => setOpen(null)} />
          ) : (
            <div>
              <Button variant="secondary" onClick={() => setOpen('new')}>
                New campaign
              </Button>
            </div>
          )}
        </div>
      )}
    </SectionCard>
  );
}
