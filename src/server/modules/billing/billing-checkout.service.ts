import { quoteCheckout } from '../../../shared/billing/checkout-quote';
import type { z } from 'zod';
import type { CreateCheckoutResponse, PaymentSuccessResponse } from '../../../shared/api/billing';
import type { createCheckoutSchema, paymentSuccessSchema } from '../../../shared/billing/checkout-schema';
import { getPlan } from '../../../shared/billing/plans';
import { AppError, invalid } from '../../errors';
import { WebhookNotConfiguredError, WebhookSignatureError } from '../../payments/payment-provider';
import { LIVE_PROVIDER_STATUSES } from './entitlement';
import { callProvider, type BillingContext, type BillingDeps } from './billing-context';
import { describeCheckout } from './purchase-notice';

/** Buying a plan: Free, a checkout at the provider, the success page's confirmation and the provider's webhook. */
export function createBillingCheckout(deps: BillingDeps, context: BillingContext) {
  const { repository, provider, fulfilment, analytics, publicUrl, log } = deps;
  const { requireUser, hasLivePlan } = context;

  return {
    /** Free needs no payment: the person is let into the editor with the watermark. */
    async selectFreePlan(userId: string): Promise<{ ok: true; subscriptionStatus: string }> {
      const user = await requireUser(userId);
      if (await hasLivePlan(userId, user.subscriptionStatus)) {
        throw new AppError(
          'CONFLICT',
          'You already have a paid plan. To move to Free, cancel your subscription from Plan & Billing first.',
        );
      }
      // Free means "no card: stay on Free when the trial ends": the organization's trial runs on
      // to its end with Pro's features and 10 seats (decisions.md, 0150).
      await repository.setUserPlan(userId, 'free', 'Free');
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
      // The organization's trial is the only one: bought during it, the first charge comes at its end (0151).
      const trialEnd = quote.kind === 'subscription' ? await context.checkoutTrialEnd(userId) : null;

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
          trialEnd,
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
      const row = result.state === 'complete' ? await repository.findCheckoutSession(sessionId) : undefined;
      // The same words as the confirmation e-mail (0151).
      const words = row ? await describeCheckout(repository, row) : null;
      return {
        ok: true,
        state: result.state === 'complete' ? 'complete' : 'pending',
        subscriptionStatus: user.subscriptionStatus,
        subscriptionPlan: user.subscriptionPlan,
        heading: words?.heading ?? null,
        message: words?.message ?? null,
      };
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
  };
}
