import { describe, expect, it } from 'vitest';
import { computeEntitlement, computeOrganizationPlan, toProductStatus } from './entitlement';

const sub = (over: Partial<Parameters<typeof computeEntitlement>[0]['subscriptions'][number]> = {}) => ({
  plan: 'standard',
  providerStatus: 'active',
  seats: 3,
  createdAt: new Date('2026-01-01'),
  organizationId: 'org1',
  ...over,
});

describe('toProductStatus: every Stripe subscription status has a meaning', () => {
  it.each([
    ['trialing', 'active'],
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['paused', 'paused'],
    ['canceled', 'canceled'],
    ['incomplete', null],
    ['incomplete_expired', null],
    ['something_new', null],
  ])('%s → %s', (stripe, ours) => {
    expect(toProductStatus(stripe)).toBe(ours);
  });
});

describe('computeEntitlement', () => {
  it("covers the seats bought, in the subscription's own trial as after it (0024: no longer the trial's 10)", () => {
    expect(computeEntitlement({ subscriptions: [sub({ providerStatus: 'trialing' })], lifetime: null })).toEqual({
      user: { subscriptionStatus: 'active', subscriptionPlan: 'Standard' },
      organization: { id: 'org1', plan: 'standard', seats: 3 },
    });
    expect(computeEntitlement({ subscriptions: [sub()], lifetime: null })?.organization).toEqual({
      id: 'org1',
      plan: 'standard',
      seats: 3,
    });
  });

  it('past due: watermark back (status past_due) but the team keeps plan and seats', () => {
    expect(
      computeEntitlement({ subscriptions: [sub({ providerStatus: 'past_due', plan: 'pro' })], lifetime: null }),
    ).toEqual({
      user: { subscriptionStatus: 'past_due', subscriptionPlan: 'Pro' },
      organization: { id: 'org1', plan: 'pro', seats: 3 },
    });
  });

  it('canceled and paused drop the organization to Free with one seat', () => {
    expect(computeEntitlement({ subscriptions: [sub({ providerStatus: 'canceled' })], lifetime: null })).toEqual({
      user: { subscriptionStatus: 'canceled', subscriptionPlan: 'Free' },
      organization: { id: 'org1', plan: 'free', seats: 1 },
    });
    expect(
      computeEntitlement({ subscriptions: [sub({ providerStatus: 'paused' })], lifetime: null })?.organization,
    ).toEqual({
      id: 'org1',
      plan: 'free',
      seats: 1,
    });
  });

  it('an old canceled subscription never hides a live one', () => {
    const result = computeEntitlement({
      subscriptions: [
        sub({ providerStatus: 'canceled', createdAt: new Date('2026-03-01') }),
        sub({ providerStatus: 'active', plan: 'pro' }),
      ],
      lifetime: null,
    });
    expect(result?.user).toEqual({ subscriptionStatus: 'active', subscriptionPlan: 'Pro' });
  });

  it('lifetime beats every subscription', () => {
    const result = computeEntitlement({
      subscriptions: [sub({ providerStatus: 'canceled' })],
      lifetime: { plan: 'pro', organizationId: 'org1' },
    });
    expect(result).toEqual({
      user: { subscriptionStatus: 'lifetime', subscriptionPlan: 'Pro' },
      organization: { id: 'org1', plan: 'pro', seats: 1 },
    });
  });

  it('changes nothing when nothing bought grants anything, and leaves other people’s organizations alone', () => {
    expect(computeEntitlement({ subscriptions: [sub({ providerStatus: 'incomplete' })], lifetime: null })).toBeNull();
    expect(computeEntitlement({ subscriptions: [], lifetime: null })).toBeNull();
    expect(
      computeEntitlement({ subscriptions: [sub({ organizationId: null })], lifetime: null })?.organization,
    ).toBeNull();
  });
});

describe('computeOrganizationPlan: every purchase made for the organization, by anyone', () => {
  it("an admin's own smaller purchase never lowers the plan or seats someone else bought", () => {
    const ownerPro = sub({ plan: 'pro', seats: 5 });
    const adminStandard = sub({ plan: 'standard', seats: 1, createdAt: new Date('2026-02-01') });
    expect(computeOrganizationPlan({ subscriptions: [ownerPro, adminStandard], lifetimes: [] })).toEqual({
      plan: 'pro',
      seats: 5,
    });
    expect(
      computeOrganizationPlan({ subscriptions: [ownerPro], lifetimes: [{ plan: 'standard', revoked: false }] }),
    ).toEqual({ plan: 'pro', seats: 5 });
    // When the owner's ends, the admin's purchase still holds the organization up.
    expect(
      computeOrganizationPlan({
        subscriptions: [{ ...ownerPro, providerStatus: 'canceled' }, adminStandard],
        lifetimes: [],
      }),
    ).toEqual({
      plan: 'standard',
      seats: 1,
    });
  });

  it('Free with one seat when everything bought has ended or was refunded; unchanged when nothing was bought', () => {
    expect(
      computeOrganizationPlan({
        subscriptions: [sub({ providerStatus: 'canceled' })],
        lifetimes: [{ plan: 'pro', revoked: true }],
      }),
    ).toEqual({
      plan: 'free',
      seats: 1,
    });
    expect(computeOrganizationPlan({ subscriptions: [], lifetimes: [] })).toBeNull();
  });
});

describe('a refunded lifetime purchase', () => {
  it('leaves no lifetime access behind: the person is canceled (watermark) and the organization on Free', () => {
    expect(
      computeEntitlement({ subscriptions: [], lifetime: null, revokedLifetime: { organizationId: 'org1' } }),
    ).toEqual({
      user: { subscriptionStatus: 'canceled', subscriptionPlan: 'Free' },
      organization: { id: 'org1', plan: 'free', seats: 1 },
    });
  });
});
