import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingPayment, processedWebhookEvent } from '../../db/schema/billing.schema';
import { createBillingRepository } from './billing.repository';
import { useStripeTestApp } from '../../../test-support/stripe-test-app';
import { describeEachDatabase, signUpUser } from '../../../test-support/test-app';

/** One line of a Stripe Checkout session's form, as the catalogue prices an annual item. */
const annualLine = (unitAmount: string, name: string) => ({
  quantity: '1',
  price_data: { currency: 'usd', unit_amount: unitAmount, recurring: { interval: 'year' }, product_data: { name } },
});

/**
 * Billing against the real Stripe SDK, pointed at a stand-in for Stripe's API on loopback;
 * webhooks are signed with the SDK's own test-header helper.
 */
describeEachDatabase('billing with Stripe', (kind) => {
  const { t, stripe, call, me, deliver, paidAtStripe } = useStripeTestApp(kind);

  /** A signed-in person who has started (and, on Stripe, paid for) a checkout. */
  async function paidCheckout(
    body: Record<string, unknown> = { planType: 'standard', billingPeriod: 'monthly' },
    status?: string,
  ) {
    const user = await signUpUser(t.app);
    const paid = await paidAtStripe(user.cookie, body, status);
    return { ...user, ...paid, subscriptionId: paid.subscriptionId! };
  }

  it('has no "End trial now": the route does not exist with Stripe and the overview offers none', async () => {
    const user = await signUpUser(t.app);
    const res = await call('POST', '/api/billing/test-end-trial', user.cookie);
    expect(res.statusCode).toBe(404);
    const overview = await call('GET', '/api/billing', user.cookie);
    expect(overview.json().actions.testEndTrial).toBe(false);
    expect((await me(user.cookie)).organization).toMatchObject({ plan: 'trial' });
  });

  describe('checkout session', () => {
    it("is a Stripe Checkout subscription ending its trial with the organization's, priced from the catalogue only", async () => {
      const user = await signUpUser(t.app);
      const trialEnd = (await me(user.cookie)).organization!.trialEndsAt!;
      const res = await call('POST', '/api/create-checkout-session', user.cookie, {
        planType: 'pro',
        billingPeriod: 'annual',
        seats: 2,
        // Anything a client adds about price is ignored: only the catalogue decides.
        amount: 1,
        unit_amount: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { url, sessionId } = res.json();
      expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
      const params = stripe.sessions.get(sessionId)!._params as Record<string, never>;
      expect(params).toMatchObject({
        mode: 'subscription',
        allow_promotion_codes: 'true',
        client_reference_id: user.user.id,
        success_url: 'http://localhost:5000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:5000/checkout?plan=pro&billing=annual&canceled=1',
        subscription_data: {
          // No second trial (0151): the first invoice comes when the organization's trial ends.
          trial_end: String(Math.floor(Date.parse(trialEnd) / 1000)),
          metadata: { userId: user.user.id, plan: 'pro', billingPeriod: 'annual', seats: '2' },
        },
        line_items: {
          0: annualLine('199000', 'SignaturePro Pro (annual)'),
          1: annualLine('19000', 'Extra seat'),
        },
      });
      expect(params.customer).toMatch(/^cus_/);
    });

    it('applies a real promotion code, and makes LIFETIME1DOLLAR a $1 one-time payment', async () => {
      const promoId = stripe.addPromotionCode('LAUNCH10');
      const user = await signUpUser(t.app);
      const withCode = await call('POST', '/api/create-checkout-session', user.cookie, {
        planType: 'standard',
        billingPeriod: 'monthly',
        promotionCode: 'launch10',
      });
      const params = stripe.sessions.get(withCode.json().sessionId)!._params as Record<string, unknown>;
      expect(params.discounts).toEqual({ 0: { promotion_code: promoId } });
      expect(params.allow_promotion_codes).toBeUndefined();

      const lifetime = await paidCheckout({
        planType: 'pro',
        billingPeriod: 'monthly',
        promotionCode: 'LIFETIME1DOLLAR',
      });
      const lp = stripe.sessions.get(lifetime.sessionId)!._params as Record<string, never>;
      expect(lp).toMatchObject({ mode: 'payment', line_items: { 0: { price_data: { unit_amount: '100' } } } });
      expect(lp.subscription_data).toBeUndefined();
      const confirmed = await call('POST', '/api/payment-success', lifetime.cookie, { sessionId: lifetime.sessionId });
      expect(confirmed.json()).toMatchObject({
        state: 'complete',
        subscriptionStatus: 'lifetime',
        subscriptionPlan: 'Pro',
      });
    });
  });

  describe('webhook', () => {
    it('refuses a forged signature with 400 and changes nothing', async () => {
      const buyer = await paidCheckout();
      const session = stripe.sessions.get(buyer.sessionId)!;
      const forged = stripe.signedEvent('checkout.session.completed', session, { secret: 'whsec_not_the_real_one' });
      const res = await deliver(forged);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('The webhook signature could not be verified.');
      const unsigned = await deliver({ payload: forged.payload, signature: '' });
      expect(unsigned.statusCode).toBe(400);
      // A body altered after signing fails too.
      const real = stripe.signedEvent('checkout.session.completed', session);
      expect(
        (
          await deliver({
            payload: real.payload.replace('checkout.session', 'checkout.sessioN'),
            signature: real.signature,
          })
        ).statusCode,
      ).toBe(400);

      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('none');
      expect(
        await t.database.db.select().from(processedWebhookEvent).where(eq(processedWebhookEvent.id, forged.id)),
      ).toHaveLength(0);
    });

    it('checkout.session.completed makes the buyer active without the success page', async () => {
      const buyer = await paidCheckout();
      const res = await deliver(
        stripe.signedEvent('checkout.session.completed', stripe.sessions.get(buyer.sessionId)!),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true, duplicate: false });
      const state = await me(buyer.cookie);
      expect(state.user).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'Standard' });
      // The seats bought, in the trial too (0024; it was the trial's 10).
      expect(state.organization).toMatchObject({ plan: 'standard', seats: 1 });
    });

    it('applies the same event delivered 100 times, some concurrently, exactly once', async () => {
      const buyer = await paidCheckout(undefined, 'active');
      const event = stripe.signedEvent(
        'customer.subscription.updated',
        stripe.subscriptions.get(buyer.subscriptionId)!,
      );
      const concurrent = await Promise.all(Array.from({ length: 50 }, () => deliver(event)));
      const sequential = [];
      for (let i = 0; i < 50; i++) sequential.push(await deliver(event));
      const all = [...concurrent, ...sequential];
      expect(all.every((r) => r.statusCode === 200)).toBe(true);
      expect(all.filter((r) => r.json().duplicate === false)).toHaveLength(1);
      // The one application read the subscription back from Stripe once.
      expect(stripe.subscriptionReads.get(buyer.subscriptionId)).toBe(1);
      expect(
        await t.database.db.select().from(processedWebhookEvent).where(eq(processedWebhookEvent.id, event.id)),
      ).toHaveLength(1);
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('active');
    });

    it('records a paid invoice once however often it is delivered', async () => {
      const buyer = await paidCheckout(undefined, 'active');
      const invoice = {
        id: 'in_test_1',
        object: 'invoice',
        customer: 'cus_x',
        amount_paid: 1900,
        amount_due: 1900,
        currency: 'usd',
        number: 'SP-0001',
        hosted_invoice_url: 'https://invoice.stripe.test/i/1',
        parent: { type: 'subscription_details', subscription_details: { subscription: buyer.subscriptionId } },
      };
      const event = stripe.signedEvent('invoice.paid', invoice);
      await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
      // Stripe sends invoice.payment_succeeded for the same invoice too: still one record.
      await deliver(stripe.signedEvent('invoice.payment_succeeded', invoice));
      const rows = await t.database.db.select().from(billingPayment).where(eq(billingPayment.id, 'in_test_1'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        amount: 1900,
        status: 'paid',
        description: 'Invoice SP-0001',
        invoiceUrl: 'https://invoice.stripe.test/i/1',
      });
      // A late failure notice for an invoice already paid does not un-pay it.
      await deliver(stripe.signedEvent('invoice.payment_failed', { ...invoice, amount_paid: 0 }));
      expect(
        (await t.database.db.select().from(billingPayment).where(eq(billingPayment.id, 'in_test_1')))[0]!.status,
      ).toBe('paid');
    });

    it('a stale event arriving after a newer one leaves the newer state standing', async () => {
      const buyer = await paidCheckout(undefined, 'trialing');
      const created = stripe.signedEvent(
        'customer.subscription.created',
        { ...stripe.subscriptions.get(buyer.subscriptionId)! },
        { created: 1000 },
      );
      // Newer: the trial ended and the first payment failed.
      stripe.setSubscription(buyer.subscriptionId, { status: 'past_due', trial_end: null });
      const updated = stripe.signedEvent(
        'customer.subscription.updated',
        { ...stripe.subscriptions.get(buyer.subscriptionId)! },
        { created: 2000 },
      );
      expect((await deliver(updated)).statusCode).toBe(200);
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('past_due');
      // The older 'created' event (it says trialing) arrives last: the state is re-read, not taken from it.
      expect((await deliver(created)).statusCode).toBe(200);
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('past_due');
    });

    it('a handler holding an older read cannot overwrite a fresher one', async () => {
      const buyer = await paidCheckout(undefined, 'active');
      const repository = createBillingRepository(t.database.db);
      // The fast handler read "canceled" and wrote it.
      stripe.setSubscription(buyer.subscriptionId, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
      await t.app.services.billing.fulfilment.syncSubscription(buyer.subscriptionId);
      const stored = (await repository.findSubscription(buyer.subscriptionId))!;
      expect(stored.providerStatus).toBe('canceled');
      // The slow handler read "active" a minute earlier and writes last: refused.
      const olderRead = new Date(stored.stateReadAt.getTime() - 60_000);
      expect(
        await repository.upsertSubscriptionState({ ...stored, providerStatus: 'active', stateReadAt: olderRead }),
      ).toBe(false);
      expect((await repository.findSubscription(buyer.subscriptionId))!.providerStatus).toBe('canceled');
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('canceled');
    });

    it("someone else's session id on the success page changes nothing", async () => {
      const buyer = await paidCheckout();
      const stranger = await signUpUser(t.app);
      const res = await call('POST', '/api/payment-success', stranger.cookie, { sessionId: buyer.sessionId });
      expect(res.statusCode).toBe(404);
      expect((await me(stranger.cookie)).user.subscriptionStatus).toBe('none');
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('none');
      // The buyer's own confirmation works.
      const own = await call('POST', '/api/payment-success', buyer.cookie, { sessionId: buyer.sessionId });
      expect(own.json()).toMatchObject({ state: 'complete', subscriptionStatus: 'active' });
    });

    it.each([
      ['past_due', 'past_due', 'standard'],
      ['unpaid', 'past_due', 'standard'],
      ['paused', 'paused', 'free'],
      ['canceled', 'canceled', 'free'],
    ])('Stripe %s → our %s (organization on %s)', async (stripeStatus, ours, orgPlan) => {
      const buyer = await paidCheckout(undefined, 'active');
      await deliver(stripe.signedEvent('checkout.session.completed', stripe.sessions.get(buyer.sessionId)!));
      stripe.setSubscription(buyer.subscriptionId, { status: stripeStatus });
      await deliver(
        stripe.signedEvent('customer.subscription.updated', stripe.subscriptions.get(buyer.subscriptionId)!),
      );
      const state = await me(buyer.cookie);
      expect(state.user.subscriptionStatus).toBe(ours);
      expect(state.organization.plan).toBe(orgPlan);
    });

    it('an incomplete first payment grants nothing', async () => {
      const buyer = await paidCheckout(undefined, 'incomplete');
      await call('POST', '/api/select-free-plan', buyer.cookie, {});
      await deliver(stripe.signedEvent('checkout.session.completed', stripe.sessions.get(buyer.sessionId)!));
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('free');
    });

    it('ignores events for objects this app did not create', async () => {
      const res = await deliver(
        stripe.signedEvent('checkout.session.completed', { id: 'cs_someone_elses', object: 'checkout.session' }),
      );
      expect(res.statusCode).toBe(200);
      const other = await deliver(stripe.signedEvent('charge.refunded', { id: 'ch_1', object: 'charge' }));
      expect(other.json()).toEqual({ received: true, duplicate: false });
    });
  });

  it('opens the Stripe customer portal for a customer', async () => {
    const buyer = await paidCheckout();
    const res = await call('POST', '/api/billing/portal', buyer.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const portalCall = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portalCall.body.return_url).toBe('http://localhost:5000/account/billing');
    expect((await call('GET', '/api/billing', buyer.cookie)).json()).toMatchObject({
      provider: 'stripe',
      canManageBilling: true,
    });
  });

  describe('managing the subscription from Plan & Billing', () => {
    /** A paid checkout confirmed by the success page, so our rows know the subscription. */
    async function subscriber(body?: Record<string, unknown>) {
      const buyer = await paidCheckout(body);
      expect(
        (await call('POST', '/api/payment-success', buyer.cookie, { sessionId: buyer.sessionId })).statusCode,
      ).toBe(200);
      return buyer;
    }

    it('cancel asks Stripe to end it at the period end; resume takes that back', async () => {
      const buyer = await subscriber();
      const canceled = await call('POST', '/api/billing/cancel', buyer.cookie);
      expect(canceled.statusCode, canceled.body).toBe(200);
      const cancelCall = stripe.requests
        .filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${buyer.subscriptionId}`)
        .at(-1)!;
      expect(cancelCall.body).toEqual({ cancel_at_period_end: 'true' });
      expect(canceled.json()).toMatchObject({
        subscription: { cancelAtPeriodEnd: true },
        actions: { cancel: false, resume: true, change: false },
      });
      expect((await me(buyer.cookie)).user.subscriptionStatus).toBe('active');

      const resumed = await call('POST', '/api/billing/resume', buyer.cookie);
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(stripe.subscriptions.get(buyer.subscriptionId)).toMatchObject({ cancel_at_period_end: false });
      expect(resumed.json()).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
    });

    it('a plan change replaces the items with catalogue prices, prorated, and records the new terms', async () => {
      const buyer = await subscriber();
      const res = await call('POST', '/api/billing/change-plan', buyer.cookie, {
        planType: 'pro',
        billingPeriod: 'annual',
        seats: 2,
        unit_amount: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      const update = stripe.requests
        .filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${buyer.subscriptionId}`)
        .at(-1)!;
      expect(update.body).toMatchObject({
        proration_behavior: 'create_prorations',
        metadata: { plan: 'pro', billingPeriod: 'annual', seats: '2' },
        items: {
          '0': { deleted: 'true' },
          '1': {
            quantity: '1',
            price_data: { currency: 'usd', unit_amount: '199000', recurring: { interval: 'year' } },
          },
          '2': {
            quantity: '1',
            price_data: { currency: 'usd', unit_amount: '19000', recurring: { interval: 'year' } },
          },
        },
      });
      // Products are made once under stable ids and reused on the next change.
      const products = stripe.requests
        .filter((r) => r.method === 'POST' && r.path === '/v1/products')
        .map((r) => r.body.id);
      expect(products).toEqual(
        expect.arrayContaining(['signaturepro_signaturepro_pro_annual', 'signaturepro_extra_seat']),
      );
      expect(res.json()).toMatchObject({
        subscriptionPlan: 'Pro',
        subscription: { plan: 'pro', billingPeriod: 'annual', seats: 2 },
      });
      expect((await me(buyer.cookie)).organization.plan).toBe('pro');

      const before = stripe.requests.filter((r) => r.path === '/v1/products' && r.method === 'POST').length;
      const again = await call('POST', '/api/billing/change-plan', buyer.cookie, {
        planType: 'pro',
        billingPeriod: 'annual',
        seats: 3,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(stripe.requests.filter((r) => r.path === '/v1/products' && r.method === 'POST').length).toBe(before);

      // A later webhook for the subscription keeps the changed terms (they live in its metadata).
      await deliver(
        stripe.signedEvent('customer.subscription.updated', stripe.subscriptions.get(buyer.subscriptionId)!),
      );
      expect((await call('GET', '/api/billing', buyer.cookie)).json().subscription).toMatchObject({
        plan: 'pro',
        seats: 3,
      });
    });

    it('account deletion cancels the subscription at Stripe first, and stops if Stripe cannot be reached', async () => {
      const buyer = await subscriber();
      stripe.failRequests({ method: 'DELETE', path: /^\/v1\/subscriptions\// });
      const refused = await call('POST', '/api/account/delete', buyer.cookie, {
        confirmation: 'DELETE MY ACCOUNT',
        password: 'Sup3r-secret-pass',
      });
      stripe.failRequests(null);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toBe(
        'We could not cancel your subscription, so your account was not deleted. Please try again in a minute.',
      );
      expect((await me(buyer.cookie)).user.id).toBe(buyer.user.id);
      expect(stripe.subscriptions.get(buyer.subscriptionId)).toMatchObject({ status: 'trialing' });

      const deleted = await call('POST', '/api/account/delete', buyer.cookie, {
        confirmation: 'DELETE MY ACCOUNT',
        password: 'Sup3r-secret-pass',
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(stripe.subscriptions.get(buyer.subscriptionId)).toMatchObject({ status: 'canceled' });
      // Stripe's deletion event arrives after the person is gone: acknowledged, nothing recreated.
      const late = await deliver(
        stripe.signedEvent('customer.subscription.deleted', stripe.subscriptions.get(buyer.subscriptionId)!),
      );
      expect(late.statusCode).toBe(200);
      expect(await createBillingRepository(t.database.db).findSubscription(buyer.subscriptionId)).toBeUndefined();
    });
  });
});
