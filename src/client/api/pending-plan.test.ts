// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { PLANS } from '../../shared/billing/plans';
import { checkoutPathOf, describePlanChoice, readPendingPlan, rememberPendingPlan } from './pending-plan';

describe('the plan chosen before sign-up', () => {
  afterEach(() => localStorage.clear());

  it('is kept until Verify and read back as chosen', () => {
    rememberPendingPlan({ planId: 'pro', period: 'annual' });
    expect(readPendingPlan()).toEqual({ planId: 'pro', period: 'annual' });
    rememberPendingPlan(null);
    expect(readPendingPlan()).toBeNull();
  });

  it('reads nothing from a stored value that names no plan or period', () => {
    for (const stored of ['gold:monthly', 'pro:weekly', 'toString:monthly', '']) {
      localStorage.setItem('pendingPlanChoice', stored);
      expect(readPendingPlan()).toBeNull();
    }
  });

  it('names every plan as the catalogue does, and leads a paid one to its checkout', () => {
    for (const plan of PLANS)
      expect(describePlanChoice({ planId: plan.id, period: 'monthly' })).toMatch(new RegExp(`^${plan.name}`));
    expect(describePlanChoice({ planId: 'standard', period: 'annual' })).toBe('Standard, billed annually');
    expect(checkoutPathOf({ planId: 'standard', period: 'monthly' })).toBe('/checkout?plan=standard&billing=monthly');
  });
});
