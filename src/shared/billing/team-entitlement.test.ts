import { describe, expect, it } from 'vitest';
import { effectiveSubscriptionStatus } from './team-entitlement';

describe('effectiveSubscriptionStatus', () => {
  it("keeps a person's own paid status", () => {
    expect(effectiveSubscriptionStatus({ own: 'lifetime', organizationPlan: 'trial', payerStatuses: [] })).toEqual({
      status: 'lifetime',
      coveredByTeam: false,
    });
  });

  it('gives a member of a paid organization with a paying owner the active status', () => {
    expect(effectiveSubscriptionStatus({ own: 'none', organizationPlan: 'standard', payerStatuses: ['active'] })).toEqual({
      status: 'active',
      coveredByTeam: true,
    });
    expect(effectiveSubscriptionStatus({ own: 'free', organizationPlan: 'pro', payerStatuses: ['free', 'lifetime'] }).status).toBe('active');
  });

  it('does not cover members when the payer is past due, or the organization is on trial or free', () => {
    expect(effectiveSubscriptionStatus({ own: 'none', organizationPlan: 'standard', payerStatuses: ['past_due'] }).status).toBe('none');
    expect(effectiveSubscriptionStatus({ own: 'free', organizationPlan: 'trial', payerStatuses: ['active'] }).status).toBe('free');
    expect(effectiveSubscriptionStatus({ own: 'free', organizationPlan: 'free', payerStatuses: ['active'] }).status).toBe('free');
  });
});
