import type { BillingOverview } from '../../../shared/billing/billing-types';
import { quoteCheckout } from '../../../shared/billing/checkout-quote';
import {
  createCheckoutSchema,
  paymentSuccessSchema,
  type CreateCheckoutResponse,
  type PaymentSuccessResponse,
} from '../../../shared/billing/checkout-schema';
import { getPlan } from '../../../shared/billing/plans';
import { describeSubscriptionStatus } from '../../../shared/billing/subscription-status';
import { AppError, invalid, unauthenticated } from '../../errors';
import {
  WebhookNotConfiguredError,
  WebhookSignatureError,
  type PaymentProvider,
} from '../../payments/payment-provider';
import type { Analytics } from '../analytics/analytics.service';
import type { BillingRepository } from './billing.repository';
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

type Logger = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export function createBillingService(deps: {
  repository: BillingRepository;
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  analytics: Analytics;
  publicUrl: string;
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

  return {
    provider: provider.name,

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
      return { ok: true, subscriptionStatus: 'free' };
    },

    /** Starts a payment for a plan; amounts come from the catalogue only. */
    async startCheckout(userId: string, input: unknown): Promise<CreateCheckoutResponse> {
      const data = createCheckoutSchema.parse(input);
      const user = await requireUser(userId);
      if (user.subscriptionStatus === 'lifetime') {
        throw new AppError('CONFLICT', 'Your account already has lifetime access, so there is nothing more to pay for.');
      }
      const live = await repository.findLiveSubscription(userId, LIVE_PROVIDER_STATUSES);
      if (live) {
        throw new AppError(
          'CONFLICT',
          `You already have a ${getPlan(live.plan === 'pro' ? 'pro' : 'standard').name} subscription. You can change or cancel it from Plan & Billing.`,
        );
      }
      const quote = quoteCheckout({ planId: data.planType, billingPeriod: data.billingPeriod, seats: data.seats, promotionCode: data.promotionCode });

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

      const membership = await repository.findPrimaryMembership(userId);
      // Only someone who runs the organization may change its plan by paying.
      const organizationId = membership && (membership.role === 'owner' || membership.role === 'admin') ? membership.organizationId : null;

      const customerId =
        (await repository.findCustomerId(userId, provider.name)) ??
        (await repository.saveCustomerId(
          userId,
          provider.name,
          await callProvider(log, 'customer create', () => provider.createCustomer({ email: user.email, name: user.name, userId })),
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
          trialDays: quote.trialDays,
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
    async confirmPayment(userId: string, input: unknown): Promise<PaymentSuccessResponse> {
      const { sessionId } = paymentSuccessSchema.parse(input);
      await requireUser(userId);
      const result = await callProvider(log, 'payment confirmation', () => fulfilment.fulfilCheckoutSession(sessionId, userId));
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
      if (!customerId) throw new AppError('NOT_FOUND', 'There is no billing account to manage yet. Choose a paid plan first.');
      const url = await callProvider(log, 'portal session create', () =>
        provider.createPortalSession(customerId, `${publicUrl}/account/billing`),
      );
      return { url };
    },

    /** A provider webhook: verified on the exact bytes received, then applied once by event id. */
    async receiveWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<{ received: true; duplicate: boolean }> {
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

    async getOverview(userId: string): Promise<BillingOverview> {
      const user = await requireUser(userId);
      const [subscriptions, payments, customerId] = await Promise.all([
        repository.listSubscriptions(userId),
        repository.listPayments(userId),
        repository.findCustomerId(userId, provider.name),
      ]);
      const current = subscriptions[0];
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
        hasLivePlan: await hasLivePlan(userId, user.subscriptionStatus),
      };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
