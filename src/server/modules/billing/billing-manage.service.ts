import type { BillingOverview } from '../../../shared/billing/billing-types';
import { quoteCheckout } from '../../../shared/billing/checkout-quote';
import type { z } from 'zod';
import type { changePlanSchema } from '../../../shared/billing/checkout-schema';
import { AppError, invalid } from '../../errors';
import { LIVE_PROVIDER_STATUSES } from './entitlement';
import { callProvider, type BillingContext, type BillingDeps } from './billing-context';
import type { BillingStatus } from './billing-status.service';

/**
 * Managing a plan in place: the provider's portal, cancel, resume, change of plan or seats, the test
 * refund and the end of every subscription when an account is deleted.
 */
export function createBillingManage(deps: BillingDeps, context: BillingContext, status: BillingStatus) {
  const { repository, provider, fulfilment, publicUrl, log } = deps;
  const { requireUser, requireLiveSubscription, syncAfter, endDate } = context;
  const { getOverview } = status;

  return {
    /**
     * Test mode's stand-in for a refund from the Stripe dashboard: the caller's lifetime access or
     * live subscription is refunded, which takes the plan away exactly as charge.refunded does.
     */
    async testRefund(userId: string): Promise<BillingOverview> {
      const user = await requireUser(userId);
      if (provider.name !== 'test') {
        throw new AppError(
          'NOT_FOUND',
          'Refunds are made from the Stripe dashboard on this server. Please contact support.',
        );
      }
      const lifetime =
        user.subscriptionStatus === 'lifetime' ? await repository.findLifetimePurchase(userId) : undefined;
      if (lifetime?.checkoutSessionId) {
        await fulfilment.revokePurchase({ lifetimeSessionId: lifetime.checkoutSessionId }, 'refunded');
        return getOverview(userId);
      }
      const live = await requireLiveSubscription(userId);
      const payment = await repository.findLatestSubscriptionPayment(live.id);
      await callProvider(log, 'test refund', () =>
        fulfilment.revokePurchase({ subscriptionId: live.id, paymentId: payment?.id ?? null }, 'refunded'),
      );
      return getOverview(userId);
    },

    async createPortalSession(userId: string): Promise<{ url: string }> {
      await requireUser(userId);
      const customerId = await repository.findCustomerId(userId, provider.name);
      if (!customerId)
        throw new AppError('NOT_FOUND', 'There is no billing account to manage yet. Choose a paid plan first.');
      const url = await callProvider(log, 'portal session create', () =>
        provider.createPortalSession(customerId, `${publicUrl}/account/billing`),
      );
      return { url };
    },

    /**
     * Cancels the live subscription at the end of the period already paid for (or the trial, so
     * nothing is charged): the plan stays until then and the change can be taken back.
     */
    async cancelSubscription(userId: string): Promise<BillingOverview> {
      await requireUser(userId);
      const live = await requireLiveSubscription(userId);
      if (!live.cancelAtPeriodEnd) {
        await callProvider(log, 'subscription cancel', () => provider.cancelSubscription(live.id, 'period_end'));
        await syncAfter(live.id);
      }
      return getOverview(userId);
    },

    /** Takes back a cancellation that has not taken effect yet. */
    async resumeSubscription(userId: string): Promise<BillingOverview> {
      await requireUser(userId);
      const live = await requireLiveSubscription(userId);
      if (live.providerStatus !== 'trialing' && live.providerStatus !== 'active') {
        throw new AppError(
          'CONFLICT',
          'This subscription cannot be resumed while a payment is outstanding. Please update your payment method first.',
        );
      }
      if (live.cancelAtPeriodEnd) {
        await callProvider(log, 'subscription resume', () => provider.resumeSubscription(live.id));
        await syncAfter(live.id);
      }
      return getOverview(userId);
    },

    /** Switches plan, billing period or seats in place; amounts come from the catalogue only. */
    async changePlan(userId: string, data: z.output<typeof changePlanSchema>): Promise<BillingOverview> {
      await requireUser(userId);
      const live = await requireLiveSubscription(userId);
      if (live.cancelAtPeriodEnd) {
        throw new AppError(
          'CONFLICT',
          `Your subscription is set to end on ${endDate(live)}. Resume it first, then change your plan.`,
        );
      }
      if (live.providerStatus !== 'trialing' && live.providerStatus !== 'active') {
        throw new AppError(
          'CONFLICT',
          'Your plan cannot be changed while a payment is outstanding. Please update your payment method first.',
        );
      }
      const quote = quoteCheckout({ planId: data.planType, billingPeriod: data.billingPeriod, seats: data.seats });
      if (quote.planId === live.plan && quote.billingPeriod === live.billingPeriod && quote.seats === live.seats) {
        throw invalid('That is already your plan. Choose another plan, billing period or number of seats.');
      }
      if (quote.seats < live.seats && live.organizationId && deps.seatsInUse) {
        const used = await deps.seatsInUse(live.organizationId);
        if (quote.seats < used) {
          throw new AppError(
            'CONFLICT',
            `Your organization uses ${used} seats. Remove members or withdraw invitations first, or keep at least ${used} seats.`,
          );
        }
      }
      await callProvider(log, 'subscription change', () =>
        provider.changeSubscription(live.id, {
          lines: quote.lines,
          metadata: { plan: quote.planId, billingPeriod: quote.billingPeriod, seats: String(quote.seats) },
        }),
      );
      await syncAfter(live.id);
      return getOverview(userId);
    },

    /**
     * Account deletion: every live subscription is canceled at once, so nobody is billed for an
     * account that no longer exists. If the provider cannot be reached the deletion stops here.
     */
    async endSubscriptionsForDeletion(userId: string): Promise<void> {
      // Lifetime access was this person's: an organization it covered (say an admin's purchase)
      // goes back to Free with its one included seat, as it would when a subscription ends.
      const lifetime = await repository.findLifetimePurchase(userId);
      const lifetimeOrg = lifetime?.checkoutSessionId
        ? (await repository.findCheckoutSession(lifetime.checkoutSessionId))?.organizationId
        : null;
      // Others' purchases for the same organization still stand (0024).
      if (lifetimeOrg) await fulfilment.recomputeOrganization(lifetimeOrg, { exceptUserId: userId, dropToFree: true });

      for (const sub of await repository.listSubscriptions(userId)) {
        if (!(LIVE_PROVIDER_STATUSES as readonly string[]).includes(sub.providerStatus)) continue;
        if (sub.provider !== provider.name) {
          throw new AppError(
            'CONFLICT',
            'Your subscription was made with a payment provider this server no longer uses, so it cannot be canceled here. Please contact support before deleting your account.',
          );
        }
        try {
          await provider.cancelSubscription(sub.id, 'now');
          // Read back now, while the person still exists: an organization this subscription paid
          // for (say an admin's) drops to Free instead of keeping a plan nobody pays for.
          await fulfilment.syncSubscription(sub.id);
        } catch (error) {
          log?.error({ err: error }, 'payment provider: subscription cancel before account deletion failed');
          throw new AppError(
            'UNAVAILABLE',
            'We could not cancel your subscription, so your account was not deleted. Please try again in a minute.',
          );
        }
      }
    },
  };
}
