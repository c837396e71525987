import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { analyticsEvent } from '../../db/schema/signatures.schema';
import { billingSubscription, checkoutSession, processedWebhookEvent } from '../../db/schema/billing.schema';
import { describeEachDatabase } from '../../../test-support/test-app';
import {
  buyOnTestPage,
  checkoutInput,
  expectRefusal,
  inviteBy,
  joinAs,
  makePerson,
  organizationOf,
  userRow,
  useServiceWorld,
  type ServiceWorld,
} from '../../../test-support/service-world';
import { DAY_MS, daysAfter, MINUTE_MS } from '../../../shared/duration';

const NOTHING_TO_MANAGE = 'You have no subscription to manage. Choose a plan on the pricing page first.';

/** The billing services called directly on a real database, with the built-in test payment provider. */
describeEachDatabase('billing service (test payment provider)', (kind) => {
  const world = useServiceWorld(kind);
  const subscriptionsOf = (w: ServiceWorld, userId: string) =>
    w.db.select().from(billingSubscription).where(eq(billingSubscription.userId, userId));
  /** Someone who has a plan starts another checkout: refused as a conflict, with these words. */
  const checkoutRefused = (userId: string, words: string) =>
    expectRefusal(
      world().billing.checkout.startCheckout(userId, checkoutInput({ planType: 'pro', billingPeriod: 'monthly' })),
      'CONFLICT',
      words,
    );

  it('a new person: nothing bought, a trial available, the watermark shown, nothing to manage', async () => {
    const w = world();
    const person = await makePerson(w);
    expect(await w.billing.status.getOverview(person.id)).toEqual({
      provider: 'test',
      subscriptionStatus: 'none',
      subscriptionPlan: null,
      statusLabel: expect.any(String),
      subscription: null,
      payments: [],
      canManageBilling: false,
      hasLivePlan: false,
      actions: { cancel: false, resume: false, change: false, testRefund: false, testEndTrial: true },
      trialAvailable: true,
      checkoutTrialEnd: (await organizationOf(w, person.id)).trialEndsAt!.toISOString(),
      leaveNotice: null,
    });
    expect(await w.billing.status.getEntitlement(person.id)).toEqual({
      subscriptionStatus: 'none',
      watermark: true,
      coveredByTeam: false,
      seatNotice: null,
    });
    // One call at a time: each refusal is awaited before the next call starts.
    const manage = [
      () => w.billing.manage.cancelSubscription(person.id),
      () => w.billing.manage.resumeSubscription(person.id),
      () => w.billing.manage.changePlan(person.id, { planType: 'pro', billingPeriod: 'monthly', seats: 1 }),
      () => w.billing.manage.testRefund(person.id),
    ];
    for (const call of manage) await expectRefusal(call(), 'NOT_FOUND', NOTHING_TO_MANAGE);
    await expectRefusal(w.billing.status.getOverview('no-such-user'), 'UNAUTHENTICATED', 'Please log in to continue.');
  });

  it('Free chosen on day 1 keeps Pro features and 10 seats until the trial ends, then Free (plan free, 1 seat)', async () => {
    const w = world();
    const person = await makePerson(w);
    expect(await w.billing.checkout.selectFreePlan(person.id)).toEqual({ ok: true, subscriptionStatus: 'free' });
    expect(await userRow(w, person.id)).toMatchObject({ subscriptionStatus: 'free', subscriptionPlan: 'Free' });
    const org = await organizationOf(w, person.id);
    expect(org).toMatchObject({ plan: 'trial', seats: 10 });
    const trialEnd = org.trialEndsAt!;
    expect(trialEnd.getTime() - Date.now()).toBeGreaterThan(7 * DAY_MS - MINUTE_MS);
    // The watermark follows the person's own status (Free), trial or not.
    expect((await w.billing.status.getEntitlement(person.id)).watermark).toBe(true);

    // Day 1 of the trial: Pro's features and 10 seats, with Free chosen.
    const during = await w.teams.getOrganization(person.id);
    expect(during.capabilities).toEqual({
      teamMembers: true,
      teamRoles: true,
      signatureDefaults: true,
      organizationTemplates: true,
      workspacePush: true,
      severalSignatures: true,
      campaigns: true,
    });
    expect(during.seats).toMatchObject({ limit: 10, onTrial: true });
    await inviteBy(w, person, `svc-free-trial-${Date.now()}@example.com`, 'admin');

    // A pass just before the end changes nothing; one just after puts the organization on Free.
    await w.billing.maintenance.run(new Date(trialEnd.getTime() - 60_000));
    expect(await organizationOf(w, person.id)).toMatchObject({ plan: 'trial', seats: 10 });
    expect((await w.billing.maintenance.run(new Date(trialEnd.getTime() + 1000))).trialsEnded).toBeGreaterThanOrEqual(
      1,
    );
    expect(await organizationOf(w, person.id)).toMatchObject({ plan: 'free', seats: 1 });
    const after = await w.teams.getOrganization(person.id);
    expect(after.capabilities.teamMembers).toBe(false);
    expect(after.capabilities.workspacePush).toBe(false);
    expect(after.seats).toMatchObject({ limit: 1, onTrial: false });
    await expectRefusal(
      w.invitations.invite(person.id, { email: `svc-after-${Date.now()}@example.com`, role: 'member' }),
      'FORBIDDEN',
      'Team members are part of the Standard plan ($19/month). Upgrade under Plan & Billing.',
    );
    expect(await userRow(w, person.id)).toMatchObject({ subscriptionStatus: 'free' });
  });

  it('checkout, pay on the test page and confirm: the plan is in place, priced from the catalogue, and cannot be bought twice', async () => {
    const w = world();
    const person = await makePerson(w);
    const bought = await buyOnTestPage(w, person.id, { planType: 'standard', billingPeriod: 'monthly', seats: 3 });
    expect(bought.url).toBe(`http://localhost:5000/checkout/test-payment/${encodeURIComponent(bought.sessionId)}`);
    expect(bought.redirectUrl).toBe(
      `http://localhost:5000/checkout/success?session_id=${encodeURIComponent(bought.sessionId)}`,
    );
    expect(bought.confirmed).toEqual({
      ok: true,
      state: 'complete',
      subscriptionStatus: 'active',
      subscriptionPlan: 'Standard',
      heading: 'Your Standard trial has started',
      message: expect.stringMatching(/^Your 7-day Standard trial has started\. First charge \$57 on /),
    });
    const [session] = await w.db.select().from(checkoutSession).where(eq(checkoutSession.id, bought.sessionId));
    expect(session).toMatchObject({
      userId: person.id,
      organizationId: person.organizationId,
      plan: 'standard',
      seats: 3,
      kind: 'subscription',
    });
    expect(
      await w.db
        .select()
        .from(analyticsEvent)
        .where(and(eq(analyticsEvent.userId, person.id), eq(analyticsEvent.name, 'plan_upgrade_clicked'))),
    ).toHaveLength(1);
    expect(await organizationOf(w, person.id)).toMatchObject({ plan: 'standard', seats: 3 });
    expect(await w.billing.status.getOverview(person.id)).toMatchObject({
      subscriptionStatus: 'active',
      subscription: { plan: 'standard', billingPeriod: 'monthly', seats: 3, providerStatus: 'trialing' },
      hasLivePlan: true,
      actions: { cancel: true, resume: false, change: true, testRefund: true, testEndTrial: true },
      trialAvailable: false,
    });
    expect((await w.billing.status.getEntitlement(person.id)).watermark).toBe(false);

    await checkoutRefused(
      person.id,
      'You already have a Standard subscription. You can change or cancel it from Plan & Billing.',
    );
    await expectRefusal(
      w.billing.checkout.selectFreePlan(person.id),
      'CONFLICT',
      'You already have a paid plan. To move to Free, cancel your subscription from Plan & Billing first.',
    );
  });

  it('fulfilment applies an event once: a repeated event, a second Pay and a second confirmation change nothing', async () => {
    const w = world();
    const person = await makePerson(w);
    const started = await w.billing.checkout.startCheckout(
      person.id,
      checkoutInput({
        planType: 'pro',
        billingPeriod: 'annual',
        seats: 2,
      }),
    );
    const event = await w.billing.testProvider!.payCheckout(started.sessionId);
    expect(event).not.toBeNull();
    expect(await w.billing.fulfilment.applyEvent(event!)).toEqual({ applied: true });
    expect(await w.billing.fulfilment.applyEvent(event!)).toEqual({ applied: false });
    expect(await w.db.select().from(processedWebhookEvent).where(eq(processedWebhookEvent.id, event!.id))).toHaveLength(
      1,
    );
    // The page's Pay pressed again finds the session complete and hands over no event.
    expect(await w.billing.testProvider!.payCheckout(started.sessionId)).toBeNull();
    await w.billing.testPayments!.pay(started.sessionId);
    for (let i = 0; i < 2; i += 1) {
      expect(await w.billing.checkout.confirmPayment(person.id, { sessionId: started.sessionId })).toMatchObject({
        state: 'complete',
        subscriptionStatus: 'active',
        subscriptionPlan: 'Pro',
      });
    }
    expect(await subscriptionsOf(w, person.id)).toHaveLength(1);
    expect(await organizationOf(w, person.id)).toMatchObject({ plan: 'pro', seats: 2 });
  });

  it('a plan change in place never sells fewer seats than the organization fills', async () => {
    const w = world();
    const owner = await makePerson(w, 'Seat Buyer');
    await buyOnTestPage(w, owner.id, { planType: 'pro', billingPeriod: 'monthly', seats: 3 });
    await joinAs(w, owner, await makePerson(w, 'First Member'));
    await inviteBy(w, owner, 'pending-seat@example.com');
    expect(await w.teams.seatsInUse(owner.organizationId)).toBe(3);

    await expectRefusal(
      w.billing.manage.changePlan(owner.id, { planType: 'pro', billingPeriod: 'monthly', seats: 3 }),
      'VALIDATION',
      'That is already your plan. Choose another plan, billing period or number of seats.',
    );
    await expectRefusal(
      w.billing.manage.changePlan(owner.id, { planType: 'pro', billingPeriod: 'monthly', seats: 2 }),
      'CONFLICT',
      'Your organization uses 3 seats. Remove members or withdraw invitations first, or keep at least 3 seats.',
    );
    const changed = await w.billing.manage.changePlan(owner.id, {
      planType: 'pro',
      billingPeriod: 'annual',
      seats: 4,
    });
    expect(changed.subscription).toMatchObject({ plan: 'pro', billingPeriod: 'annual', seats: 4 });
    expect(await organizationOf(w, owner.id)).toMatchObject({ plan: 'pro', seats: 4 });
    const [row] = await subscriptionsOf(w, owner.id);
    expect(row).toMatchObject({ plan: 'pro', billingPeriod: 'annual', seats: 4 });
  });

  it('cancel keeps the plan to the end of the period, resume takes it back, and a cancellation that runs out ends on Free', async () => {
    const w = world();
    const person = await makePerson(w);
    const { subscriptionId } = await buyOnTestPage(w, person.id, { planType: 'standard', billingPeriod: 'monthly' });
    const canceled = await w.billing.manage.cancelSubscription(person.id);
    expect(canceled).toMatchObject({
      subscriptionStatus: 'active',
      subscription: { cancelAtPeriodEnd: true },
      actions: { cancel: false, resume: true, change: false },
    });
    await expectRefusal(
      w.billing.manage.changePlan(person.id, { planType: 'pro', billingPeriod: 'monthly', seats: 1 }),
      'CONFLICT',
      /^Your subscription is set to end on .+\. Resume it first, then change your plan\.$/,
    );
    expect(await w.billing.manage.resumeSubscription(person.id)).toMatchObject({
      subscription: { cancelAtPeriodEnd: false },
      actions: { cancel: true, resume: false, change: true },
    });
    await w.billing.manage.cancelSubscription(person.id);
    await w.billing.maintenance.run(daysAfter(Date.now(), 8));
    expect(await userRow(w, person.id)).toMatchObject({ subscriptionStatus: 'canceled', subscriptionPlan: 'Free' });
    expect(await organizationOf(w, person.id)).toMatchObject({ plan: 'free', seats: 1 });
    const [row] = await subscriptionsOf(w, person.id);
    expect(row).toMatchObject({ id: subscriptionId, providerStatus: 'canceled' });
    await expectRefusal(w.billing.manage.resumeSubscription(person.id), 'NOT_FOUND', NOTHING_TO_MANAGE);
  });

  it('a test refund takes lifetime access or a subscription away at once', async () => {
    const w = world();
    const lifetime = await makePerson(w);
    const bought = await buyOnTestPage(w, lifetime.id, {
      planType: 'pro',
      billingPeriod: 'monthly',
      promotionCode: 'LIFETIME1DOLLAR',
    });
    expect(bought.confirmed.subscriptionStatus).toBe('lifetime');
    await checkoutRefused(
      lifetime.id,
      'Your account already has lifetime access, so there is nothing more to pay for.',
    );
    const refunded = await w.billing.manage.testRefund(lifetime.id);
    expect(refunded).toMatchObject({
      subscriptionStatus: 'canceled',
      hasLivePlan: false,
      actions: { testRefund: false },
    });
    expect(refunded.payments[0]).toMatchObject({ status: 'refunded' });
    expect(await organizationOf(w, lifetime.id)).toMatchObject({ plan: 'free', seats: 1 });
    // Confirming the old payment again does not bring it back.
    expect(
      (await w.billing.checkout.confirmPayment(lifetime.id, { sessionId: bought.sessionId })).subscriptionStatus,
    ).toBe('canceled');

    const subscriber = await makePerson(w);
    const { subscriptionId } = await buyOnTestPage(w, subscriber.id, {
      planType: 'standard',
      billingPeriod: 'monthly',
    });
    await w.billing.manage.testRefund(subscriber.id);
    expect((await w.billing.testProvider!.retrieveSubscription(subscriptionId!)).status).toBe('canceled');
    expect((await userRow(w, subscriber.id)).subscriptionStatus).toBe('canceled');
    await expectRefusal(w.billing.manage.testRefund(subscriber.id), 'NOT_FOUND', NOTHING_TO_MANAGE);
  });

  it('account deletion ends every live subscription first; the team an admin paid for drops to Free', async () => {
    const w = world();
    const owner = await makePerson(w, 'Team Owner');
    const admin = await joinAs(w, owner, await makePerson(w, 'Paying Admin'), 'admin');
    const { subscriptionId } = await buyOnTestPage(w, admin.id, {
      planType: 'pro',
      billingPeriod: 'monthly',
      seats: 3,
    });
    expect(await organizationOf(w, owner.id)).toMatchObject({ plan: 'pro', seats: 3 });
    await w.billing.manage.endSubscriptionsForDeletion(admin.id);
    expect((await w.billing.testProvider!.retrieveSubscription(subscriptionId!)).status).toBe('canceled');
    expect((await subscriptionsOf(w, admin.id))[0]).toMatchObject({ providerStatus: 'canceled' });
    expect(await organizationOf(w, owner.id)).toMatchObject({ plan: 'free', seats: 1 });
  });

  it('entitlement: a member is covered by the team plan while a seat covers them', async () => {
    const w = world();
    const owner = await makePerson(w, 'Covering Owner');
    await buyOnTestPage(w, owner.id, { planType: 'standard', billingPeriod: 'monthly', seats: 2 });
    const covered = await joinAs(w, owner, await makePerson(w, 'Covered Member'));
    expect(await w.billing.status.getEntitlement(covered.id)).toEqual({
      subscriptionStatus: 'active',
      watermark: false,
      coveredByTeam: true,
      seatNotice: null,
    });
    expect((await userRow(w, covered.id)).subscriptionStatus).toBe('none');
  });
});
