import { CreditCard, FlaskConical, Loader2, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { TestPaymentView } from '../../../shared/billing/billing-types';
import { formatUsd } from '../../../shared/billing/checkout-quote';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { toAppPath } from './app-path';
import { cancelTestPayment, payTestPayment, useTestPayment } from '../../api/billing';
import { daysUntil } from '../../../shared/duration';
import { shortDate } from '../../../shared/billing/purchase-words';

const FIELD = 'block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-700';

function headline(p: TestPaymentView): { title: string; sub: string; first: string | null } {
  const every = p.billingPeriod === 'annual' ? 'per year' : 'per month';
  if (p.kind === 'lifetime')
    return {
      title: `${formatUsd(p.dueToday)} one-time`,
      sub: `Lifetime access to SignaturePro ${p.planName}`,
      first: null,
    };
  if (p.firstPaymentOn) {
    // The free days are the organization's trial's (0151): the first payment comes when it ends.
    const days = daysUntil(Date.parse(p.firstPaymentOn));
    return {
      title: `${days} ${days === 1 ? 'day' : 'days'} free`,
      sub: `Then ${formatUsd(p.recurringTotal)} ${every}`,
      first: `Your first payment is on ${shortDate(p.firstPaymentOn)}.`,
    };
  }
  return { title: `${formatUsd(p.recurringTotal)} ${every}`, sub: `SignaturePro ${p.planName}`, first: null };
}

/**
 * The built-in TEST MODE payment page in place of Stripe Checkout when no Stripe key is configured: clearly test mode,
 * Pay and Cancel. Pay goes through the server's normal fulfilment, then on to the success page.
 */
export function TestPaymentPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isPending } = useTestPayment(id);
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);

  useEffect(() => {
    document.title = 'Test payment — SignaturePro';
  }, []);

  const go = (url: string) => {
    const path = toAppPath(url);
    if (path) navigate(path);
    else window.location.assign(url);
  };

  const act = async (action: 'pay' | 'cancel') => {
    setBusy(action);
    try {
      const { redirectUrl } = await (action === 'pay' ? payTestPayment(id) : cancelTestPayment(id));
      go(redirectUrl);
    } catch (err) {
      setBusy(null);
      toast({
        title: 'Payment Failed',
        description: errorMessage(err, 'Failed to process payment'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="min-h-full bg-slate-100">
      <div
        role="note"
        className="bg-[repeating-linear-gradient(135deg,#f59e0b_0_14px,#fbbf24_14px_28px)] px-4 py-2.5 text-center text-sm font-semibold text-amber-950 shadow"
      >
        <span className="inline-flex items-center gap-2 rounded bg-amber-50/90 px-3 py-1">
          <FlaskConical className="h-4 w-4" aria-hidden="true" />
          TEST MODE: no real card is charged and no money moves
        </span>
      </div>
      <main className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:py-16">
        {isPending && (
          <div className="col-span-full flex justify-center py-20" role="status" aria-label="Loading">
            <Loader2 className="h-6 w-6 animate-spin text-brand" aria-hidden="true" />
          </div>
        )}
        {error && <NotFound error={error} />}
        {data && (
          <>
            <TestSummary data={data} />

            <section aria-label="Pay" className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
              <div className="flex items-center justify-between">
                <h2 className="text-lg font-semibold text-slate-900">Pay with card</h2>
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-800">
                  Test
                </span>
              </div>
              <TestCardFields email={data.email} />

              {data.status === 'open' ? (
                <>
                  <Button
                    size="lg"
                    className="mt-6 w-full text-base"
                    disabled={busy !== null}
                    onClick={() => act('pay')}
                  >
                    {busy === 'pay' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                    {busy === 'pay'
                      ? 'Processing...'
                      : data.kind === 'lifetime'
                        ? `Pay ${formatUsd(data.dueToday)}`
                        : data.firstPaymentOn
                          ? 'Start trial'
                          : 'Pay'}
                  </Button>
                  <Button
                    variant="ghost"
                    className="mt-2 w-full"
                    disabled={busy !== null}
                    onClick={() => act('cancel')}
                  >
                    Cancel and go back
                  </Button>
                </>
              ) : data.status === 'complete' ? (
                <div className="mt-6 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900">
                  This payment is already complete.{' '}
                  <button type="button" className="font-semibold underline" onClick={() => go(data.successUrl)}>
                    Continue
                  </button>
                </div>
              ) : (
                <div className="mt-6 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
                  This payment page was canceled or has expired.{' '}
                  <Link to="/pricing" className="font-semibold text-brand underline">
                    Start again
                  </Link>
                </div>
              )}
              <p className="mt-6 flex items-center justify-center gap-1.5 text-xs text-slate-500">
                <Lock className="h-3.5 w-3.5" aria-hidden="true" />
                Set STRIPE_SECRET_KEY on the server to take real payments with Stripe.
              </p>
            </section>
          </>
        )}
      </main>
    </div>
  );
}

/** What the test payment buys: the headline, its first payment date and the lines due today. */
function TestSummary({ data }: { data: TestPaymentView }) {
  const { title, sub, first } = headline(data);
  return (
    <section aria-labelledby="test-summary" className="lg:pt-6">
      <p className="text-sm font-semibold text-brand">SignaturePro</p>
      <p className="mt-6 text-sm font-medium text-slate-500">
        {data.kind === 'lifetime' ? 'Buy' : 'Try'} SignaturePro {data.planName}
      </p>
      <h1 id="test-summary" className="mt-1 text-4xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-slate-600">{sub}</p>
      {first && (
        <p className="mt-3 rounded-lg bg-blue-50 px-3 py-2 text-sm font-medium text-blue-900 ring-1 ring-blue-200">
          {first}
        </p>
      )}
      <dl className="mt-8 grid gap-3 border-t border-slate-200 pt-6 text-sm">
        {data.lines.map((line) => (
          <div key={line.name} className="flex justify-between gap-4 text-slate-700">
            <dt>
              {line.name}
              {line.quantity > 1 ? ` × ${line.quantity}` : ''}
            </dt>
            <dd className="tabular-nums">{formatUsd(line.unitAmount * line.quantity)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 font-semibold text-slate-900">
          <dt>Total due today</dt>
          <dd className="tabular-nums">{formatUsd(data.dueToday)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The e-mail and a fixed test card, read-only: nothing typed on a test page is ever used. */
function TestCardFields({ email }: { email: string }) {
  return (
    <div className="mt-5 grid gap-4">
      <label className="grid gap-1.5 text-sm font-medium text-slate-700">
        Email
        <input readOnly value={email} className={FIELD} />
      </label>
      <div className="grid gap-1.5 text-sm font-medium text-slate-700">
        <span>Card information</span>
        <div className="relative">
          <CreditCard
            className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            readOnly
            aria-label="Test card number"
            value="4242 4242 4242 4242"
            className={`${FIELD} rounded-b-none`}
          />
        </div>
        <div className="-mt-1.5 grid grid-cols-2">
          <input readOnly aria-label="Expiry" value="12 / 34" className={`${FIELD} rounded-r-none rounded-t-none`} />
          <input
            readOnly
            aria-label="CVC"
            value="123"
            className={`${FIELD} rounded-l-none rounded-t-none border-l-0`}
          />
        </div>
        <p className="text-xs font-normal text-slate-500">A fixed test card: nothing you type here would be used.</p>
      </div>
    </div>
  );
}

function NotFound({ error }: { error: unknown }) {
  return (
    <div className="col-span-full rounded-2xl bg-white p-8 text-center shadow-sm">
      <h1 className="text-xl font-semibold">This test payment was not found</h1>
      <p className="mt-2 text-sm text-slate-600">{errorMessage(error, 'Please start checkout again.')}</p>
      <Link
        to="/pricing"
        className="mt-6 inline-flex h-10 items-center rounded-md bg-brand px-4 text-sm font-medium text-white"
      >
        Back to pricing
      </Link>
    </div>
  );
}
