import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { user as userTable } from '../../db/schema/auth.schema';
import { billingSubscription } from '../../db/schema/billing.schema';
import { useBillingApp } from '../../../test-support/billing-calls';
import { describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { invite, join, signUpPerson } from '../../../test-support/team-world';
import { daysAfter } from '../../../shared/duration';

/**
 * Managing a live subscription from Plan & Billing with the built-in test provider: cancel at
 * the period end, resume, switch plan/period/seats in place, and cancellation on account deletion.
 */
describeEachDatabase('managing a subscription (test payment provider)', (kind) => {
  const { t, call, me, overview, runClock, buy, changePlan } = useBillingApp(kind);

  it('refuses the management calls without a session', async () => {
    for (const url of ['/api/billing/cancel', '/api/billing/resume', '/api/billing/change-plan']) {
      const res = await call('POST', url, undefined, {});
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('says plainly when there is nothing to manage', async () => {
    const { cookie } = await signUpUser(t.app);
    expect((await overview(cookie)).actions).toEqual({
      cancel: false,
      resume: false,
      change: false,
      testRefund: false,
      // A new organization's trial runs, and its owner may end it in test mode (0154).
      testEndTrial: true,
    });
    for (const [url, body] of [
      ['/api/billing/cancel', {}],
      ['/api/billing/resume', {}],
      ['/api/billing/change-plan', { planType: 'pro', billingPeriod: 'monthly', seats: 1 }],
    ] as const) {
      const res = await call('POST', url, cookie, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('You have no subscription to manage. Choose a plan on the pricing page first.');
    }
  });

  it('cancel keeps the plan to the end of the trial, resume takes it back, and a cancellation that runs out ends on Free without a charge', async () => {
    const { cookie } = await signUpUser(t.app);
    const { subscriptionId } = await buy(cookie, { planType: 'standard', billingPeriod: 'monthly' });
    expect((await overview(cookie)).actions).toEqual({
      cancel: true,
      resume: false,
      change: true,
      testRefund: true,
      testEndTrial: true,
    });

    const canceled = await call('POST', '/api/billing/cancel', cookie);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      subscriptionStatus: 'active',
      subscription: { plan: 'standard', providerStatus: 'trialing', cancelAtPeriodEnd: true },
      actions: { cancel: false, resume: true, change: false },
    });
    // Still paid up to the end: no watermark, the team keeps its plan.
    expect((await me(cookie)).user).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'Standard' });
    // Pressing it twice changes nothing more.
    expect((await call('POST', '/api/billing/cancel', cookie)).json().subscription.cancelAtPeriodEnd).toBe(true);

    const change = await changePlan(cookie, { planType: 'pro', billingPeriod: 'monthly', seats: 1 });
    expect(change.statusCode).toBe(409);
    expect(change.json().error).toMatch(
      /^Your subscription is set to end on .+\. Resume it first, then change your plan\.$/,
    );

    const resumed = await call('POST', '/api/billing/resume', cookie);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({
      subscription: { cancelAtPeriodEnd: false },
      actions: { cancel: true, resume: false, change: true },
    });

    expect((await call('POST', '/api/billing/cancel', cookie)).statusCode).toBe(200);
    await runClock(daysAfter(Date.now(), 8));
    const after = await me(cookie);
    expect(after.user).toMatchObject({ subscriptionStatus: 'canceled', subscriptionPlan: 'Free' });
    expect(after.organization).toMatchObject({ plan: 'free', seats: 1 });
    const billing = await overview(cookie);
    expect(billing).toMatchObject({
      hasLivePlan: false,
      payments: [],
      actions: { cancel: false, resume: false, change: false },
    });
    expect(billing.subscription).toMatchObject({ providerStatus: 'canceled' });
    const [row] = await t.database.db
      .select()
      .from(billingSubscription)
      .where(eq(billingSubscription.id, subscriptionId!));
    expect(row?.providerStatus).toBe('canceled');
    // Nothing live any more: the person may buy again, and resume has nothing to act on.
    expect((await call('POST', '/api/billing/resume', cookie)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/create-checkout-session', cookie, { planType: 'pro', billingPeriod: 'monthly' }))
        .statusCode,
    ).toBe(200);
  });

  it('switches Standard monthly to Pro annual with 3 seats in place; the next invoice charges the new terms', async () => {
    const { cookie } = await signUpUser(t.app);
    await buy(cookie, { planType: 'standard', billingPeriod: 'monthly' });

    const same = await changePlan(cookie, { planType: 'standard', billingPeriod: 'monthly', seats: 1 });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toBe(
      'That is already your plan. Choose another plan, billing period or number of seats.',
    );
    const bad = await changePlan(cookie, { planType: 'gold', billingPeriod: 'monthly', seats: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      planType: 'Please choose the Standard or Pro plan.',
      seats: 'At least one seat is needed.',
    });

    const changed = await changePlan(cookie, { planType: 'pro', billingPeriod: 'annual', seats: 3 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      subscriptionPlan: 'Pro',
      subscription: { plan: 'pro', billingPeriod: 'annual', seats: 3, providerStatus: 'trialing' },
    });
    let state = await me(cookie);
    expect(state.user).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'Pro' });
    // In the trial as after it: the seats bought (0024; it was the trial's 10 until it ended).
    expect(state.organization).toMatchObject({ plan: 'pro', seats: 3 });

    await runClock(daysAfter(Date.now(), 8));
    state = await me(cookie);
    expect(state.organization).toMatchObject({ plan: 'pro', seats: 3 });
    expect((await overview(cookie)).payments).toEqual([
      expect.objectContaining({ amount: 199_000 + 2 * 19_000, status: 'paid' }),
    ]);

    // And back down to Standard monthly with one seat.
    const down = await changePlan(cookie, { planType: 'standard', billingPeriod: 'monthly', seats: 1 });
    expect(down.statusCode, down.body).toBe(200);
    state = await me(cookie);
    expect(state.user.subscriptionPlan).toBe('Standard');
    expect(state.organization).toMatchObject({ plan: 'standard', seats: 1 });
  });

  it('will not sell fewer seats than the organization fills', async () => {
    const owner = await signUpPerson(t, 'Seat Owner');
    await buy(owner.cookie, { planType: 'pro', billingPeriod: 'monthly', seats: 3 });
    await runClock(daysAfter(Date.now(), 8));
    const colleague = await signUpPerson(t, 'Seat Colleague');
    await join(t, owner, colleague, 'member');
    await invite(t, owner, `pending-${Date.now()}@example.com`);

    const res = await changePlan(owner.cookie, { planType: 'pro', billingPeriod: 'monthly', seats: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Your organization uses 3 seats. Remove members or withdraw invitations first, or keep at least 3 seats.',
    );
    expect((await me(owner.cookie)).organization).toMatchObject({ plan: 'pro', seats: 3 });
    // More seats are always fine.
    expect((await changePlan(owner.cookie, { planType: 'pro', billingPeriod: 'monthly', seats: 5 })).statusCode).toBe(
      200,
    );
    expect((await me(owner.cookie)).organization).toMatchObject({ plan: 'pro', seats: 5 });

    // A member manages only their own billing: the owner's subscription is not theirs to touch.
    expect((await call('POST', '/api/billing/cancel', colleague.cookie)).statusCode).toBe(404);
    expect(
      (await changePlan(colleague.cookie, { planType: 'standard', billingPeriod: 'monthly', seats: 1 })).statusCode,
    ).toBe(404);
    expect((await overview(owner.cookie)).subscription).toMatchObject({
      plan: 'pro',
      seats: 5,
      cancelAtPeriodEnd: false,
    });
  });

  it('deleting the account cancels the live subscription at once, then removes the person', async () => {
    const person = await signUpUser(t.app);
    const { subscriptionId } = await buy(person.cookie, { planType: 'pro', billingPeriod: 'monthly' });
    const res = await call('POST', '/api/account/delete', person.cookie, {
      confirmation: 'DELETE MY ACCOUNT',
      password: 'Sup3r-secret-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.services.billing.testProvider!.retrieveSubscription(subscriptionId!)).status).toBe('canceled');
    expect(await t.database.db.select().from(userTable).where(eq(userTable.id, person.user.id))).toEqual([]);
    // The clock later finds nothing to charge for it.
    const events = await t.app.services.billing.testProvider!.settleDue(daysAfter(Date.now(), 40));
    expect(
      events.some((e) => e.subject.kind === 'invoice' && e.subject.invoice.subscriptionId === subscriptionId),
    ).toBe(false);
  });

  it('an admin who pays for the team and deletes their account leaves the organization on Free, not on a plan nobody pays for', async () => {
    const owner = await signUpPerson(t, 'Team Owner');
    const admin = await join(t, owner, await signUpPerson(t, 'Paying Admin'), 'admin');
    const { subscriptionId } = await buy(admin.cookie, { planType: 'pro', billingPeriod: 'monthly', seats: 3 });
    expect((await me(owner.cookie)).organization).toMatchObject({ plan: 'pro', seats: 3 });

    const res = await call('POST', '/api/account/delete', admin.cookie, {
      confirmation: 'DELETE MY ACCOUNT',
      password: 'Sup3r-secret-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.services.billing.testProvider!.retrieveSubscription(subscriptionId!)).status).toBe('canceled');
    expect((await me(owner.cookie)).organization).toMatchObject({ plan: 'free', seats: 1 });
  });

  it('an admin who bought lifetime access for the team and deletes their account leaves the organization on Free', async () => {
    const owner = await signUpPerson(t, 'Lifetime Owner');
    const admin = await join(t, owner, await signUpPerson(t, 'Lifetime Admin'), 'admin');
    const started = await call('POST', '/api/create-checkout-session', admin.cookie, {
      planType: 'pro',
      billingPeriod: 'monthly',
      promotionCode: 'LIFETIME1DOLLAR',
    });
    expect((await call('POST', `/api/test-payments/${started.json().sessionId}/pay`)).statusCode).toBe(200);
    expect((await me(owner.cookie)).organization).toMatchObject({ plan: 'pro' });

    expect(
      (
        await call('POST', '/api/account/delete', admin.cookie, {
          confirmation: 'DELETE MY ACCOUNT',
          password: 'Sup3r-secret-pass',
        })
      ).statusCode,
    ).toBe(200);
    expect((await me(owner.cookie)).organization).toMatchObject({ plan: 'free', seats: 1 });
  });
});
