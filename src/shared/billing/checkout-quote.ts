import { LIFETIME_PRICE, LIFETIME_PROMOTION_CODE } from './lifetime';
import { EXTRA_SEAT_PRICE, getPlan, type BillingPeriod, type PaidPlanId } from './plans';

export type QuoteLine = {
  name: string;
  /** Cents per unit. */
  unitAmount: number;
  quantity: number;
  /** Recurring lines bill every month or year; one-time lines have none. */
  interval: 'month' | 'year' | null;
};

export type CheckoutQuote = {
  kind: 'subscription' | 'lifetime';
  planId: PaidPlanId;
  billingPeriod: BillingPeriod;
  seats: number;
  lines: QuoteLine[];
  /** Cents charged when checkout completes (0 during a trial). */
  dueToday: number;
  /** Cents charged every interval once the trial ends; 0 for lifetime. */
  recurringTotal: number;
  trialDays: number;
};

export type QuoteInput = {
  planId: PaidPlanId;
  billingPeriod: BillingPeriod;
  seats?: number;
  promotionCode?: string | null;
};

export const toCents = (dollars: number) => Math.round(dollars * 100);

/** Codes are compared the way the checkout field shows them: trimmed and uppercased. */
export function normalisePromotionCode(code: string | null | undefined): string | undefined {
  const value = (code ?? '').trim().toUpperCase();
  return value === '' ? undefined : value;
}

export function isLifetimePromotion(code: string | null | undefined): boolean {
  return normalisePromotionCode(code) === LIFETIME_PROMOTION_CODE;
}

/**
 * What a checkout costs, line by line, from the catalogue alone. The server builds the payment
 * provider's session from this; the checkout page shows the same numbers.
 */
export function quoteCheckout(input: QuoteInput): CheckoutQuote {
  const plan = getPlan(input.planId);
  const seats = Math.max(plan.includedSeats, Math.floor(input.seats ?? plan.includedSeats));
  if (isLifetimePromotion(input.promotionCode)) {
    return {
      kind: 'lifetime',
      planId: input.planId,
      billingPeriod: input.billingPeriod,
      seats: plan.includedSeats,
      lines: [
        {
          name: `SignaturePro ${plan.name}: lifetime access`,
          unitAmount: toCents(LIFETIME_PRICE),
          quantity: 1,
          interval: null,
        },
      ],
      dueToday: toCents(LIFETIME_PRICE),
      recurringTotal: 0,
      trialDays: 0,
    };
  }
  const interval = input.billingPeriod === 'monthly' ? 'month' : 'year';
  const lines: QuoteLine[] = [
    {
      name: `SignaturePro ${plan.name} (${input.billingPeriod === 'monthly' ? 'monthly' : 'annual'})`,
      unitAmount: toCents(plan.price[input.billingPeriod]),
      quantity: 1,
      interval,
    },
  ];
  const extraSeats = seats - plan.includedSeats;
  if (extraSeats > 0) {
    lines.push({
      name: 'Extra seat',
      unitAmount: toCents(EXTRA_SEAT_PRICE[input.billingPeriod]),
      quantity: extraSeats,
      interval,
    });
  }
  return {
    kind: 'subscription',
    planId: input.planId,
    billingPeriod: input.billingPeriod,
    seats,
    lines,
    dueToday: plan.trialDays > 0 ? 0 : lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0),
    recurringTotal: lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0),
    trialDays: plan.trialDays,
  };
}

/** '$19', '$1,990', '$0.50': whole dollars without cents, otherwise two decimals. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  const whole = Number.isInteger(dollars);
  return dollars.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
}
