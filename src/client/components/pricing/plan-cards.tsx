import { Check, Loader2 } from 'lucide-react';
import { PLANS, planCardLines, type BillingPeriod, type PlanId } from '../../../shared/billing/plans';
import { displayedPrice, type AnnualDisplay } from './plan-price';

export type PlanCardsProps = {
  billingPeriod: BillingPeriod;
  /** The landing page passes 'per-month'; the pricing page keeps the default 'per-year'. */
  annualDisplay?: AnnualDisplay;
  onChoose: (planId: PlanId) => void;
  /** The plan whose action is running (free plan activation): its button shows progress. */
  busyPlanId?: PlanId | null;
  /** The signed-in person's plan, marked 'Your plan'. */
  currentPlanId?: PlanId | null;
  /** Overrides a card's call to action, e.g. 'Continue with Free' for someone already on Free. */
  ctaFor?: (planId: PlanId) => string | undefined;
  /** Free days a paid plan would start with for this reader (default: the plan's own trial). */
  trialDays?: number;
  headingLevel?: 'h2' | 'h3';
};

/**
 * The three plan cards from the shared catalogue. Router-free on purpose: the landing page renders
 * them in the light public-site bundle, the pricing page inside the app.
 */
export function PlanCards({
  billingPeriod,
  annualDisplay = 'per-year',
  onChoose,
  busyPlanId = null,
  currentPlanId = null,
  ctaFor,
  trialDays,
  headingLevel = 'h2',
}: PlanCardsProps) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-6 md:grid-cols-3 md:items-stretch">
      {PLANS.map((plan) => {
        const price = displayedPrice(plan, billingPeriod, annualDisplay, trialDays);
        const busy = busyPlanId === plan.id;
        const current = currentPlanId === plan.id;
        return (
          <li
            key={plan.id}
            data-plan={plan.id}
            className={`relative flex flex-col rounded-2xl bg-white p-7 ${
              plan.popular ? 'shadow-xl ring-2 ring-brand md:-my-3 md:py-10' : 'border border-slate-200 shadow-sm'
            }`}
          >
            {plan.popular && (
              <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white shadow">
                Most popular
              </span>
            )}
            <div className="flex items-center justify-between gap-2">
              <Heading className="text-lg font-semibold text-slate-900">{plan.name}</Heading>
              {current && (
                <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200">
                  Your plan
                </span>
              )}
            </div>
            <p className="mt-2 min-h-10 text-sm text-slate-600">{plan.description}</p>
            <p className="mt-6 flex items-baseline gap-1">
              <span className="text-5xl font-bold tracking-tight text-slate-900">
                ${price.amount.toLocaleString('en-US')}
              </span>
              <span className="text-sm font-medium text-slate-500">{price.unit}</span>
            </p>
            <p className="mt-1 h-5 text-xs text-slate-500">{price.note}</p>
            <button
              type="button"
              onClick={() => onChoose(plan.id)}
              disabled={busyPlanId !== null}
              aria-busy={busy}
              className={`mt-6 inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70 ${
                plan.popular
                  ? 'bg-brand text-white hover:bg-brand-dark'
                  : 'border border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50'
              }`}
            >
              {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
              {busy ? 'Activating...' : (ctaFor?.(plan.id) ?? plan.cta)}
            </button>
            <ul className="mt-7 grid gap-3 border-t border-slate-100 pt-6 text-sm text-slate-700">
              {planCardLines(plan).map((feature) => (
                <li key={feature} className="flex items-start gap-2.5">
                  <Check
                    className={`mt-0.5 h-4 w-4 shrink-0 ${plan.popular ? 'text-brand' : 'text-emerald-600'}`}
                    aria-hidden="true"
                  />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
