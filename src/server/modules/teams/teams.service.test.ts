import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { capabilityRefusal } from '../../../shared/billing/plan-features';
import { INCLUDED_SEATS, TRIAL_SEATS } from '../../../shared/billing/plans';
import { DELETE_ORGANIZATION_PHRASE, LEAVE_ORGANIZATION_PHRASE } from '../../../shared/validation/account-schemas';
import { member, organization } from '../../db/schema/auth.schema';
import { billingSubscription } from '../../db/schema/billing.schema';
import { setOrganizationPlan } from '../../../test-support/team-world';
import { describeEachDatabase } from '../../../test-support/test-app';
import {
  buyOnTestPage,
  expectRefusal,
  inviteBy,
  joinAs,
  makeOwner,
  makePerson,
  membershipOf,
  organizationOf,
  useServiceWorld,
} from '../../../test-support/service-world';

const leave = { confirmation: LEAVE_ORGANIZATION_PHRASE };
const SEATS_FULL = (limit: number) =>
  `Your plan's ${limit === 1 ? '1 seat is' : `all ${limit} seats are`} in use. Remove a member or withdraw an invitation, or add seats under Plan & Billing.`;

/** The teams service called directly on a real database: the rules of organizations, roles and seats. */
describeEachDatabase('teams service', (kind) => {
  const world = useServiceWorld(kind);

  /** An owner on a Pro plan with `seats` seats, an admin and a member. */
  async function team(seats = 10) {
    const w = world();
    const owner = await makeOwner(w, 'Olivia Owner', 'pro', seats);
    const admin = await joinAs(w, owner, await makePerson(w, 'Adam Admin'), 'admin');
    const memberPerson = await joinAs(w, owner, await makePerson(w, 'Mia Member'), 'member');
    return { owner, admin, member: memberPerson };
  }

  it('a new person owns an organization of their own, on the trial with its seats', async () => {
    const w = world();
    const person = await makePerson(w, 'Nora New');
    const details = await w.teams.getOrganization(person.id);
    expect(details).toMatchObject({
      name: "Nora New's organization",
      plan: 'trial',
      role: 'owner',
      canManage: true,
      seats: { used: 1, limit: TRIAL_SEATS, active: 1, pending: 0, onTrial: true },
    });
    expect(Date.parse(details.trialEndsAt!)).toBeGreaterThan(Date.now());
    expect(details.capabilities).toMatchObject({ teamMembers: true, teamRoles: true, signatureDefaults: true });
  });

  it('seats count members and open invitations; the team lists both', async () => {
    const w = world();
    const { owner, admin, member: m } = await team();
    const pending = await inviteBy(w, owner, 'pending-teams-svc@example.com');
    expect(await w.teams.seatsInUse(owner.organizationId)).toBe(4);
    expect(admin.organizationId).toBe(owner.organizationId);
    expect(m.organizationId).toBe(owner.organizationId);
    const listed = await w.teams.listTeam(admin.id);
    expect(listed.entries.map((e) => [e.kind, e.role, e.isYou])).toEqual([
      ['member', 'owner', false],
      ['member', 'admin', true],
      ['member', 'member', false],
      ['invitation', 'member', false],
    ]);
    expect(listed.entries[3]).toMatchObject({ id: pending.entry.id, status: 'pending', expired: false });
    expect(listed.seats).toMatchObject({ used: 4, limit: 10, active: 3, pending: 1 });
  });

  it('an invitation needs a free seat, and so does accepting it', async () => {
    const w = world();
    const owner = await makeOwner(w, 'Seat Owner', 'standard', 2);
    const guest = await makePerson(w, 'Guest');
    const { token } = await inviteBy(w, owner, guest.email);
    await expectRefusal(
      w.invitations.invite(owner.id, { email: 'one-more@example.com', role: 'member' }),
      'CONFLICT',
      SEATS_FULL(2),
    );

    // The plan shrinks to one seat while the invitation is open: the owner fills it, so accepting is refused.
    await setOrganizationPlan(w.db, owner.organizationId, { seats: 1 });
    await expectRefusal(w.invitations.acceptInvitation(guest.id, token), 'CONFLICT', SEATS_FULL(1));
    expect((await membershipOf(w, guest.id)).organizationId).toBe(guest.organizationId);

    // With a seat free again the same link works.
    await setOrganizationPlan(w.db, owner.organizationId, { seats: 2 });
    expect(await w.invitations.acceptInvitation(guest.id, token)).toEqual({
      organization: { id: owner.organizationId, name: "Seat Owner's organization" },
      role: 'member',
    });
    expect(await membershipOf(w, guest.id)).toMatchObject({ organizationId: owner.organizationId, role: 'member' });
    // The guest's own organization, where they were alone, is closed.
    expect(await w.db.select().from(organization).where(eq(organization.id, guest.organizationId))).toEqual([]);
  });

  it('roles and plan capabilities are refused with words', async () => {
    const w = world();
    const { owner, admin, member: m } = await team();
    // Each refusal: who asks for what, and the words they get (all FORBIDDEN).
    const refusals: Array<[() => Promise<unknown>, string]> = [
      [
        () => w.invitations.invite(m.id, { email: 'nope@example.com', role: 'member' }),
        "Only the organization's owner or an admin can invite people.",
      ],
      [
        () => w.teams.changeMemberRole(m.id, admin.memberId, { role: 'member' }),
        "Only the organization's owner or an admin can change a member's role.",
      ],
      [
        () => w.teams.changeMemberRole(admin.id, owner.memberId, { role: 'member' }),
        "The organization's owner cannot be changed.",
      ],
      [
        () => w.teams.changeMemberRole(admin.id, admin.memberId, { role: 'member' }),
        'You cannot change your own role. Ask the owner or another admin.',
      ],
      [
        () => w.teams.updateOrganization(m.id, { name: 'Renamed', domain: '' }),
        "Only the organization's owner or an admin can change the organization's details.",
      ],
      [
        () => w.teams.transferOwnership(admin.id, { memberId: m.memberId }),
        "Only the organization's owner can hand the organization over.",
      ],
    ];
    for (const [call, words] of refusals) await expectRefusal(call(), 'FORBIDDEN', words);

    // Standard has members but no roles or defaults; making an admin a member again still works.
    await setOrganizationPlan(w.db, owner.organizationId, { plan: 'standard' });
    await expectRefusal(
      w.teams.changeMemberRole(owner.id, m.memberId, { role: 'admin' }),
      'FORBIDDEN',
      capabilityRefusal('teamRoles', { canManage: true }),
    );
    await expectRefusal(
      w.invitations.invite(owner.id, { email: 'new-admin@example.com', role: 'admin' }),
      'FORBIDDEN',
      capabilityRefusal('teamRoles', { canManage: true }),
    );
    expect(await w.teams.changeMemberRole(owner.id, admin.memberId, { role: 'member' })).toMatchObject({
      id: admin.memberId,
      role: 'member',
      email: admin.email,
    });
    const [row] = await w.db.select().from(member).where(eq(member.id, admin.memberId));
    expect(row?.role).toBe('member');

    // Free has no team at all.
    await setOrganizationPlan(w.db, owner.organizationId, { plan: 'free' });
    await expectRefusal(
      w.invitations.invite(owner.id, { email: 'free@example.com', role: 'member' }),
      'FORBIDDEN',
      capabilityRefusal('teamMembers', { canManage: true }),
    );
  });

  it('a removed member keeps their account in an organization of their own, on Free', async () => {
    const w = world();
    const { owner, admin, member: m } = await team();
    await expectRefusal(
      w.teams.removeMember(admin.id, admin.memberId),
      'FORBIDDEN',
      'To leave the organization, use Leave organization under Danger Zone.',
    );
    await expectRefusal(
      w.teams.removeMember(owner.id, 'no-such-member'),
      'NOT_FOUND',
      'That team member was not found.',
    );
    await w.teams.removeMember(admin.id, m.memberId);
    const after = await organizationOf(w, m.id);
    expect(after).toMatchObject({ name: "Mia Member's organization", plan: 'free', seats: INCLUDED_SEATS });
    expect(await membershipOf(w, m.id)).toMatchObject({ role: 'owner' });
    expect((await w.teams.listTeam(owner.id)).entries.map((e) => e.email)).not.toContain(m.email);
    // Removing again answers as for any member that is not there.
    await expectRefusal(w.teams.removeMember(owner.id, m.memberId), 'NOT_FOUND', 'That team member was not found.');
  });

  it("an admin's purchase follows them when they are removed; the team they leave drops to Free", async () => {
    const w = world();
    const owner = await makePerson(w, 'Keeping Owner');
    const payer = await joinAs(w, owner, await makePerson(w, 'Paying Admin'), 'admin');
    const { subscriptionId } = await buyOnTestPage(w, payer.id, {
      planType: 'pro',
      billingPeriod: 'monthly',
      seats: 3,
    });
    expect(await organizationOf(w, owner.id)).toMatchObject({ plan: 'pro', seats: 3 });

    await w.teams.removeMember(owner.id, payer.memberId);
    const moved = await organizationOf(w, payer.id);
    expect(moved.id).not.toBe(owner.organizationId);
    expect(moved).toMatchObject({ plan: 'pro', seats: 3 });
    const [row] = await w.db.select().from(billingSubscription).where(eq(billingSubscription.id, subscriptionId!));
    expect(row?.organizationId).toBe(moved.id);
    expect(await organizationOf(w, owner.id)).toMatchObject({ plan: 'free', seats: INCLUDED_SEATS });
  });

  it('the owner hands the organization over and stays on as an admin', async () => {
    const w = world();
    const { owner, member: m } = await team();
    await expectRefusal(
      w.teams.transferOwnership(owner.id, { memberId: owner.memberId }),
      'VALIDATION',
      'You already own this organization. Please choose another member.',
    );
    const details = await w.teams.transferOwnership(owner.id, { memberId: m.memberId });
    expect(details).toMatchObject({ role: 'admin', canManage: true });
    expect(await membershipOf(w, m.id)).toMatchObject({ organizationId: owner.organizationId, role: 'owner' });
    expect(await membershipOf(w, owner.id)).toMatchObject({ organizationId: owner.organizationId, role: 'admin' });
  });

  it('admins and members leave to an organization of their own; the owner may not', async () => {
    const w = world();
    const { owner, admin } = await team();
    await expectRefusal(
      w.teams.leaveOrganization(owner.id, leave),
      'CONFLICT',
      'As the owner you cannot leave your organization. Hand it over to another member, or delete it, first.',
    );
    await w.teams.leaveOrganization(admin.id, leave);
    const own = await membershipOf(w, admin.id);
    expect(own.organizationId).not.toBe(owner.organizationId);
    expect(own.role).toBe('owner');
    expect(await organizationOf(w, admin.id)).toMatchObject({ plan: 'free', seats: INCLUDED_SEATS });
    expect(await w.teams.seatsInUse(owner.organizationId)).toBe(2);
  });

  it('an owner whose organization has other members cannot accept another invitation', async () => {
    const w = world();
    const { owner } = await team();
    const elsewhere = await makeOwner(w, 'Elsewhere Owner', 'pro', 5);
    const { token } = await inviteBy(w, elsewhere, owner.email);
    await expectRefusal(
      w.invitations.acceptInvitation(owner.id, token),
      'CONFLICT',
      "You own Olivia Owner's organization, which has other members. Hand it over or delete it under Account › Danger Zone before joining another organization.",
    );
    expect((await w.invitations.previewInvitation(token, owner.id)).viewer).toMatchObject({
      emailMatches: true,
      alreadyMember: false,
      leaves: { name: "Olivia Owner's organization", closes: true },
    });
  });

  it('deleting the organization moves everyone else out and erases its details; the owner stays', async () => {
    const w = world();
    const { owner, admin, member: m } = await team();
    await w.teams.updateOrganization(owner.id, { name: 'Acme', domain: 'acme.example' });
    await inviteBy(w, owner, 'withdrawn-by-delete@example.com');
    const details = await w.teams.deleteOrganization(owner.id, { confirmation: DELETE_ORGANIZATION_PHRASE });
    expect(details).toMatchObject({ id: owner.organizationId, name: "Olivia Owner's organization", domain: null });
    expect(details.seats).toMatchObject({ active: 1, pending: 0 });
    for (const person of [admin, m]) {
      expect((await membershipOf(w, person.id)).organizationId).not.toBe(owner.organizationId);
    }
  });
});
