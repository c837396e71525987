import { describe, expect, it } from 'vitest';
import { formatUsd, isLifetimePromotion, normalisePromotionCode, quoteCheckout } from './checkout-quote';
import { createCheckoutSchema } from './checkout-schema';
import {
  ANNUAL_SAVINGS_LABEL,
  EXTRA_SEAT_PRICE,
  INCLUDED_SEATS,
  MONEY_BACK_NOTE,
  PLANS,
  TRIAL_DAYS,
  TRIAL_SEATS,
  getPlan,
  planCardLines,
  planIdFromName,
} from './plans';
import { needsPlanChoice } from './plan-status';
import { describeSubscriptionStatus, SUBSCRIPTION_STATUSES } from './subscription-status';
import { shouldShowWatermark } from './watermark';

describe('plan catalogue (spec section 9)', () => {
  it('has Free, Standard and Pro at the spec prices', () => {
    expect(PLANS.map((p) => p.name)).toEqual(['Free', 'Standard', 'Pro']);
    expect(getPlan('free').price).toEqual({ monthly: 0, annual: 0 });
    expect(getPlan('standard').price).toEqual({ monthly: 19, annual: 190 });
    expect(getPlan('pro').price).toEqual({ monthly: 199, annual: 1990 });
    expect(getPlan('standard').annualPerMonthDisplay).toBe(15);
    expect(getPlan('pro').annualPerMonthDisplay).toBe(159);
  });

  it('carries the spec constants', () => {
    expect(ANNUAL_SAVINGS_LABEL).toBe('Save 20%');
    expect(MONEY_BACK_NOTE).toBe('All plans include a 30-day money-back guarantee');
    expect(TRIAL_DAYS).toBe(7);
    expect(TRIAL_SEATS).toBe(10);
    expect(INCLUDED_SEATS).toBe(1);
    expect(EXTRA_SEAT_PRICE.monthly).toBe(19);
    expect(planCardLines(getPlan('free'))).toContain('1 design with watermark');
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['standard']);
    expect(getPlan('standard').cta).toBe('Start 7-Day Free Trial');
  });

  it('maps stored plan names back to ids', () => {
    expect(planIdFromName('Pro')).toBe('pro');
    expect(planIdFromName('Enterprise')).toBeUndefined();
  });
});

describe('quoteCheckout', () => {
  it('prices a monthly Standard subscription with a 7-day trial and nothing due today', () => {
    const q = quoteCheckout({ planId: 'standard', billingPeriod: 'monthly' });
    expect(q).toMatchObject({ kind: 'subscription', dueToday: 0, recurringTotal: 1900, trialDays: 7, seats: 1 });
    expect(q.lines).toEqual([
      { name: 'SignaturePro Standard (monthly)', unitAmount: 1900, quantity: 1, interval: 'month' },
    ]);
  });

  it('prices annual Pro with extra seats from the catalogue', () => {
    const q = quoteCheckout({ planId: 'pro', billingPeriod: 'annual', seats: 3 });
    expect(q.lines).toEqual([
      { name: 'SignaturePro Pro (annual)', unitAmount: 199000, quantity: 1, interval: 'year' },
      { name: 'Extra seat', unitAmount: 19000, quantity: 2, interval: 'year' },
    ]);
    expect(q.recurringTotal).toBe(199000 + 38000);
  });

  it('turns LIFETIME1DOLLAR (any case) into a $1 one-time payment', () => {
    const q = quoteCheckout({ planId: 'pro', billingPeriod: 'annual', seats: 5, promotionCode: ' lifetime1dollar ' });
    expect(q).toMatchObject({ kind: 'lifetime', dueToday: 100, recurringTotal: 0, trialDays: 0, seats: 1 });
    expect(q.lines).toEqual([
      { name: 'SignaturePro Pro: lifetime access', unitAmount: 100, quantity: 1, interval: null },
    ]);
    expect(isLifetimePromotion('LIFETIME1DOLLAR')).toBe(true);
    expect(isLifetimePromotion('LIFETIME2DOLLAR')).toBe(false);
    expect(normalisePromotionCode('  ')).toBeUndefined();
  });

  it('formats dollars the way the cards show them', () => {
    expect(formatUsd(1900)).toBe('$19');
    expect(formatUsd(199000)).toBe('$1,990');
    expect(formatUsd(100)).toBe('$1');
    expect(formatUsd(1550)).toBe('$15.50');
  });
});

describe('createCheckoutSchema', () => {
  it('accepts the spec body and uppercases the code', () => {
    expect(createCheckoutSchema.parse({ planType: 'pro', billingPeriod: 'annual', promotionCode: 'save10' })).toEqual({
      planType: 'pro',
      billingPeriod: 'annual',
      promotionCode: 'SAVE10',
      seats: 1,
    });
  });

  it('refuses free, unknown periods and too many seats in words a person understands', () => {
    const r = createCheckoutSchema.safeParse({ planType: 'free', billingPeriod: 'weekly', seats: 12 });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain('Please choose the Standard or Pro plan.');
    expect(messages).toContain('Please choose monthly or annual billing.');
    expect(messages).toContain('For more than 9 seats, please contact sales for volume pricing.');
  });
});

describe('statuses', () => {
  it('only active and lifetime remove the watermark; every other status counts as free', () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      expect(shouldShowWatermark(status), status).toBe(!(status === 'active' || status === 'lifetime'));
    }
    expect(shouldShowWatermark('trialing')).toBe(true);
    expect(shouldShowWatermark(null)).toBe(true);
  });

  it('sends only people without any choice to the pricing page', () => {
    expect(needsPlanChoice('none')).toBe(true);
    expect(needsPlanChoice(undefined)).toBe(true);
    for (const s of ['free', 'active', 'lifetime', 'past_due', 'paused', 'canceled'])
      expect(needsPlanChoice(s)).toBe(false);
  });

  it('describes unknown statuses as Free', () => {
    expect(describeSubscriptionStatus('past_due')).toBe('Payment past due');
    expect(describeSubscriptionStatus('mystery')).toBe('Free');
  });
});
