import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { analyticsEvent } from '../../db/schema/signatures.schema';
import { organization } from '../../db/schema/auth.schema';
import { billingPayment } from '../../db/schema/billing.schema';
import { useBillingApp } from '../../../test-support/billing-calls';
import { describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { daysAfter } from '../../../shared/duration';

/** The whole flow with the built-in test provider (no STRIPE_SECRET_KEY), at the API level. */
describeEachDatabase('billing with the test payment provider', (kind) => {
  const { t, call, me, buy } = useBillingApp(kind);

  it('refuses every billing call without a session', async () => {
    for (const url of [
      '/api/select-free-plan',
      '/api/create-checkout-session',
      '/api/payment-success',
      '/api/billing/portal',
    ]) {
      expect((await call('POST', url, undefined, {})).statusCode, url).toBe(401);
    }
  });

  it('select-free-plan lets the person in with the watermark (status free)', async () => {
    const { cookie } = await signUpUser(t.app);
    expect((await me(cookie)).user.subscriptionStatus).toBe('none');
    const res = await call('POST', '/api/select-free-plan', cookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, subscriptionStatus: 'free' });
    const after = await me(cookie);
    expect(after.user).toMatchObject({ subscriptionStatus: 'free', subscriptionPlan: 'Free' });
    // Free means "stay on Free when the trial ends": the organization's trial runs on (0150).
    expect(after.organization).toMatchObject({ plan: 'trial', seats: 10 });
    expect(Date.parse(after.organization.trialEndsAt)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
  });

  it('checkout → test payment page → pay → success: active, no watermark, organization on Standard', async () => {
    const { cookie } = await signUpUser(t.app);
    const { url, sessionId, page, redirectUrl } = await buy(cookie, {
      planType: 'standard',
      billingPeriod: 'monthly',
      promotionCode: '',
    });
    expect(url).toBe(`http://localhost:5000/checkout/test-payment/${sessionId}`);
    expect(page).toMatchObject({
      status: 'open',
      planName: 'Standard',
      kind: 'subscription',
      dueToday: 0,
      recurringTotal: 1900,
      firstPaymentOn: expect.any(String),
    });
    expect(redirectUrl).toBe(`http://localhost:5000/checkout/success?session_id=${sessionId}`);

    // Pay already fulfilled it (as a webhook would); the success page's confirmation is idempotent.
    for (let i = 0; i < 2; i++) {
      const confirmed = await call('POST', '/api/payment-success', cookie, { sessionId });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({
        ok: true,
        state: 'complete',
        subscriptionStatus: 'active',
        subscriptionPlan: 'Standard',
        heading: 'Your Standard trial has started',
        message: expect.stringMatching(
          /^Your 7-day Standard trial has started\. First charge \$19 on \d{1,2} \w{3,4} \d{4}; cancel any time in Plan & Billing\.$/,
        ),
      });
    }
    const after = await me(cookie);
    expect(after.user).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'Standard' });
    // Inside the subscription's own trial too, the seats bought (0024; it was the trial's 10).
    expect(after.organization).toMatchObject({ plan: 'standard', seats: 1 });

    const overview = (await call('GET', '/api/billing', cookie)).json();
    expect(overview).toMatchObject({
      provider: 'test',
      subscriptionStatus: 'active',
      hasLivePlan: true,
      canManageBilling: false,
    });
    expect(overview.subscription).toMatchObject({
      plan: 'standard',
      billingPeriod: 'monthly',
      providerStatus: 'trialing',
      seats: 1,
    });

    const clicks = await t.database.db
      .select()
      .from(analyticsEvent)
      .where(eq(analyticsEvent.name, 'plan_upgrade_clicked'));
    expect(clicks.some((e) => e.userId === after.user.id && e.properties.plan === 'standard')).toBe(true);
  });

  it("someone else's session id changes nothing and reveals nothing", async () => {
    const owner = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    const started = await call('POST', '/api/create-checkout-session', owner.cookie, {
      planType: 'pro',
      billingPeriod: 'annual',
    });
    const { sessionId } = started.json();
    await call('POST', `/api/test-payments/${sessionId}/pay`);

    const res = await call('POST', '/api/payment-success', stranger.cookie, { sessionId });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(
      'We could not find that payment session. If you were charged, please contact support.',
    );
    expect((await me(stranger.cookie)).user).toMatchObject({ subscriptionStatus: 'none', subscriptionPlan: null });
    expect((await me(stranger.cookie)).organization).toMatchObject({ plan: 'trial' });
    expect((await me(owner.cookie)).user).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'Pro' });
  });

  it('answers a missing or unknown session id with the spec words', async () => {
    const { cookie } = await signUpUser(t.app);
    const missing = await call('POST', '/api/payment-success', cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('No payment session found');
    expect((await call('POST', '/api/payment-success', cookie, { sessionId: 'cs_test_nope' })).statusCode).toBe(404);
  });

  it('LIFETIME1DOLLAR: a $1 one-time payment gives lifetime access, and nothing more can be bought', async () => {
    const { cookie } = await signUpUser(t.app);
    const { sessionId, page, redirectUrl } = await buy(cookie, {
      planType: 'standard',
      billingPeriod: 'monthly',
      promotionCode: 'lifetime1dollar',
    });
    expect(page).toMatchObject({ kind: 'lifetime', dueToday: 100, recurringTotal: 0, firstPaymentOn: null });
    expect(redirectUrl).toContain('&lifetime=1');
    const confirmed = await call('POST', '/api/payment-success', cookie, { sessionId });
    expect(confirmed.json()).toMatchObject({
      state: 'complete',
      subscriptionStatus: 'lifetime',
      subscriptionPlan: 'Standard',
    });
    const payments = await t.database.db
      .select()
      .from(billingPayment)
      .where(eq(billingPayment.checkoutSessionId, sessionId));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ kind: 'lifetime', amount: 100, status: 'paid' });

    const again = await call('POST', '/api/create-checkout-session', cookie, {
      planType: 'pro',
      billingPeriod: 'monthly',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Your account already has lifetime access, so there is nothing more to pay for.');
    expect((await call('POST', '/api/select-free-plan', cookie, {})).statusCode).toBe(409);
  });

  it('refuses a second subscription, an unknown promotion code and bad input', async () => {
    const { cookie } = await signUpUser(t.app);
    const bad = await call('POST', '/api/create-checkout-session', cookie, {
      planType: 'gold',
      billingPeriod: 'monthly',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.planType).toBe('Please choose the Standard or Pro plan.');
    const code = await call('POST', '/api/create-checkout-session', cookie, {
      planType: 'pro',
      billingPeriod: 'monthly',
      promotionCode: 'half-off',
    });
    expect(code.statusCode).toBe(400);
    expect(code.json().errors.promotionCode).toBe('That promotion code is not valid.');

    await buy(cookie, { planType: 'standard', billingPeriod: 'annual' });
    const second = await call('POST', '/api/create-checkout-session', cookie, {
      planType: 'pro',
      billingPeriod: 'monthly',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(
      'You already have a Standard subscription. You can change or cancel it from Plan & Billing.',
    );
    const free = await call('POST', '/api/select-free-plan', cookie, {});
    expect(free.statusCode).toBe(409);
    expect((await me(cookie)).user.subscriptionStatus).toBe('active');
  });

  it('Cancel on the test page changes nothing and returns to checkout; Pay afterwards is refused', async () => {
    const { cookie } = await signUpUser(t.app);
    const { sessionId } = (
      await call('POST', '/api/create-checkout-session', cookie, { planType: 'pro', billingPeriod: 'monthly' })
    ).json();
    const canceled = await call('POST', `/api/test-payments/${sessionId}/cancel`);
    expect(canceled.json().redirectUrl).toBe('http://localhost:5000/checkout?plan=pro&billing=monthly&canceled=1');
    expect((await call('POST', `/api/test-payments/${sessionId}/pay`)).statusCode).toBe(409);
    expect((await call('POST', '/api/payment-success', cookie, { sessionId })).json()).toMatchObject({
      state: 'pending',
      subscriptionStatus: 'none',
    });
  });

  it('statuses: trial ends paid → paid seats; past due → watermark, team kept; canceled → Free', async () => {
    const { cookie } = await signUpUser(t.app);
    const { sessionId } = await buy(cookie, { planType: 'pro', billingPeriod: 'monthly', seats: 3 });
    const { billing } = t.app.services;
    const subscriptionId = (await billing.testProvider!.retrieveCheckoutSession(sessionId)).subscriptionId!;

    // Eight days later the test provider charges the first invoice, as Stripe would.
    const result = await billing.maintenance.run(daysAfter(Date.now(), 8));
    expect(result.subscriptionsSettled).toBeGreaterThanOrEqual(1);
    let state = await me(cookie);
    expect(state.user.subscriptionStatus).toBe('active');
    expect(state.organization).toMatchObject({ plan: 'pro', seats: 3 });
    const invoices = (await call('GET', '/api/billing', cookie)).json().payments;
    expect(invoices).toEqual([expect.objectContaining({ amount: 19900 + 2 * 1900, status: 'paid' })]);

    await billing.fulfilment.applyEvent(
      await billing.testProvider!.updateSubscription(subscriptionId, { status: 'past_due' }),
    );
    state = await me(cookie);
    expect(state.user).toMatchObject({ subscriptionStatus: 'past_due', subscriptionPlan: 'Pro' });
    expect(state.organization).toMatchObject({ plan: 'pro', seats: 3 });

    await billing.fulfilment.applyEvent(
      await billing.testProvider!.updateSubscription(subscriptionId, { status: 'canceled' }),
    );
    state = await me(cookie);
    expect(state.user).toMatchObject({ subscriptionStatus: 'canceled', subscriptionPlan: 'Free' });
    expect(state.organization).toMatchObject({ plan: 'free', seats: 1 });
    // Canceled is not "no plan chosen": the editor stays open (with the watermark), and Free can be chosen.
    expect((await call('POST', '/api/select-free-plan', cookie, {})).statusCode).toBe(200);
  });

  it('an organization trial that ends unpaid drops to Free with one seat', async () => {
    const { cookie } = await signUpUser(t.app);
    const orgId = (await me(cookie)).organization.id;
    await t.database.db
      .update(organization)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(organization.id, orgId));
    // GET /api/auth/me never shows a trial past its end, even before the job stores it (0150).
    expect((await me(cookie)).organization).toMatchObject({ plan: 'free', seats: 1 });
    await t.app.services.billing.maintenance.run();
    expect((await me(cookie)).organization).toMatchObject({ plan: 'free', seats: 1 });
    const [stored] = await t.database.db.select().from(organization).where(eq(organization.id, orgId));
    expect(stored).toMatchObject({ plan: 'free', seats: 1 });
  });

  it('Stripe-only endpoints say plainly that Stripe is not configured', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toContain('STRIPE_SECRET_KEY');
    const { cookie } = await signUpUser(t.app);
    const portal = await call('POST', '/api/billing/portal', cookie, {});
    expect(portal.statusCode).toBe(404);
    expect(portal.json().error).toBe('There is no billing account to manage yet. Choose a paid plan first.');
  });
});
