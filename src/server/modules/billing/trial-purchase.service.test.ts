import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { organization } from '../../db/schema/auth.schema';
import { billingPayment, billingSubscription } from '../../db/schema/billing.schema';
import { describeEachDatabase } from '../../../test-support/test-app';
import {
  buyOnTestPage,
  checkoutInput,
  joinAs,
  makePerson,
  organizationOf,
  useServiceWorld,
  type ServiceWorld,
} from '../../../test-support/service-world';
import { shortDate } from '../../../shared/billing/purchase-words';
import { LEAVE_ORGANIZATION_PHRASE } from '../../../shared/validation/account-schemas';
import { DAY_MS, daysAfter, HOUR_MS } from '../../../shared/duration';
import { STRIPE_MIN_TRIAL_MS } from './billing-context';

/**
 * Buying during the organization's trial (docs/decisions/0151): the plan at once, the first charge
 * when the trial ends, no second trial; after the trial (or in a second organization) at once.
 */
describeEachDatabase('buying during the trial (test payment provider)', (kind) => {
  const world = useServiceWorld(kind);

  /** Moves the organization's trial end, as if the trial had started earlier. */
  const setTrialEnd = (w: ServiceWorld, organizationId: string, end: Date) =>
    w.db.update(organization).set({ trialEndsAt: end }).where(eq(organization.id, organizationId));
  const subscriptionOf = async (w: ServiceWorld, id: string) =>
    (await w.db.select().from(billingSubscription).where(eq(billingSubscription.id, id)))[0]!;

  it('Standard bought on day 2 gives Standard at once and the first charge at the trial end', async () => {
    const w = world();
    const person = await makePerson(w, 'Day Two Buyer');
    // Day 2: six days of the seven are left.
    const trialEnd = new Date(Date.now() + 6 * DAY_MS - HOUR_MS);
    await setTrialEnd(w, person.organizationId, trialEnd);
    expect(await w.billing.status.getOverview(person.id)).toMatchObject({
      trialAvailable: true,
      checkoutTrialEnd: trialEnd.toISOString(),
    });

    const started = await w.billing.checkout.startCheckout(
      person.id,
      checkoutInput({ planType: 'standard', billingPeriod: 'monthly', seats: 2 }),
    );
    const page = await w.billing.testPayments!.view(started.sessionId);
    expect(page).toMatchObject({ dueToday: 0, recurringTotal: 3800, firstPaymentOn: trialEnd.toISOString() });
    await w.billing.testPayments!.pay(started.sessionId);
    const confirmed = await w.billing.checkout.confirmPayment(person.id, { sessionId: started.sessionId });
    const words = `Your 6-day Standard trial has started. First charge $38 on ${shortDate(trialEnd)}; cancel any time in Plan & Billing.`;
    expect(confirmed).toMatchObject({ state: 'complete', heading: 'Your Standard trial has started', message: words });

    // Standard's features and the 2 seats bought, at once; the organization's free days end with the trial.
    const org = await organizationOf(w, person.id);
    expect(org).toMatchObject({ plan: 'standard', seats: 2 });
    expect(org.trialEndsAt?.toISOString()).toBe(trialEnd.toISOString());
    const details = await w.teams.getOrganization(person.id);
    expect(details.capabilities).toMatchObject({ teamMembers: true, workspacePush: false });
    const session = await w.billing.testProvider!.retrieveCheckoutSession(started.sessionId);
    const sub = await subscriptionOf(w, session.subscriptionId!);
    expect(sub).toMatchObject({ providerStatus: 'trialing', seats: 2 });
    expect(sub.trialEndsAt?.toISOString()).toBe(trialEnd.toISOString());

    // The same words by e-mail, once, however often the success page confirms.
    await w.billing.checkout.confirmPayment(person.id, { sessionId: started.sessionId });
    const mails = w.mails.filter((m) => m.to === person.email && m.kind === 'purchase');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Standard trial has started');
    expect(mails[0]!.text).toContain(words);
    expect(mails[0]!.text).toContain('http://localhost:5000/account/billing');

    // Nothing is charged before the trial's end; $38 is charged when it ends, and Standard stays.
    const paymentsOf = () => w.db.select().from(billingPayment).where(eq(billingPayment.userId, person.id));
    await w.billing.maintenance.run(new Date(trialEnd.getTime() - 60_000));
    expect(await paymentsOf()).toHaveLength(0);
    await w.billing.maintenance.run(new Date(trialEnd.getTime() + 1000));
    expect(await paymentsOf()).toEqual([expect.objectContaining({ amount: 3800, status: 'paid' })]);
    expect(await subscriptionOf(w, sub.id)).toMatchObject({ providerStatus: 'active' });
    expect(await organizationOf(w, person.id)).toMatchObject({ plan: 'standard', seats: 2, trialEndsAt: null });
  });

  it('in the trial’s last two days the first charge waits the 48 hours Stripe Checkout needs', async () => {
    const w = world();
    const person = await makePerson(w, 'Last Day Buyer');
    await setTrialEnd(w, person.organizationId, new Date(Date.now() + 3 * HOUR_MS));
    const before = Date.now();
    const { checkoutTrialEnd } = await w.billing.status.getOverview(person.id);
    expect(Date.parse(checkoutTrialEnd!)).toBeGreaterThanOrEqual(before + STRIPE_MIN_TRIAL_MS);
    expect(Date.parse(checkoutTrialEnd!)).toBeLessThan(Date.now() + STRIPE_MIN_TRIAL_MS + 1000);
  });

  it('after the trial, checkout charges at once and says so', async () => {
    const w = world();
    const person = await makePerson(w, 'Late Buyer');
    await setTrialEnd(w, person.organizationId, new Date(Date.now() - 1000));
    expect(await w.billing.status.getOverview(person.id)).toMatchObject({
      trialAvailable: false,
      checkoutTrialEnd: null,
    });
    const started = await w.billing.checkout.startCheckout(
      person.id,
      checkoutInput({ planType: 'pro', billingPeriod: 'monthly', seats: 3 }),
    );
    expect(await w.billing.testPayments!.view(started.sessionId)).toMatchObject({
      dueToday: 23700,
      firstPaymentOn: null,
    });
    await w.billing.testPayments!.pay(started.sessionId);
    const confirmed = await w.billing.checkout.confirmPayment(person.id, { sessionId: started.sessionId });
    expect(confirmed.heading).toBe('Payment successful!');
    expect(confirmed.message).toMatch(
      /^Your Pro plan is active: \$237 charged today; next charge on \d{1,2} \w{3,4} \d{4}; cancel any time in Plan & Billing\.$/,
    );
    expect(await organizationOf(w, person.id)).toMatchObject({ plan: 'pro', seats: 3 });
  });

  it('a second organization of the same person gets no trial: its checkout charges at once', async () => {
    const w = world();
    const host = await makePerson(w, 'Host Owner');
    const guest = await joinAs(w, host, await makePerson(w, 'Moving Guest'));
    await w.teams.leaveOrganization(guest.id, { confirmation: LEAVE_ORGANIZATION_PHRASE });
    const second = await organizationOf(w, guest.id);
    expect(second.id).not.toBe(host.organizationId);
    expect(second).toMatchObject({ plan: 'free', trialEndsAt: null });
    expect(await w.billing.status.getOverview(guest.id)).toMatchObject({
      trialAvailable: false,
      checkoutTrialEnd: null,
    });
    const bought = await buyOnTestPage(w, guest.id, { planType: 'standard', billingPeriod: 'monthly' });
    expect((await subscriptionOf(w, bought.subscriptionId!)).providerStatus).toBe('active');
  });

  it('one trial per organization: once one subscription was bought for it, the next is charged at once', async () => {
    const w = world();
    const owner = await makePerson(w, 'Twice Buyer');
    const first = await buyOnTestPage(w, owner.id, { planType: 'standard', billingPeriod: 'monthly' });
    await w.billing.manage.endSubscriptionsForDeletion(owner.id);
    expect((await subscriptionOf(w, first.subscriptionId!)).providerStatus).toBe('canceled');
    // Even with the organization's trial running again, its trial was used.
    await w.db
      .update(organization)
      .set({ plan: 'trial', trialEndsAt: daysAfter(Date.now(), 5) })
      .where(eq(organization.id, owner.organizationId));
    expect(await w.billing.status.getOverview(owner.id)).toMatchObject({
      trialAvailable: false,
      checkoutTrialEnd: null,
    });
  });
});
