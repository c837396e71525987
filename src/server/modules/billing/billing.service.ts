import type { Logger as HttpLogger } from '../../http';
import type { BillingOverview, EntitlementAnswer } from '../../../shared/billing/billing-types';
import type { EffectiveStatus } from '../../../shared/billing/team-entitlement';
import { shouldShowWatermark } from '../../../shared/billing/watermark';
import { quoteCheckout } from '../../../shared/billing/checkout-quote';
import type { z } from 'zod';
import type {
  changePlanSchema,
  createCheckoutSchema,
  paymentSuccessSchema,
  CreateCheckoutResponse,
  PaymentSuccessResponse,
} from '../../../shared/billing/checkout-schema';
import { paidUntil } from '../../../shared/billing/paid-until';
import { getPlan } from '../../../shared/billing/plans';
import { describeSubscriptionStatus } from '../../../shared/billing/subscription-status';
import { AppError, invalid, unauthenticated } from '../../errors';
import {
  WebhookNotConfiguredError,
  WebhookSignatureError,
  type PaymentProvider,
} from '../../payments/payment-provider';
import type { Analytics } from '../analytics/analytics.service';
import type { BillingRepository, SubscriptionRow } from './billing.repository';
import { LIVE_PROVIDER_STATUSES } from './entitlement';
import type { Fulfilment } from './fulfilment.service';

const providerUnavailable = () =>
  new AppError('UNAVAILABLE', 'We could not reach the payment provider. Please try again in a minute.');

/** Provider calls fail in the provider's words; the person gets ours, the log keeps theirs. */
async function callProvider<T>(log: Logger | undefined, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log?.error({ err: error }, `payment provider: ${what} failed`);
    throw providerUnavailable();
  }
}

type Logger = Pick<HttpLogger, 'error' | 'warn'>;

