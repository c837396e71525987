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
): { amount: number; unit: string; note: string | null } {
  if (plan.price.monthly === 0) return { amount: 0, unit: '/month', note: 'Free forever' };
  if (period === 'monthly')
    return { amount: plan.price.monthly, unit: '/month', note: `${plan.trialDays}-day free trial` };
  if (annualDisplay === 'per-month') {
    return {
      amount: plan.annualPerMonthDisplay,
      unit: '/month',
      note: `$${plan.price.annual.toLocaleString('en-US')} billed yearly`,
    };
  }
  return { amount: plan.price.annual, unit: '/year', note: `Billed yearly · ${plan.trialDays}-day free trial` };
}
