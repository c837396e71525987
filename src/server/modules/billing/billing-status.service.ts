import type { BillingOverview, EntitlementAnswer } from '../../../shared/billing/billing-types';
import { shouldShowWatermark } from '../../../shared/billing/watermark';
import { getPlan } from '../../../shared/billing/plans';
import { describeSubscriptionStatus } from '../../../shared/billing/subscription-status';
import { LIVE_PROVIDER_STATUSES } from './entitlement';
import type { BillingContext, BillingDeps } from './billing-context';
import { freeDaysRunning } from './test-trial.service';

/** Billing's read side: the Plan & Billing overview and the watermark entitlement. */
export function createBillingStatus(deps: BillingDeps, context: BillingContext) {
  const { repository, provider } = deps;
  const { requireUser } = context;

  async function getOverview(userId: string): Promise<BillingOverview> {
    const user = await requireUser(userId);
    const [subscriptions, payments, customerId, live] = await Promise.all([
      repository.listSubscriptions(userId),
      repository.listPayments(userId),
      repository.findCustomerId(userId, provider.name),
      repository.findLiveSubscription(userId, LIVE_PROVIDER_STATUSES),
    ]);
    const current = live ?? subscriptions[0];
    const manageable = !!live && live.provider === provider.name;
    const membership = await repository.findPrimaryMembership(userId);
    const trialEnd = await context.checkoutTrialEnd(userId);
    const running = manageable && (live.providerStatus === 'trialing' || live.providerStatus === 'active');
    return {
      provider: provider.name,
      subscriptionStatus: user.subscriptionStatus,
      subscriptionPlan: user.subscriptionPlan,
      statusLabel: describeSubscriptionStatus(user.subscriptionStatus),
      subscription: current
        ? {
            plan: current.plan,
            billingPeriod: current.billingPeriod,
            seats: current.seats,
            providerStatus: current.providerStatus,
            trialEndsAt: current.trialEndsAt?.toISOString() ?? null,
            currentPeriodEnd: current.currentPeriodEnd?.toISOString() ?? null,
            cancelAtPeriodEnd: current.cancelAtPeriodEnd,
          }
        : null,
      payments: payments.map((p) => ({
        id: p.id,
        date: p.createdAt.toISOString(),
        amount: p.amount,
        currency: p.currency,
        status: p.status,
        description: p.description,
        url: p.invoiceUrl,
      })),
      canManageBilling: provider.name === 'stripe' && !!customerId,
      hasLivePlan: user.subscriptionStatus === 'lifetime' || !!live,
      actions: {
        cancel: manageable && !live.cancelAtPeriodEnd,
        resume: running && live.cancelAtPeriodEnd,
        change: running && !live.cancelAtPeriodEnd,
        testRefund: provider.name === 'test' && (user.subscriptionStatus === 'lifetime' || manageable),
        testEndTrial: provider.name === 'test' && (await ownerWithFreeDays(membership)),
      },
      trialAvailable: trialEnd !== null,
      checkoutTrialEnd: trialEnd?.toISOString() ?? null,
      leaveNotice: await describeLeave(userId, membership),
    };
  }

  /** The owner of an organization whose trial (or a plan's trial within it) runs: what TEST MODE can end (0154). */
  async function ownerWithFreeDays(membership: { organizationId: string; role: string } | undefined) {
    if (membership?.role !== 'owner') return false;
    const org = await repository.findOrganization(membership.organizationId);
    return !!org && freeDaysRunning(org);
  }

  /** What leaving the organization would do to the plan this person pays for it (0024). */
  async function describeLeave(
    userId: string,
    membership: { organizationId: string; role: string } | undefined,
  ): Promise<string | null> {
    if (!membership || membership.role === 'owner') return null;
    const live = await repository.findLiveSubscription(userId, LIVE_PROVIDER_STATUSES);
    const lifetime = await repository.findLifetimePurchase(userId);
    const lifetimeOrg = lifetime?.checkoutSessionId
      ? (await repository.findCheckoutSession(lifetime.checkoutSessionId))?.organizationId
      : null;
    const paysForTeam =
      (live && live.organizationId === membership.organizationId) || lifetimeOrg === membership.organizationId;
    if (!paysForTeam) return null;
    const what = live
      ? `Your ${getPlan(live.plan === 'pro' ? 'pro' : 'standard').name} subscription`
      : 'Your lifetime access';
    return (
      `${what} moves with you to your own organization if you leave, and you keep paying for it there. ` +
      'The organization you leave goes back to the Free plan unless someone else there pays for a plan.'
    );
  }

  return {
    getOverview,

    /** Whether the person's signatures carry the watermark, and why (a seat notice when seats ran out). */
    async getEntitlement(userId: string): Promise<EntitlementAnswer> {
      const user = await requireUser(userId);
      const effective = (await deps.effectiveStatus?.(userId)) ?? {
        status: user.subscriptionStatus,
        coveredByTeam: false,
        seatNotice: null,
      };
      return {
        subscriptionStatus: effective.status,
        watermark: shouldShowWatermark(effective.status),
        coveredByTeam: effective.coveredByTeam,
        seatNotice: effective.seatNotice,
      };
    },
  };
}
export type BillingStatus = ReturnType<typeof createBillingStatus>;
