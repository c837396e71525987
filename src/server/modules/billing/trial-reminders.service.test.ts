import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test-support/test-app';
import {
  checkoutInput,
  joinAs,
  makePerson,
  organizationOf,
  useServiceWorld,
} from '../../../test-support/service-world';
import { shortDate } from '../../../shared/billing/purchase-words';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/duration';

/** The e-mails before a trial ends (docs/decisions/0153): 3 days and 1 day before, to the owner and admins, once each. */
describeEachDatabase('trial reminders', (kind) => {
  const world = useServiceWorld(kind);

  it('go 3 days and 1 day before the end to the owner and admins, once each, with a link to Plan & Billing', async () => {
    const w = world();
    const owner = await makePerson(w, 'Reminded Owner');
    const admin = await joinAs(w, owner, await makePerson(w, 'Reminded Admin'), 'admin');
    const member = await joinAs(w, owner, await makePerson(w, 'Not Reminded Member'));
    const end = (await organizationOf(w, owner.id)).trialEndsAt!;
    const at = (msBeforeEnd: number) => new Date(end.getTime() - msBeforeEnd);
    const reminders = () => w.mails.filter((m) => m.kind === 'trial-ending');
    const toUs = () =>
      reminders()
        .filter((m) => [owner.email, admin.email, member.email].includes(m.to))
        .map((m) => [m.to, m.subject]);

    await w.billing.maintenance.run(at(4 * DAY_MS));
    expect(toUs()).toEqual([]);

    // Three days before: both managers, once, however often the pass runs.
    await w.billing.maintenance.run(at(3 * DAY_MS - MINUTE_MS));
    await w.billing.maintenance.run(at(3 * DAY_MS - 2 * MINUTE_MS));
    await w.billing.maintenance.run(at(2 * DAY_MS));
    const threeDays = 'Your SignaturePro trial ends in 3 days';
    expect(toUs().sort()).toEqual(
      [
        [owner.email, threeDays],
        [admin.email, threeDays],
      ].sort(),
    );
    const mail = reminders().find((m) => m.to === owner.email)!;
    expect(mail.text).toContain(`The 7-day trial of Reminded Owner's organization ends on ${shortDate(end)}.`);
    expect(mail.text).toContain('Open Plan & Billing:\nhttp://localhost:5000/account/billing');

    // One day before: the second reminder, once.
    await w.billing.maintenance.run(at(DAY_MS - MINUTE_MS));
    await w.billing.maintenance.run(at(HOUR_MS));
    const tomorrow = 'Your SignaturePro trial ends tomorrow';
    expect(
      toUs()
        .filter(([, subject]) => subject === tomorrow)
        .map(([to]) => to)
        .sort(),
    ).toEqual([owner.email, admin.email].sort());
    expect(toUs()).toHaveLength(4);

    // After the end: no more.
    await w.billing.maintenance.run(new Date(end.getTime() + MINUTE_MS));
    expect(toUs()).toHaveLength(4);
  });

  it('an organization first seen in its last day gets only the 1-day reminder; one that bought a plan gets none', async () => {
    const w = world();
    const late = await makePerson(w, 'Late Owner');
    const end = (await organizationOf(w, late.id)).trialEndsAt!;
    await w.billing.maintenance.run(new Date(end.getTime() - 10 * HOUR_MS));
    expect(w.mails.filter((m) => m.to === late.email && m.kind === 'trial-ending').map((m) => m.subject)).toEqual([
      'Your SignaturePro trial ends tomorrow',
    ]);

    const buyer = await makePerson(w, 'Buying Owner');
    const started = await w.billing.checkout.startCheckout(
      buyer.id,
      checkoutInput({ planType: 'standard', billingPeriod: 'monthly' }),
    );
    await w.billing.testPayments!.pay(started.sessionId);
    const buyerEnd = (await organizationOf(w, buyer.id)).trialEndsAt!;
    await w.billing.maintenance.run(new Date(buyerEnd.getTime() - 2 * DAY_MS));
    expect(w.mails.filter((m) => m.to === buyer.email && m.kind === 'trial-ending')).toEqual([]);
  });
});
