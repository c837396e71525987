import { expect, it } from 'vitest';
import { capabilityRefusal } from '../../../shared/billing/plan-features';
import { describeEachDatabase } from '../../../test-support/test-app';
import {
  expectRefusal,
  inviteBy,
  joinAs,
  makePerson,
  organizationOf,
  useServiceWorld,
} from '../../../test-support/service-world';
import { assertCapability } from '../teams/team-access';

/**
 * A trial that ends with nothing bought (docs/decisions/0152): the organization is on Free with one
 * seat; the people beyond it are told why; team features are refused in words; nothing is deleted.
 */
describeEachDatabase('the end of a trial with nothing bought', (kind) => {
  const world = useServiceWorld(kind);

  it('puts the organization on Free, tells the people beyond its seat, refuses team features in words, deletes nothing', async () => {
    const w = world();
    const owner = await makePerson(w, 'Ending Owner');
    await w.billing.checkout.selectFreePlan(owner.id);
    const admin = await joinAs(w, owner, await makePerson(w, 'Ending Admin'), 'admin');
    const member = await joinAs(w, owner, await makePerson(w, 'Ending Member'));
    const pendingEmail = `svc-pending-${Date.now()}@example.com`;
    await inviteBy(w, owner, pendingEmail);
    expect((await w.billing.status.getEntitlement(member.id)).seatNotice).toBeNull();
    const before = await w.teams.listTeam(owner.id);

    const trialEnd = (await organizationOf(w, owner.id)).trialEndsAt!;
    await w.billing.maintenance.run(new Date(trialEnd.getTime() + 1000));
    expect(await organizationOf(w, owner.id)).toMatchObject({ plan: 'free', seats: 1 });

    // Nothing anyone made is deleted: the same people and the pending invitation are still there.
    const after = await w.teams.listTeam(owner.id);
    expect(after.entries.map((e) => e.id).sort()).toEqual(before.entries.map((e) => e.id).sort());
    expect(after.seats).toMatchObject({ limit: 1, used: 4, onTrial: false });

    // The owner holds the one seat; the others are told why they have the watermark.
    expect(await w.billing.status.getEntitlement(owner.id)).toMatchObject({ watermark: true, seatNotice: null });
    for (const person of [admin, member]) {
      const entitlement = await w.billing.status.getEntitlement(person.id);
      expect(entitlement.watermark).toBe(true);
      expect(entitlement.seatNotice).toMatch(
        /^Your organization is on the Free plan, which has 1 seat, and 3 people use it\..* Ask Ending Owner or Ending Admin to choose Standard or Pro under Plan & Billing\.$/,
      );
    }

    // Team features are refused with words naming the plan that has them.
    await expectRefusal(
      w.invitations.invite(owner.id, { email: `svc-late-${Date.now()}@example.com`, role: 'member' }),
      'FORBIDDEN',
      capabilityRefusal('teamMembers', { canManage: true }),
    );
    await expectRefusal(
      w.teams.assertSignatureAllowed(owner.id, 1),
      'FORBIDDEN',
      /^Several signatures are part of the Standard plan \(\$19\/month\)\. Upgrade under Plan & Billing\.$/,
    );
    // Workspace pushes (and their scheduled runs) check the same capability and say why.
    const org = await organizationOf(w, owner.id);
    expect(() => assertCapability(org, 'workspacePush')).toThrow(capabilityRefusal('workspacePush'));
  });

  it('the stored plan follows the clock: a pass just before the end changes nothing, the same pass again ends nothing twice', async () => {
    const w = world();
    const owner = await makePerson(w, 'Clock Owner');
    const trialEnd = (await organizationOf(w, owner.id)).trialEndsAt!;
    await w.billing.maintenance.run(new Date(trialEnd.getTime() - 1000));
    expect(await organizationOf(w, owner.id)).toMatchObject({ plan: 'trial', seats: 10 });
    // Before the pass, the capability checks already read the ended trial as Free.
    const stored = await organizationOf(w, owner.id);
    expect(() => assertCapability(stored, 'teamMembers', new Date(trialEnd.getTime() + 1))).toThrow(
      capabilityRefusal('teamMembers'),
    );
    const first = await w.billing.maintenance.run(new Date(trialEnd.getTime() + 1000));
    expect(first.trialsEnded).toBeGreaterThanOrEqual(1);
    expect(await organizationOf(w, owner.id)).toMatchObject({ plan: 'free', seats: 1 });
    expect((await w.billing.maintenance.run(new Date(trialEnd.getTime() + 2000))).trialsEnded).toBe(0);
  });
});
