import { ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '../../../shared/billing/checkout-quote';
import { paidUntil } from '../../../shared/billing/paid-until';
import { Button } from '../../components/ui/button';
import { trialDaysLeft } from '../../api/session';
import { formatDate, LoadError, SectionCard, Spinner, toastError } from './account-ui';
import { MANAGE_SUBSCRIPTION_ID, ManageSubscription } from './manage-subscription';
import { SeatMeter } from './seat-meter';
import { TestTrialCard } from './test-trial-card';
import { openBillingPortal, useBillingOverview } from '../../api/billing';
import { useOrganization } from '../../api/teams';

const PLAN_NAMES: Record<string, string> = { trial: 'Free trial', free: 'Free', standard: 'Standard', pro: 'Pro' };

const STATUS_TONE: Record<string, string> = {
  paid: 'bg-green-50 text-green-700 ring-green-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function BillingTab() {
  const org = useOrganization();
  const billing = useBillingOverview();
  const [opening, setOpening] = useState(false);

  if (org.isPending || billing.isPending) return <Spinner />;
  if (org.isError) return <LoadError error={org.error} retry={() => org.refetch()} />;
  if (billing.isError) return <LoadError error={billing.error} retry={() => billing.refetch()} />;
  const o = org.data;
  const b = billing.data;
  const sub = b.subscription;
  const isOwner = o.role === 'owner';

  const manage = async () => {
    setOpening(true);
    try {
      window.location.assign((await openBillingPortal()).url);
    } catch (error) {
      setOpening(false);
      toastError(error, 'The billing portal could not be opened. Please try again.');
    }
  };

  const hasActions = b.actions.cancel || b.actions.resume || b.actions.change;
  const showManage = () => {
    const card = document.getElementById(`${MANAGE_SUBSCRIPTION_ID}-title`);
    card?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    card?.closest('section')?.querySelector<HTMLElement>('button, select')?.focus({ preventScroll: true });
  };

  let renewal: ReactNode = '—';
  if (o.plan === 'trial' && o.trialEndsAt) {
    const left = trialDaysLeft(o.trialEndsAt);
    renewal = `Trial ends ${formatDate(o.trialEndsAt)} (${left} ${left === 1 ? 'day' : 'days'} left)`;
  } else if (sub?.cancelAtPeriodEnd && paidUntil(sub)) renewal = `Ends ${formatDate(paidUntil(sub))} (canceled)`;
  else if (sub?.providerStatus === 'trialing' && sub.trialEndsAt)
    renewal = `Trial ends ${formatDate(sub.trialEndsAt)}, then billed ${sub.billingPeriod === 'annual' ? 'annually' : 'monthly'}`;
  else if (sub?.currentPeriodEnd) renewal = `Renews ${formatDate(sub.currentPeriodEnd)}`;
  else if (b.subscriptionStatus === 'lifetime') renewal = 'Never: lifetime access';

  return (
    <div className="grid gap-6">
      <SectionCard
        id="plan"
        title="Plan"
        description={
          isOwner ? 'Your organization’s plan and seats.' : 'Your organization’s plan. Its owner manages billing.'
        }
        footer={
          <div className="flex flex-wrap items-center justify-end gap-2 rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">
            {b.provider === 'test' && (
              <span className="mr-auto text-xs text-slate-500">Test mode: no real payments are taken.</span>
            )}
            {!isOwner && !b.hasLivePlan ? (
              <span className="text-sm text-slate-600">
                Ask your organization&apos;s owner to change the plan or add seats.
              </span>
            ) : (
              <Link
                to="/pricing"
                className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-100"
              >
                {b.hasLivePlan ? 'Compare plans' : 'Change plan'}
              </Link>
            )}
            {b.canManageBilling ? (
              <Button onClick={manage} disabled={opening}>
                {opening ? 'Opening...' : 'Manage or cancel'}
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
              </Button>
            ) : (
              hasActions && (
                // Test mode has no hosted portal: its equivalent is the card below.
                <Button onClick={showManage}>Manage or cancel</Button>
              )
            )}
          </div>
        }
      >
        <dl className="grid grid-cols-2 gap-5 lg:grid-cols-4">
          <Detail label="Plan">
            <span className="text-lg font-semibold">{PLAN_NAMES[o.plan] ?? o.plan}</span>
          </Detail>
          <Detail label="Status">
            <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
              {o.plan === 'trial' ? 'Trial' : b.statusLabel}
            </span>
          </Detail>
          <Detail label={o.plan === 'trial' || sub?.providerStatus === 'trialing' ? 'Trial' : 'Renewal'}>
            {renewal}
          </Detail>
          <Detail label="Billing">{sub ? (sub.billingPeriod === 'annual' ? 'Annual' : 'Monthly') : '—'}</Detail>
        </dl>
        <div className="mt-6 border-t border-slate-100 pt-5">
          <SeatMeter seats={o.seats} />
        </div>
      </SectionCard>

      <ManageSubscription billing={b} />

      {b.actions.testEndTrial && <TestTrialCard paidTrial={o.plan !== 'trial'} />}

      <SectionCard id="invoices" title="Invoices" description="Every payment on your account.">
        {b.payments.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
            No invoices yet.
          </p>
        ) : (
          <div className="-mx-5 overflow-x-auto sm:mx-0">
            <table className="w-full min-w-[520px] text-left text-sm">
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="px-5 py-2 font-medium sm:px-3">Date</th>
                  <th className="px-3 py-2 font-medium">Description</th>
                  <th className="px-3 py-2 text-right font-medium">Amount</th>
                  <th className="px-3 py-2 font-medium">Status</th>
                  <th className="px-3 py-2 font-medium">
                    <span className="sr-only">Invoice</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {b.payments.map((p) => (
                  <tr key={p.id}>
                    <td className="whitespace-nowrap px-5 py-3 text-slate-700 sm:px-3">{formatDate(p.date)}</td>
                    <td className="px-3 py-3 text-slate-900">{p.description || 'Payment'}</td>
                    <td className="whitespace-nowrap px-3 py-3 text-right font-medium tabular-nums">
                      {formatUsd(p.amount)}
                    </td>
                    <td className="px-3 py-3">
                      <span
                        className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1 ${STATUS_TONE[p.status] ?? 'bg-slate-100 text-slate-700 ring-slate-200'}`}
                      >
                        {p.status}
                      </span>
                    </td>
                    <td className="px-3 py-3 text-right">
                      {p.url && (
                        <a
                          href={p.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-sm font-medium text-brand hover:underline"
                        >
                          Download
                        </a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SectionCard>
    </div>
  );
}
