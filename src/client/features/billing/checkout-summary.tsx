import { Minus, Plus, Sparkles } from 'lucide-react';
import { formatUsd, type CheckoutQuote } from '../../../shared/billing/checkout-quote';
import { EXTRA_SEAT_PRICE, MAX_SELF_SERVE_SEATS, type BillingPeriod, type Plan } from '../../../shared/billing/plans';
import { BillingToggle } from '../../components/pricing/billing-toggle';
import { daysAfter } from '../../../shared/duration';

const perUnit = (interval: 'month' | 'year' | null) =>
  interval === 'month' ? '/month' : interval === 'year' ? '/year' : ' one-time';

/** The first charge's date: the organization's trial end when known, else the catalogue's days from now. */
function trialEndLabel(days: number, trialEnd: string | null | undefined): string {
  return (trialEnd ? new Date(trialEnd) : daysAfter(Date.now(), days)).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** The order summary: plan, billing period, seats, and what is due today and later. Free has no quote. */
export function CheckoutSummary(props: {
  plan: Plan;
  period: BillingPeriod;
  onPeriodChange: (next: BillingPeriod) => void;
  seats: number;
  onSeatsChange: (next: number) => void;
  /** Seats the buyer's organization fills now, when this purchase sets its seats. */
  seatsInUse?: number | null;
  quote: CheckoutQuote | null;
  /** The end of the organization's running trial, when this purchase would start in it. */
  trialEnd?: string | null;
}) {
  const { plan, quote } = props;
  const lifetime = quote?.kind === 'lifetime';
  return (
    <section
      aria-labelledby="summary-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="summary-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Order summary
      </h2>
      <div className="mt-4 flex items-start justify-between gap-4">
        <div>
          <p className="text-2xl font-bold text-slate-900">SignaturePro {plan.name}</p>
          <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
        </div>
        {quote && !lifetime && quote.trialDays > 0 && (
          <span className="shrink-0 rounded-full bg-blue-50 px-3 py-1 text-xs font-semibold text-brand ring-1 ring-blue-200">
            {quote.trialDays}-day free trial
          </span>
        )}
        {lifetime && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
            <Sparkles className="h-3 w-3" aria-hidden="true" /> Lifetime deal
          </span>
        )}
      </div>

      {quote && !lifetime && (
        <div className="mt-6 grid gap-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span className="text-sm font-medium text-slate-700">Billing</span>
            <BillingToggle size="sm" value={props.period} onChange={props.onPeriodChange} />
          </div>
          <SeatPicker period={props.period} seats={props.seats} onSeatsChange={props.onSeatsChange} />
          {props.seatsInUse != null && props.seats < props.seatsInUse && (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200">
              Your organization fills {props.seatsInUse} seats now (members and invitations). With fewer, everyone
              stays, but no one new can join until seats are free.
            </p>
          )}
        </div>
      )}

      <dl className="mt-6 grid gap-2 border-t border-slate-100 pt-5 text-sm">
        {quote ? (
          quote.lines.map((line) => (
            <div key={line.name} className="flex justify-between gap-4 text-slate-700">
              <dt>
                {line.name}
                {line.quantity > 1 ? ` × ${line.quantity}` : ''}
              </dt>
              <dd className="tabular-nums">
                {formatUsd(line.unitAmount * line.quantity)}
                {perUnit(line.interval)}
              </dd>
            </div>
          ))
        ) : (
          <div className="flex justify-between text-slate-700">
            <dt>SignaturePro Free</dt>
            <dd>$0</dd>
          </div>
        )}
      </dl>

      <DueToday plan={plan} period={props.period} quote={quote} trialEnd={props.trialEnd} />
    </section>
  );
}

function SeatPicker({
  period,
  seats,
  onSeatsChange,
}: {
  period: BillingPeriod;
  seats: number;
  onSeatsChange: (next: number) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <span className="text-sm font-medium text-slate-700" id="seats-label">
          Team seats
        </span>
        <p className="text-xs text-slate-500">
          1 included · extra seats {formatUsd(EXTRA_SEAT_PRICE[period] * 100)}
          {period === 'monthly' ? '/month' : '/year'} each
        </p>
      </div>
      <div className="flex items-center gap-1" role="group" aria-labelledby="seats-label">
        <button
          type="button"
          aria-label="Remove a seat"
          disabled={seats <= 1}
          onClick={() => onSeatsChange(seats - 1)}
          className="flex h-8 w-8 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
        >
          <Minus className="h-3.5 w-3.5" aria-hidden="true" />
        </button>
        <output aria-live="polite" className="w-8 text-center text-sm font-semibold tabular-nums">
          {seats}
        </output>
        <button
          type="button"
          aria-label="Add a seat"
          disabled={seats >= MAX_SELF_SERVE_SEATS}
          onClick={() => onSeatsChange(seats + 1)}
          className="flex h-8 w-8 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
        >
          <Plus className="h-3.5 w-3.5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

/** What is due today, and what follows it: the trial's first charge, a renewal, or nothing. */
function DueToday({
  plan,
  period,
  quote,
  trialEnd,
}: {
  plan: Plan;
  period: BillingPeriod;
  quote: CheckoutQuote | null;
  trialEnd?: string | null;
}) {
  const lifetime = quote?.kind === 'lifetime';
  return (
    <div className="mt-5 rounded-xl bg-slate-50 p-4">
      <div className="flex items-baseline justify-between">
        <span className="text-sm font-semibold text-slate-900">Due today</span>
        <span className="text-2xl font-bold tabular-nums text-slate-900">{formatUsd(quote?.dueToday ?? 0)}</span>
      </div>
      {quote && !lifetime && quote.trialDays === 0 && (
        <p className="mt-1 text-xs text-slate-600">
          No free trial is left for your organization, so the first {period === 'monthly' ? 'month' : 'year'} is charged
          today; it renews until you cancel.
        </p>
      )}
      {quote && !lifetime && quote.trialDays > 0 && (
        <p className="mt-1 text-xs text-slate-600">
          Then {formatUsd(quote.recurringTotal)}
          {period === 'monthly' ? ' per month' : ' per year'} from {trialEndLabel(quote.trialDays, trialEnd)}, unless
          you cancel before.
        </p>
      )}
      {lifetime && (
        <p className="mt-1 text-xs text-slate-600">One payment, lifetime access to {plan.name}. No renewals.</p>
      )}
      {!quote && (
        <p className="mt-1 text-xs text-slate-600">Free forever. Your signature carries a small SignaturePro line.</p>
      )}
    </div>
  );
}