export function createBillingService(deps: {
  repository: BillingRepository;
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  analytics: Analytics;
  publicUrl: string;
  /** Seats an organization fills now; a change to fewer seats than that is refused. */
  seatsInUse?: (organizationId: string) => Promise<number>;
  /** The status the product treats a person by (own, or a seat on the team's plan). */
  effectiveStatus?: (userId: string) => Promise<EffectiveStatus | undefined>;
  log?: Logger;
}) {
  const { repository, provider, fulfilment, analytics, publicUrl, log } = deps;

  async function requireUser(userId: string) {
    const user = await repository.findUser(userId);
    if (!user) throw unauthenticated();
    return user;
  }

  async function hasLivePlan(userId: string, status: string): Promise<boolean> {
    if (status === 'lifetime') return true;
    return !!(await repository.findLiveSubscription(userId, LIVE_PROVIDER_STATUSES));
  }

  /** The subscription the person pays for now, made through the provider this server uses. */
  async function requireLiveSubscription(userId: string): Promise<SubscriptionRow> {
    const live = await repository.findLiveSubscription(userId, LIVE_PROVIDER_STATUSES);
    if (!live)
      throw new AppError('NOT_FOUND', 'You have no subscription to manage. Choose a plan on the pricing page first.');
    if (live.provider !== provider.name) {
      throw new AppError(
        'CONFLICT',
        'Your subscription was made with a payment provider this server no longer uses. Please contact support to change it.',
      );
    }
    return live;
  }

  /** After a change at the provider, its current state is read back through the one fulfilment path. */
  const syncAfter = (subscriptionId: string) =>
    callProvider(log, 'subscription re-read', () => fulfilment.syncSubscription(subscriptionId));

  const endDate = (sub: SubscriptionRow) => {
    const end = paidUntil(sub);
    return end
      ? end.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
      : 'the end of the period';
  };

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
    const buysFor =
      membership && (membership.role === 'owner' || membership.role === 'admin') ? membership.organizationId : null;
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
      },
      trialAvailable: !(await repository.hasHadSubscription(userId, buysFor)),
      leaveNotice: await describeLeave(userId, membership),
    };
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
    provider: provider.name,
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

    /** Free needs no payment: the person is let into the editor with the watermark. */
    async selectFreePlan(userId: string): Promise<{ ok: true; subscriptionStatus: string }> {
      const user = await requireUser(userId);
      if (await hasLivePlan(userId, user.subscriptionStatus)) {
        throw new AppError(
          'CONFLICT',
          'You already have a paid plan. To move to Free, cancel your subscription from Plan & Billing first.',
        );
      }
      await repository.setUserPlan(userId, 'free', 'Free');
      // Choosing Free ends the organization's trial features at once (decisions.md), when the
      // chooser runs the organization; a member's choice is theirs alone.
      const membership = await repository.findPrimaryMembership(userId);
      if (membership && (membership.role === 'owner' || membership.role === 'admin')) {
        await repository.endOrganizationTrial(membership.organizationId, new Date());
      }
      return { ok: true, subscriptionStatus: 'free' };
    },

    /** Starts a payment for a plan; amounts come from the catalogue only. */
    async startCheckout(userId: string, data: z.output<typeof createCheckoutSchema>): Promise<CreateCheckoutResponse> {
      const user = await requireUser(userId);
      if (user.subscriptionStatus === 'lifetime') {
        throw new AppError(
          'CONFLICT',
          'Your account already has lifetime access, so there is nothing more to pay for.',
        );
      }
      const live = await repository.findLiveSubscription(userId, LIVE_PROVIDER_STATUSES);
      if (live) {
        throw new AppError(
          'CONFLICT',
          `You already have a ${getPlan(live.plan === 'pro' ? 'pro' : 'standard').name} subscription. You can change or cancel it from Plan & Billing.`,
        );
      }
      const quote = quoteCheckout({
        planId: data.planType,
        billingPeriod: data.billingPeriod,
        seats: data.seats,
        promotionCode: data.promotionCode,
      });
      const membership = await repository.findPrimaryMembership(userId);
      // Only someone who runs the organization may change its plan by paying.
      const organizationId =
        membership && (membership.role === 'owner' || membership.role === 'admin') ? membership.organizationId : null;
      // One 7-day trial per person and per organization: a second subscription is charged at once (0024).
      const trialDays =
        quote.trialDays > 0 && (await repository.hasHadSubscription(userId, organizationId)) ? 0 : quote.trialDays;

      let promotionCodeId: string | null = null;
      const code = data.promotionCode;
      if (quote.kind === 'subscription' && code) {
        promotionCodeId = await callProvider(log, 'promotion code lookup', () => provider.findPromotionCode(code));
        if (!promotionCodeId) {
          throw invalid('That promotion code is not valid. Check the spelling, or leave the field empty.', {
            promotionCode: 'That promotion code is not valid.',
          });
        }
      }

      const customerId =
        (await repository.findCustomerId(userId, provider.name)) ??
        (await repository.saveCustomerId(
          userId,
          provider.name,
          await callProvider(log, 'customer create', () =>
            provider.createCustomer({ email: user.email, name: user.name, userId }),
          ),
        ));

      const metadata = {
        userId,
        plan: quote.planId,
        billingPeriod: quote.billingPeriod,
        seats: String(quote.seats),
        kind: quote.kind,
        organizationId: organizationId ?? '',
      };
      const query = `plan=${quote.planId}&billing=${quote.billingPeriod}`;
      const session = await callProvider(log, 'checkout session create', () =>
        provider.createCheckoutSession({
          mode: quote.kind === 'lifetime' ? 'payment' : 'subscription',
          customerId,
          customerEmail: user.email,
          lines: quote.lines,
          trialDays,
          promotionCodeId,
          metadata,
          clientReferenceId: userId,
          successUrl: `${publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}${quote.kind === 'lifetime' ? '&lifetime=1' : ''}`,
          cancelUrl: `${publicUrl}/checkout?${query}&canceled=1`,
        }),
      );

      await repository.insertCheckoutSession({
        id: session.id,
        provider: provider.name,
        userId,
        organizationId,
        plan: quote.planId,
        billingPeriod: quote.billingPeriod,
        kind: quote.kind,
        seats: quote.seats,
        amount: quote.kind === 'lifetime' ? quote.dueToday : quote.recurringTotal,
        promotionCode: data.promotionCode ?? null,
      });
      await analytics.record('plan_upgrade_clicked', userId, {
        plan: quote.planId,
        billingPeriod: quote.billingPeriod,
        seats: quote.seats,
        kind: quote.kind,
        provider: provider.name,
      });
      return { url: session.url, sessionId: session.id };
    },

    /** The success page's confirmation: the same fulfilment as the webhook, for the caller's own session. */
    async confirmPayment(
      userId: string,
      { sessionId }: z.output<typeof paymentSuccessSchema>,
    ): Promise<PaymentSuccessResponse> {
      await requireUser(userId);
      const result = await callProvider(log, 'payment confirmation', () =>
        fulfilment.fulfilCheckoutSession(sessionId, userId),
      );
      const user = await requireUser(userId);
      return {
        ok: true,
        state: result.state === 'complete' ? 'complete' : 'pending',
        subscriptionStatus: user.subscriptionStatus,
        subscriptionPlan: user.subscriptionPlan,
      };
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

    /** A provider webhook: verified on the exact bytes received, then applied once by event id. */
    async receiveWebhook(
      rawBody: Buffer,
      signatureHeader: string | undefined,
    ): Promise<{ received: true; duplicate: boolean }> {
      let event;
      try {
        event = provider.parseWebhook(rawBody, signatureHeader);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          log?.warn({ reason: error.message }, 'webhook refused: bad signature');
          throw invalid('The webhook signature could not be verified.');
        }
        if (error instanceof WebhookNotConfiguredError) {
          throw new AppError('UNAVAILABLE', `Webhooks are not set up on this server: ${error.message}.`);
        }
        throw error;
      }
      const { applied } = await fulfilment.applyEvent(event);
      return { received: true, duplicate: !applied };
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
export type BillingService = ReturnType<typeof createBillingService>;
