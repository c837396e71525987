import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import { billingSubscription } from '../../db/schema/billing.schema';
import { useBillingApp } from '../../../test-support/billing-calls';
import { describeEachDatabase } from '../../../test-support/test-app';
import { join, setOrganizationPlan, signUpPerson, type Person } from '../../../test-support/team-world';
import { GREEN_SIGNATURE_DEFAULTS } from '../../../test-support/signatures';
import { daysAfter } from '../../../shared/duration';

/**
 * With the built-in test payment provider: seats cover only as many people
 * as were paid for, plan capabilities hold on the server, one trial, test refunds take the plan
 * away, and one person's purchase never lowers what another bought for the same organization.
 * docs/decisions/0024-seats-tiers-trials-refunds.md.
 */
describeEachDatabase('plans, seats and money (test payment provider)', (kind) => {
  const { t, call, me, overview, entitlement, runClock, buy, changePlan } = useBillingApp(kind);

  async function exportHtml(cookie: string): Promise<string> {
    const headers = { cookie, origin: t.config.publicUrl };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/signatures',
      headers,
      payload: createEmptySignature({ name: 'Seat Holder', email: 'seat@example.com' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/signatures/${created.json().id}/generate-html`,
      headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().htmlSignature as string;
  }

  /** An owner and `count` members who joined one after another during the organization's trial. */
  async function team(count: number, label: string): Promise<{ owner: Person; members: Person[] }> {
    const owner = await signUpPerson(t, `${label} Owner`);
    const members: Person[] = [];
    for (let i = 0; i < count; i++)
      members.push(await join(t, owner, await signUpPerson(t, `${label} Member ${i + 1}`), 'member'));
    return { owner, members };
  }

  describe('1. seats are paid for', () => {
    it(
      '10 people, then a 1-seat purchase: the owner is covered, 9 keep the watermark and are told why and who can add seats',
      { timeout: 120_000 },
      async () => {
        const { owner, members } = await team(9, 'Seat');
        await buy(owner.cookie, { planType: 'standard', billingPeriod: 'monthly', seats: 1 });
        expect((await me(owner.cookie)).organization).toMatchObject({ plan: 'standard', seats: 1 });
        expect(await entitlement(owner.cookie)).toMatchObject({ watermark: false, seatNotice: null });

        const notice =
          "Your organization's Standard plan pays for 1 seat and 10 people use it. Seats go to the owner first, then by the date people joined, " +
          'so your signature carries the SignaturePro watermark. Ask Seat Owner, who pays for the plan, to add seats under Plan & Billing.';
        let watermarked = 0;
        for (const m of members) {
          const answer = await entitlement(m.cookie);
          expect(answer).toEqual({
            subscriptionStatus: 'none',
            watermark: true,
            coveredByTeam: false,
            seatNotice: notice,
          });
          expect((await me(m.cookie)).user).toMatchObject({ coveredByTeam: false, seatNotice: notice });
          if (answer.watermark) watermarked++;
        }
        expect(watermarked).toBe(9);
        expect(await exportHtml(members[8]!.cookie)).toContain('Created with SignaturePro');

        // Three seats: the two who joined first are covered too, nobody else.
        const changed = await changePlan(owner.cookie, { planType: 'standard', billingPeriod: 'monthly', seats: 3 });
        expect(changed.statusCode, changed.body).toBe(200);
        const covered = [];
        for (const m of members) covered.push((await entitlement(m.cookie)).coveredByTeam);
        expect(covered).toEqual([true, true, false, false, false, false, false, false, false]);
        expect(await exportHtml(members[0]!.cookie)).not.toContain('Created with SignaturePro');

        // The subscription's trial ending changes nothing about who is covered: seats are what was bought.
        await runClock(daysAfter(Date.now(), 8));
        expect((await me(owner.cookie)).organization).toMatchObject({ plan: 'standard', seats: 3 });
        expect((await entitlement(members[2]!.cookie)).watermark).toBe(true);
      },
    );

    it(
      'a $1 lifetime purchase covers its one seat only, not everyone who joined during the trial',
      { timeout: 120_000 },
      async () => {
        const { owner, members } = await team(3, 'Lifetime');
        await buy(owner.cookie, { planType: 'pro', billingPeriod: 'monthly', promotionCode: 'LIFETIME1DOLLAR' });
        expect((await me(owner.cookie)).user.subscriptionStatus).toBe('lifetime');
        for (const m of members) expect((await entitlement(m.cookie)).watermark).toBe(true);
      },
    );
  });

  describe('2. plan tiers hold on the server', () => {
    it(
      'a Standard organization is refused Pro features by the API, in words naming the plan',
      { timeout: 60_000 },
      async () => {
        const owner = await signUpPerson(t, 'Standard Owner');
        await buy(owner.cookie, { planType: 'standard', billingPeriod: 'monthly', seats: 3 });
        const org = (await call('GET', '/api/organization', owner.cookie)).json();
        expect(org.capabilities).toEqual({
          teamMembers: true,
          teamRoles: false,
          signatureDefaults: false,
          organizationTemplates: false,
          workspacePush: false,
          severalSignatures: true,
          campaigns: false,
        });

        const defaults = await call(
          'PUT',
          '/api/organization/signature-defaults',
          owner.cookie,
          GREEN_SIGNATURE_DEFAULTS,
        );
        expect(defaults.statusCode).toBe(403);
        expect(defaults.json().error).toBe(
          'Organization signature defaults are part of the Pro plan ($199/month). Upgrade under Plan & Billing.',
        );
        const admin = await call('POST', '/api/organization/invitations', owner.cookie, {
          email: `std-admin-${Date.now()}@example.com`,
          role: 'admin',
        });
        expect(admin.statusCode).toBe(403);
        expect(admin.json().error).toBe(
          'Team roles (admins) are part of the Pro plan ($199/month). Upgrade under Plan & Billing.',
        );
        // Standard sells seats, so inviting members to them works.
        const memberInvite = await call('POST', '/api/organization/invitations', owner.cookie, {
          email: `std-member-${Date.now()}@example.com`,
          role: 'member',
        });
        expect(memberInvite.statusCode, memberInvite.body).toBe(201);

        // Upgrading to Pro in place opens them.
        expect(
          (await changePlan(owner.cookie, { planType: 'pro', billingPeriod: 'monthly', seats: 3 })).statusCode,
        ).toBe(200);
        expect(
          (
            await call('POST', '/api/organization/invitations', owner.cookie, {
              email: `pro-admin-${Date.now()}@example.com`,
              role: 'admin',
            })
          ).statusCode,
        ).toBe(201);
      },
    );

    it('choosing Free keeps the trial’s Pro features to its end; then team members are refused with words', async () => {
      const owner = await signUpPerson(t, 'Free Owner');
      expect((await call('GET', '/api/organization', owner.cookie)).json().capabilities.signatureDefaults).toBe(true);
      expect((await call('POST', '/api/select-free-plan', owner.cookie, {})).statusCode).toBe(200);
      const organization = (await call('GET', '/api/organization', owner.cookie)).json();
      expect(organization.capabilities.signatureDefaults).toBe(true);
      expect(organization.seats.limit).toBe(10);
      const invite = (email: string) =>
        call('POST', '/api/organization/invitations', owner.cookie, { email, role: 'member' });
      expect((await invite(`trial-${Date.now()}@example.com`)).statusCode).toBe(201);
      await t.app.services.billing.maintenance.run(new Date(Date.parse(organization.trialEndsAt) + 1000));
      const res = await invite(`free-${Date.now()}@example.com`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(
        'Team members are part of the Standard plan ($19/month). Upgrade under Plan & Billing.',
      );
    });
  });

  describe('2. several signatures', () => {
    it('Free after the trial keeps one design; Standard has several', async () => {
      const person = await signUpPerson(t, 'One Design');
      expect((await call('POST', '/api/select-free-plan', person.cookie, {})).statusCode).toBe(200);
      // During the trial Free has Pro's features (0150); once it has ended, Free's.
      await setOrganizationPlan(t.database.db, person.organizationId, { trialEndsAt: new Date(Date.now() - 1000) });
      const headers = { cookie: person.cookie, origin: t.config.publicUrl };
      const create = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/signatures',
          headers,
          payload: createEmptySignature({ name: 'One Design' }),
        });
      expect((await create()).statusCode).toBe(201);
      const second = await create();
      expect(second.statusCode).toBe(403);
      expect(second.json().error).toBe(
        'Several signatures are part of the Standard plan ($19/month). Upgrade under Plan & Billing.',
      );
      await buy(person.cookie, { planType: 'standard', billingPeriod: 'monthly' });
      expect((await create()).statusCode).toBe(201);
    });
  });

  describe('3. one trial per organization and per person', () => {
    it('cancelling and checking out again charges at once: no second 7-day trial', async () => {
      const owner = await signUpPerson(t, 'Trial Owner');
      expect((await overview(owner.cookie)).trialAvailable).toBe(true);
      const first = await buy(owner.cookie, { planType: 'standard', billingPeriod: 'monthly' });
      expect(first.page).toMatchObject({ firstPaymentOn: expect.any(String), dueToday: 0 });
      expect((await call('POST', '/api/billing/cancel', owner.cookie)).statusCode).toBe(200);
      await runClock(daysAfter(Date.now(), 8));
      expect((await me(owner.cookie)).user.subscriptionStatus).toBe('canceled');
      expect((await overview(owner.cookie)).trialAvailable).toBe(false);

      const second = await buy(owner.cookie, { planType: 'standard', billingPeriod: 'monthly' });
      expect(second.page).toMatchObject({ firstPaymentOn: null, dueToday: 1900 });
      expect((await overview(owner.cookie)).subscription).toMatchObject({
        providerStatus: 'active',
        trialEndsAt: null,
      });
    });

    it('an admin of an organization that already had a trial gets none either', { timeout: 60_000 }, async () => {
      const owner = await signUpPerson(t, 'Org Trial Owner');
      const admin = await join(t, owner, await signUpPerson(t, 'Org Trial Admin'), 'admin');
      await buy(owner.cookie, { planType: 'standard', billingPeriod: 'monthly' });
      expect((await overview(admin.cookie)).trialAvailable).toBe(false);
      const theirs = await buy(admin.cookie, { planType: 'pro', billingPeriod: 'monthly' });
      expect(theirs.page.firstPaymentOn).toBeNull();
    });
  });

  describe('4. refunds (test provider)', () => {
    it('a test refund of lifetime access takes it away: watermark back, organization on Free', async () => {
      const owner = await signUpPerson(t, 'Refund Owner');
      const { sessionId } = await buy(owner.cookie, {
        planType: 'pro',
        billingPeriod: 'monthly',
        promotionCode: 'LIFETIME1DOLLAR',
      });
      expect((await overview(owner.cookie)).actions.testRefund).toBe(true);
      const refunded = await call('POST', '/api/billing/test-refund', owner.cookie);
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({
        subscriptionStatus: 'canceled',
        hasLivePlan: false,
        actions: { testRefund: false },
      });
      expect(refunded.json().payments[0]).toMatchObject({ status: 'refunded' });
      const state = await me(owner.cookie);
      expect(state.user.subscriptionStatus).toBe('canceled');
      expect(state.organization).toMatchObject({ plan: 'free', seats: 1 });
      expect(await exportHtml(owner.cookie)).toContain('Created with SignaturePro');
      // Confirming the old payment again does not bring lifetime back.
      expect((await call('POST', '/api/payment-success', owner.cookie, { sessionId })).json().subscriptionStatus).toBe(
        'canceled',
      );
    });

    it('a test refund of a subscription ends it at once', async () => {
      const owner = await signUpPerson(t, 'Refund Subscriber');
      const { subscriptionId, sessionId } = await buy(owner.cookie, { planType: 'standard', billingPeriod: 'monthly' });
      const refunded = await call('POST', '/api/billing/test-refund', owner.cookie);
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect((await t.app.services.billing.testProvider!.retrieveSubscription(subscriptionId!)).status).toBe(
        'canceled',
      );
      expect((await me(owner.cookie)).user.subscriptionStatus).toBe('canceled');
      // The success page replayed afterwards changes nothing.
      expect((await call('POST', '/api/payment-success', owner.cookie, { sessionId })).json().subscriptionStatus).toBe(
        'canceled',
      );
      expect((await call('POST', '/api/billing/test-refund', owner.cookie)).statusCode).toBe(404);
    });
  });

  describe('5. one purchase never lowers another', () => {
    it("an admin's own purchase never lowers the plan or seats the owner bought", { timeout: 60_000 }, async () => {
      const owner = await signUpPerson(t, 'Pro Owner');
      const admin = await join(t, owner, await signUpPerson(t, 'Cheap Admin'), 'admin');
      await buy(owner.cookie, { planType: 'pro', billingPeriod: 'monthly', seats: 5 });
      await buy(admin.cookie, { planType: 'standard', billingPeriod: 'monthly', seats: 1 });
      expect((await me(owner.cookie)).organization).toMatchObject({ plan: 'pro', seats: 5 });
      expect((await me(admin.cookie)).user).toMatchObject({
        subscriptionStatus: 'active',
        subscriptionPlan: 'Standard',
      });
    });

    it(
      'a paying admin is told their subscription moves with them when they leave, and it does',
      { timeout: 60_000 },
      async () => {
        const owner = await signUpPerson(t, 'Left Owner');
        const admin = await join(t, owner, await signUpPerson(t, 'Leaving Admin'), 'admin');
        const { subscriptionId } = await buy(admin.cookie, { planType: 'pro', billingPeriod: 'monthly', seats: 3 });
        expect((await me(owner.cookie)).organization).toMatchObject({ plan: 'pro', seats: 3 });
        expect((await overview(admin.cookie)).leaveNotice).toBe(
          'Your Pro subscription moves with you to your own organization if you leave, and you keep paying for it there. ' +
            'The organization you leave goes back to the Free plan unless someone else there pays for a plan.',
        );
        expect((await overview(owner.cookie)).leaveNotice).toBeNull();

        const left = await call('POST', '/api/account/leave-organization', admin.cookie, {
          confirmation: 'LEAVE ORGANIZATION',
        });
        expect(left.statusCode, left.body).toBe(204);
        const adminState = await me(admin.cookie);
        expect(adminState.organization).toMatchObject({ plan: 'pro', seats: 3, role: 'owner' });
        const [row] = await t.database.db
          .select()
          .from(billingSubscription)
          .where(eq(billingSubscription.id, subscriptionId!));
        expect(row!.organizationId).toBe(adminState.organization.id);
        expect((await me(owner.cookie)).organization).toMatchObject({ plan: 'free', seats: 1 });
        expect((await overview(admin.cookie)).leaveNotice).toBeNull();
      },
    );
  });
});
