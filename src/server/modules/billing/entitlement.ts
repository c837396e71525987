import { INCLUDED_SEATS, getPlan, isPaidPlanId } from '../../../shared/billing/plans';
import type { SubscriptionStatus } from '../../../shared/billing/subscription-status';

/**
 * Pure rules: what a provider subscription status means for the person and their organization.
 * docs/decisions/0020-billing-statuses-and-plans.md explains each choice.
 */
type SubscriptionBackedStatus = Extract<SubscriptionStatus, 'active' | 'past_due' | 'paused' | 'canceled'>;

/** Every Stripe subscription status, mapped to ours; null means "no entitlement yet, change nothing". */
export function toProductStatus(providerStatus: string): SubscriptionBackedStatus | null {
  switch (providerStatus) {
    // A Checkout trial starts only after a payment method is collected: decisions.md makes that `active`.
    case 'trialing':
    case 'active':
      return 'active';
    // unpaid: Stripe has stopped retrying but kept the subscription; still money owed, same as past due.
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'paused':
      return 'paused';
    case 'canceled':
      return 'canceled';
    // The first payment has not gone through (or never will): nothing was bought.
    case 'incomplete':
    case 'incomplete_expired':
      return null;
    default:
      // A status Stripe adds later: keep what the person has rather than guess.
      return null;
  }
}

const RANK: Record<SubscriptionBackedStatus, number> = { active: 4, past_due: 3, paused: 2, canceled: 1 };

/** Statuses under which a subscription still exists at the provider and a new checkout would double-bill. */
export const LIVE_PROVIDER_STATUSES = ['trialing', 'active', 'past_due', 'unpaid', 'paused'] as const;

export type SubscriptionFacts = {
  plan: string;
  providerStatus: string;
  seats: number;
  createdAt: Date;
  organizationId: string | null;
};

export type Entitlement = {
  user: { subscriptionStatus: SubscriptionStatus; subscriptionPlan: string };
  /** Null leaves the organization as it is. */
  organization: { id: string; plan: string; seats: number } | null;
};

/**
 * The person's status from everything they bought: lifetime beats any subscription; otherwise the
 * subscription in the best standing decides (an old canceled one never hides a live one).
 * Null when nothing bought so far grants anything: the stored status stays.
 */
export function computeEntitlement(input: {
  subscriptions: SubscriptionFacts[];
  lifetime: { plan: string; organizationId: string | null } | null;
  /** A lifetime purchase that was refunded or disputed: what it gave is taken back. */
  revokedLifetime?: { organizationId: string | null } | null;
}): Entitlement | null {
  if (input.lifetime && isPaidPlanId(input.lifetime.plan)) {
    const plan = getPlan(input.lifetime.plan);
    return {
      user: { subscriptionStatus: 'lifetime', subscriptionPlan: plan.name },
      organization: input.lifetime.organizationId
        ? { id: input.lifetime.organizationId, plan: plan.id, seats: plan.includedSeats }
        : null,
    };
  }

  let best: { facts: SubscriptionFacts; status: SubscriptionBackedStatus } | null = null;
  for (const facts of input.subscriptions) {
    const status = toProductStatus(facts.providerStatus);
    if (!status || !isPaidPlanId(facts.plan)) continue;
    const better =
      !best ||
      RANK[status] > RANK[best.status] ||
      (RANK[status] === RANK[best.status] && facts.createdAt > best.facts.createdAt);
    if (better) best = { facts, status };
  }
  if (!best) {
    // Nothing bought grants anything now; a refunded lifetime purchase must not leave access behind.
    if (!input.revokedLifetime) return null;
    const orgId = input.revokedLifetime.organizationId;
    return {
      user: { subscriptionStatus: 'canceled', subscriptionPlan: 'Free' },
      organization: orgId ? { id: orgId, plan: 'free', seats: INCLUDED_SEATS } : null,
    };
  }

  const { facts, status } = best;
  const plan = getPlan(facts.plan as 'standard' | 'pro');
  const orgId = facts.organizationId;
  switch (status) {
    case 'active': {
      // The seats bought, from the first day: a subscription in its own 7-day trial covers no more
      // people than it will be charged for (0024).
      return {
        user: { subscriptionStatus: 'active', subscriptionPlan: plan.name },
        organization: orgId ? { id: orgId, plan: plan.id, seats: facts.seats } : null,
      };
    }
    case 'past_due':
      // Stripe is still retrying: the watermark returns, but the team keeps its plan and seats meanwhile.
      return {
        user: { subscriptionStatus: 'past_due', subscriptionPlan: plan.name },
        organization: orgId ? { id: orgId, plan: plan.id, seats: facts.seats } : null,
      };
    case 'paused':
      return {
        user: { subscriptionStatus: 'paused', subscriptionPlan: plan.name },
        organization: orgId ? { id: orgId, plan: 'free', seats: INCLUDED_SEATS } : null,
      };
    case 'canceled':
      return {
        user: { subscriptionStatus: 'canceled', subscriptionPlan: 'Free' },
        organization: orgId ? { id: orgId, plan: 'free', seats: INCLUDED_SEATS } : null,
      };
  }
}

const TIER: Record<string, number> = { standard: 1, pro: 2 };

/**
 * An organization's plan and seats from every purchase made for it, by anyone (0024): the best
 * one in good standing decides the plan, and the most seats any of them bought stand, so an admin's
 * own smaller purchase never lowers what someone else bought. When none is in good standing and
 * something was bought, the organization is on Free with its one seat; null when nothing was.
 */
export function computeOrganizationPlan(input: {
  subscriptions: Omit<SubscriptionFacts, 'organizationId'>[];
  lifetimes: { plan: string; revoked: boolean }[];
}): { plan: string; seats: number } | null {
  const good: { plan: string; seats: number }[] = [];
  let ended = false;
  for (const l of input.lifetimes) {
    if (l.revoked || !isPaidPlanId(l.plan)) ended = true;
    else good.push({ plan: l.plan, seats: getPlan(l.plan).includedSeats });
  }
  for (const s of input.subscriptions) {
    const effect = computeEntitlement({
      subscriptions: [{ ...s, organizationId: 'org' }],
      lifetime: null,
    })?.organization;
    if (!effect) continue;
    if (effect.plan === 'free') ended = true;
    else good.push({ plan: effect.plan, seats: effect.seats });
  }
  if (good.length === 0) return ended ? { plan: 'free', seats: INCLUDED_SEATS } : null;
  const plan = good.reduce((a, b) => ((TIER[b.plan] ?? 0) > (TIER[a.plan] ?? 0) ? b : a)).plan;
  return { plan, seats: Math.max(...good.map((g) => g.seats)) };
}
