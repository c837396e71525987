import { INCLUDED_SEATS } from '../../../shared/billing/plans';
import type { BillingQueries, BillingRepository } from './billing.repository';
import { computeEntitlement, computeOrganizationPlan } from './entitlement';

/**
 * Stores what purchases give: a person's status and each organization's plan and seats are
 * recomputed from every stored purchase, under row locks, so running it twice changes nothing.
 */
export function createPlanRecompute(repository: BillingRepository) {
  /**
   * An organization's plan and seats from every purchase made for it, by anyone (0024), under its
   * row lock. `dropToFree` puts it on Free when no purchase is left for it (its payer moved theirs
   * away); otherwise an organization nobody bought anything for is left as it is.
   */
  async function recomputeOrganizationWith(
    q: BillingQueries,
    organizationId: string,
    options: { exceptUserId?: string; dropToFree?: boolean } = {},
  ): Promise<void> {
    await q.lockOrganization(organizationId);
    const [subscriptions, lifetimes] = await Promise.all([
      q.listOrganizationSubscriptions(organizationId),
      q.listOrganizationLifetimes(organizationId, options.exceptUserId),
    ]);
    const counted = subscriptions.filter((s) => s.userId !== options.exceptUserId);
    const plan = computeOrganizationPlan({
      subscriptions: counted.map((s) => ({
        plan: s.plan,
        providerStatus: s.providerStatus,
        seats: s.seats,
        createdAt: s.createdAt,
      })),
      lifetimes: lifetimes.map((l) => ({ plan: l.plan, revoked: l.status !== 'paid' })),
    });
    if (plan) await q.setOrganizationPlan(organizationId, plan.plan, plan.seats, freeUntil(plan.plan, counted));
    else if (options.dropToFree) {
      const org = await q.findOrganization(organizationId);
      if (org && (org.plan === 'standard' || org.plan === 'pro'))
        await q.setOrganizationPlan(organizationId, 'free', INCLUDED_SEATS);
    }
  }

  /**
   * A bought plan still in its free trial keeps the organization's `trialEndsAt` at that trial's
   * end, so the editor can say "Pro trial · N days left" (0151); one charged at once ends any trial
   * that was left. Undefined leaves the stored date alone (Free, or nothing bought).
   */
  function freeUntil(
    plan: string,
    subscriptions: { providerStatus: string; trialEndsAt: Date | null; plan: string }[],
  ) {
    if (plan !== 'standard' && plan !== 'pro') return undefined;
    const trials = subscriptions
      .filter((s) => s.providerStatus === 'trialing' && s.plan === plan && s.trialEndsAt)
      .map((s) => s.trialEndsAt!.getTime());
    return trials.length > 0 ? new Date(Math.max(...trials)) : null;
  }

  /** Recomputes the person's status, and the plan of every organization their purchases were for. */
  async function recomputeEntitlement(userId: string): Promise<void> {
    await repository.withUserLocked(userId, async (q) => {
      const [subscriptions, lifetime, revoked] = await Promise.all([
        q.listSubscriptions(userId),
        q.findLifetimePurchase(userId),
        q.findRevokedLifetime(userId),
      ]);
      let lifetimeOrg: string | null = null;
      if (lifetime?.checkoutSessionId)
        lifetimeOrg = (await q.findCheckoutSession(lifetime.checkoutSessionId))?.organizationId ?? null;
      const entitlement = computeEntitlement({
        subscriptions: subscriptions.map((s) => ({
          plan: s.plan,
          providerStatus: s.providerStatus,
          seats: s.seats,
          createdAt: s.createdAt,
          organizationId: s.organizationId,
        })),
        lifetime: lifetime ? { plan: lifetime.plan, organizationId: lifetimeOrg } : null,
        revokedLifetime: revoked ? { organizationId: revoked.organizationId } : null,
      });
      if (entitlement)
        await q.setUserPlan(userId, entitlement.user.subscriptionStatus, entitlement.user.subscriptionPlan);
      // Each organization is decided by everything bought for it, so one person's purchase
      // never lowers what someone else bought for the same team.
      const organizations = new Set(
        [...subscriptions.map((s) => s.organizationId), lifetimeOrg, revoked?.organizationId].filter(
          (id): id is string => !!id,
        ),
      );
      for (const organizationId of organizations) await recomputeOrganizationWith(q, organizationId);
    });
  }

  /** The organization's plan without one person's purchases (their account is being deleted). */
  async function recomputeOrganization(
    organizationId: string,
    options: { exceptUserId?: string; dropToFree?: boolean } = {},
  ) {
    await repository.withOrganizationLocked(organizationId, (q) =>
      recomputeOrganizationWith(q, organizationId, options),
    );
  }

  /**
   * A payer leaves an organization: the subscription or lifetime access they bought for it moves
   * with them to their new organization, and the one they left is recomputed from what others
   * bought for it (Free when nobody did). Returns whether anything moved.
   */
  async function movePurchases(userId: string, fromOrganizationId: string, toOrganizationId: string): Promise<boolean> {
    const moved = await repository.movePurchases(userId, fromOrganizationId, toOrganizationId);
    if (moved === 0) return false;
    await recomputeEntitlement(userId);
    await recomputeOrganization(fromOrganizationId, { dropToFree: true });
    return true;
  }

  return { recomputeEntitlement, recomputeOrganization, movePurchases };
}
export type PlanRecompute = ReturnType<typeof createPlanRecompute>;
