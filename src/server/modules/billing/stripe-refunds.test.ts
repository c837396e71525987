import { describe, expect, it } from 'vitest';
import { useStripeTestApp } from '../../../test-support/stripe-test-app';
import { describeEachDatabase, signUpUser } from '../../../test-support/test-app';

/**
 * Refunds and seats with Stripe (the real SDK against the stand-in, webhooks signed as
 * Stripe signs them): refunds and disputes take the purchase away, lifetime included, and a
 * second checkout gets no second trial. docs/decisions/0024-seats-tiers-trials-refunds.md.
 */
describeEachDatabase('refunds, disputes and one trial with Stripe', (kind) => {
  const { t, stripe, call, me, deliver, paidAtStripe } = useStripeTestApp(kind);

  /** A checkout the buyer paid for at Stripe, confirmed by the success page. */
  async function bought(body: Record<string, unknown>) {
    const user = await signUpUser(t.app);
    const { sessionId, subscriptionId } = await paidAtStripe(
      user.cookie,
      body,
      body.promotionCode ? undefined : 'active',
    );
    expect((await call('POST', '/api/payment-success', user.cookie, { sessionId })).statusCode).toBe(200);
    return { cookie: user.cookie, sessionId, subscriptionId };
  }

  describe('4. refunds and disputes take the purchase away', () => {
    it('charge.refunded on a lifetime payment (the 30-day money-back guarantee) leaves no lifetime access behind', async () => {
      const buyer = await bought({ planType: 'pro', billingPeriod: 'monthly', promotionCode: 'LIFETIME1DOLLAR' });
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('lifetime');
      const chargeId = stripe.addCharge({ sessionId: buyer.sessionId, amount: 100 });

      // A partial refund is a goodwill credit: nothing is taken away.
      const partial = await deliver(stripe.signedEvent('charge.refunded', { ...stripe.refundCharge(chargeId, 50) }));
      expect(partial.statusCode, partial.body).toBe(200);
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('lifetime');

      const full = stripe.signedEvent('charge.refunded', { ...stripe.refundCharge(chargeId) });
      expect((await deliver(full)).json()).toEqual({ received: true, duplicate: false });
      const state = await me(buyer.cookie);
      expect(state.user).toMatchObject({ subscriptionStatus: 'canceled', subscriptionPlan: 'Free' });
      expect(state.organization).toMatchObject({ plan: 'free', seats: 1 });
      const billing = (await call('GET', '/api/billing', buyer.cookie)).json();
      expect(billing).toMatchObject({ hasLivePlan: false });
      expect(billing.payments[0]).toMatchObject({ status: 'refunded' });
      // The success page replayed, or the completion event delivered late, does not bring it back.
      await call('POST', '/api/payment-success', buyer.cookie, { sessionId: buyer.sessionId });
      await deliver(stripe.signedEvent('checkout.session.completed', stripe.sessions.get(buyer.sessionId)!));
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('canceled');
    });

    it('charge.dispute.created on a subscription payment ends the subscription at Stripe at once', async () => {
      const buyer = await bought({ planType: 'standard', billingPeriod: 'monthly' });
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('active');
      const chargeId = stripe.addCharge({ subscriptionId: buyer.subscriptionId!, amount: 1900 });
      const res = await deliver(stripe.signedEvent('charge.dispute.created', stripe.disputeCharge(chargeId)));
      expect(res.statusCode, res.body).toBe(200);
      expect(
        stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${buyer.subscriptionId}`),
      ).toBe(true);
      expect(stripe.subscriptions.get(buyer.subscriptionId!)).toMatchObject({ status: 'canceled' });
      const state = await me(buyer.cookie);
      expect(state.user.subscriptionStatus).toBe('canceled');
      expect(state.organization.plan).toBe('free');
    });

    it('a forged refund event changes nothing', async () => {
      const buyer = await bought({ planType: 'pro', billingPeriod: 'monthly', promotionCode: 'LIFETIME1DOLLAR' });
      const chargeId = stripe.addCharge({ sessionId: buyer.sessionId, amount: 100 });
      const forged = stripe.signedEvent(
        'charge.refunded',
        { ...stripe.refundCharge(chargeId) },
        { secret: 'whsec_not_the_real_one' },
      );
      expect((await deliver(forged)).statusCode).toBe(400);
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('lifetime');
    });
  });

  describe('3. one trial', () => {
    it('a second checkout after cancelling goes to Stripe with no trial', async () => {
      const buyer = await bought({ planType: 'standard', billingPeriod: 'monthly' });
      const firstSession = stripe.requests
        .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
        .at(-1)!;
      // Bought during the organization's trial: the first charge comes at its end (decision 0151).
      const firstData = firstSession.body.subscription_data as Record<string, unknown>;
      expect(Number(firstData.trial_end)).toBeGreaterThan(Date.now() / 1000 + 6 * 86_400);
      expect(firstSession.body.subscription_data).not.toHaveProperty('trial_period_days');

      stripe.setSubscription(buyer.subscriptionId!, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
      await deliver(
        stripe.signedEvent('customer.subscription.deleted', stripe.subscriptions.get(buyer.subscriptionId!)!),
      );
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('canceled');

      const again = await call('POST', '/api/create-checkout-session', buyer.cookie, {
        planType: 'standard',
        billingPeriod: 'monthly',
      });
      expect(again.statusCode, again.body).toBe(200);
      const secondSession = stripe.requests
        .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
        .at(-1)!;
      expect(secondSession.body.subscription_data).toBeDefined();
      expect(secondSession.body.subscription_data).not.toHaveProperty('trial_period_days');
      expect(secondSession.body.subscription_data).not.toHaveProperty('trial_end');
    });
  });
});
