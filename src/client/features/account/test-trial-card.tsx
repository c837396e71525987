import { FastForward } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useTestEndTrial } from '../../api/billing';
import { saveWithToast, SectionCard } from './account-ui';

/**
 * TEST MODE payments only, for the owner while the trial runs (docs/decisions/0154): skip to the
 * trial's end to see what happens then, as Stripe's test clocks let a test account skip ahead.
 */
export function TestTrialCard({ paidTrial }: { paidTrial: boolean }) {
  const endTrial = useTestEndTrial();
  const onEnd = () =>
    saveWithToast(() => endTrial.mutateAsync(undefined), {
      title: 'Trial ended (test mode)',
      description: paidTrial
        ? 'The first payment of your plan was taken (test mode: no money moved).'
        : 'Your organization is on the Free plan now: 1 seat, with the watermark. Nothing was deleted.',
    });
  return (
    <SectionCard
      id="test-trial"
      title="Skip ahead (test mode)"
      description="Payments run in test mode, so you can end the trial now instead of waiting for its last day."
    >
      <div className="flex flex-wrap items-center gap-4">
        <p className="min-w-0 flex-1 basis-64 text-sm text-slate-600">
          {paidTrial
            ? 'Ending the trial takes the first payment of the plan you chose at once, as on the trial’s last day.'
            : 'With no plan bought, the organization moves to the Free plan: 1 seat, the watermark, and no team features. Nothing anyone made is deleted.'}
        </p>
        <Button variant="secondary" onClick={() => void onEnd()} disabled={endTrial.isPending}>
          <FastForward className="h-4 w-4" aria-hidden="true" />
          End trial now (test mode)
        </Button>
      </div>
    </SectionCard>
  );
}
