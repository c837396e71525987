import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { billingPayment, billingSubscription } from '../../db/schema/billing.schema';
import { capabilityRefusal } from '../../../shared/billing/plan-features';
import { describeEachDatabase } from '../../../test-support/test-app';
import {
  buyOnTestPage,
  expectRefusal,
  joinAs,
  makePerson,
  organizationOf,
  useServiceWorld,
} from '../../../test-support/service-world';

/** "End trial now (test mode)" (docs/decisions/0154): the owner skips to the trial's end. */
describeEachDatabase('End trial now (test mode)', (kind) => {
  const world = useServiceWorld(kind);

  it('ends a trial with nothing bought: Free at once, team features refused; only the owner, only once', async () => {
    const w = world();
    const owner = await makePerson(w, 'Skipping Owner');
    await w.billing.checkout.selectFreePlan(owner.id);
    const admin = await joinAs(w, owner, await makePerson(w, 'Not The Owner'), 'admin');
    expect((await w.billing.status.getOverview(owner.id)).actions.testEndTrial).toBe(true);
    expect((await w.billing.status.getOverview(admin.id)).actions.testEndTrial).toBe(false);
    await expectRefusal(
      w.billing.testTrial!.endTrialNow(admin.id),
      'FORBIDDEN',
      "Only the organization's owner can end its trial.",
    );

    const overview = await w.billing.testTrial!.endTrialNow(owner.id);
    expect(overview.actions.testEndTrial).toBe(false);
    expect(await organizationOf(w, owner.id)).toMatchObject({ plan: 'free', seats: 1 });
    expect((await w.teams.getOrganization(owner.id)).seats).toMatchObject({ limit: 1, onTrial: false });
    await expectRefusal(
      w.invitations.invite(owner.id, { email: `svc-after-skip-${Date.now()}@example.com`, role: 'member' }),
      'FORBIDDEN',
      capabilityRefusal('teamMembers', { canManage: true }),
    );
    await expectRefusal(
      w.billing.testTrial!.endTrialNow(owner.id),
      'CONFLICT',
      'Your organization has no trial running, so there is nothing to end.',
    );
  });

  it('ends the trial of a plan bought during it: the first charge is taken now and the plan stays', async () => {
    const w = world();
    const owner = await makePerson(w, 'Paying Skipper');
    const { subscriptionId } = await buyOnTestPage(w, owner.id, { planType: 'pro', billingPeriod: 'monthly' });
    expect((await w.billing.status.getOverview(owner.id)).actions.testEndTrial).toBe(true);
    await w.billing.testTrial!.endTrialNow(owner.id);
    const [sub] = await w.db.select().from(billingSubscription).where(eq(billingSubscription.id, subscriptionId!));
    expect(sub).toMatchObject({ providerStatus: 'active' });
    const payments = await w.db.select().from(billingPayment).where(eq(billingPayment.userId, owner.id));
    expect(payments).toEqual([expect.objectContaining({ amount: 19900, status: 'paid' })]);
    expect(await organizationOf(w, owner.id)).toMatchObject({ plan: 'pro', seats: 1, trialEndsAt: null });
  });
});
