import type { BillingPeriod, Plan } from '../../../shared/billing/plans';

export type AnnualDisplay = 'per-year' | 'per-month';

/**
 * The figure a card shows. The pricing page shows annual plans per year ($190/year); the landing
 * page shows them per month ($15/month), as spec section 9 gives both.
 */
export function displayedPrice(
  plan: Plan,
  period: BillingPeriod,
  annualDisplay: AnnualDisplay,
  /** The free days this reader would get: the plan's trial for a visitor, fewer or none for an account. */
  trialDays = plan.trialDays,
): { amount: number; unit: string; note: string | null } {
  if (plan.price.monthly === 0) return { amount: 0, unit: '/month', note: 'Free forever' };
  const trial =
    trialDays <= 0
      ? null
      : trialDays === plan.trialDays
        ? `${trialDays}-day free trial`
        : `${trialDays} ${trialDays === 1 ? 'day' : 'days'} free`;
  if (period === 'monthly') return { amount: plan.price.monthly, unit: '/month', note: trial ?? 'Charged today' };
  if (annualDisplay === 'per-month') {
    return {
      amount: plan.annualPerMonthDisplay,
      unit: '/month',
      note: `$${plan.price.annual.toLocaleString('en-US')} billed yearly`,
    };
  }
  return { amount: plan.price.annual, unit: '/year', note: trial ? `Billed yearly · ${trial}` : 'Billed yearly' };
}
