import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { readMailbox } from '../../../../tests/e2e/support/mailbox';
import { invitation, organization } from '../../db/schema/auth.schema';
import { describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { INVITATION_TTL_MS } from './invitations.service';
import {
  invite,
  join,
  postInvitation,
  setOrganizationPlan,
  signUpPerson,
  tokenOf,
} from '../../../test-support/team-world';

describeEachDatabase('invitations', (kind) => {
  const t = useTestApp(kind);

  const as = (cookie?: string) => (cookie ? { cookie } : {});

  it('mails an accept link built from PUBLIC_URL, which a new person signs up from and joins with', async () => {
    const owner = await signUpPerson(t, 'Olivia Owner');
    await t.app.inject({
      method: 'PUT',
      url: '/api/organization',
      headers: as(owner.cookie),
      payload: { name: 'Acme Inc', domain: 'acme.com' },
    });
    const email = `newcomer-${Date.now()}@example.com`;
    const res = await postInvitation(t, owner, email, 'admin');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'invitation', email, role: 'admin', status: 'pending' });

    // The organization's free-text name stays out of the subject line.
    const mail = (await readMailbox(t.dataDir)).find((m) => m.subject?.includes('invited you'));
    expect(mail?.subject).toBe(`${owner.email} invited you to join their team on SignaturePro`);
    expect(mail?.html).toContain('Acme Inc');
    const link = /http:\/\/localhost:5000\/invitations\/([^\s"<]+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    expect(mail?.html).toContain(link![0]);
    const token = decodeURIComponent(link![1]!);

    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      organizationName: 'Acme Inc',
      inviterName: 'Olivia Owner',
      email,
      role: 'admin',
      status: 'pending',
      viewer: null,
    });

    const newcomer = await signUpPerson(t, 'Someone Else');
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      headers: as(newcomer.cookie),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(
      `This invitation was sent to ${email}. Please log in with that email address to accept it.`,
    );

    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'Sup3r-secret-pass', name: 'Ivy Invited', termsAccepted: true },
    });
    const cookie = String(invited.headers['set-cookie']).split(';')[0]!;
    const before = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}`, headers: as(cookie) });
    expect(before.json().viewer).toMatchObject({
      emailMatches: true,
      alreadyMember: false,
      blockedReason: null,
      leaves: { closes: true },
    });
    const ownOrgId = (await t.app.inject({ method: 'GET', url: '/api/organization', headers: as(cookie) })).json().id;

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      headers: as(cookie),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ organization: { id: owner.organizationId, name: 'Acme Inc' }, role: 'admin' });
    const org = await t.app.inject({ method: 'GET', url: '/api/organization', headers: as(cookie) });
    expect(org.json()).toMatchObject({ id: owner.organizationId, role: 'admin', canManage: true });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(cookie) })).json().organization.id,
    ).toBe(owner.organizationId);
    // The solo organization made at signup is closed rather than left empty.
    expect(await t.database.db.select().from(organization).where(eq(organization.id, ownOrgId))).toEqual([]);
    // Accepting twice is harmless; the link then reads as used.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: as(cookie) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).json().status).toBe('accepted');
  });

  it('refuses a tampered token, and a re-invite retires the previous link', async () => {
    const owner = await signUpPerson(t, 'Owner Two');
    const { id, token } = await invite(t, owner, `retire-${Date.now()}@example.com`);
    const tampered = `${token.slice(0, -2)}xx`;
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${tampered}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${id}` })).statusCode).toBe(404);

    const tooSoon = await t.app.inject({
      method: 'POST',
      url: `/api/organization/invitations/${id}/resend`,
      headers: as(owner.cookie),
    });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toBe('The invitation was just sent. Please wait a minute before sending it again.');

    await t.database.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, id));
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/organization/invitations/${id}/resend`,
      headers: as(owner.cookie),
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().expired).toBe(false);
    const [row] = await t.database.db.select().from(invitation).where(eq(invitation.id, id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + INVITATION_TTL_MS - 60_000);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${tokenOf(t, row!)}` })).statusCode).toBe(200);

    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/api/organization/invitations/${id}`,
      headers: as(owner.cookie),
    });
    expect(withdrawn.statusCode).toBe(204);
    // The page can say it was withdrawn; accepting it is refused.
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${tokenOf(t, row!)}` })).json().status).toBe(
      'canceled',
    );
    const someone = await signUpPerson(t, 'Late Accepter');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/invitations/${tokenOf(t, row!)}/accept`,
          headers: as(someone.cookie),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('enforces the trial’s 10 seats, counting pending invitations, and 1 seat once the trial is over', async () => {
    const owner = await signUpPerson(t, 'Seat Owner');
    for (let i = 0; i < 9; i++) await invite(t, owner, `seat-${i}-${Date.now()}@example.com`);
    const team = await t.app.inject({ method: 'GET', url: '/api/organization/members', headers: as(owner.cookie) });
    expect(team.json().seats).toEqual({ used: 10, limit: 10, active: 1, pending: 9, onTrial: true });
    const full = await postInvitation(t, owner, `one-too-many-${Date.now()}@example.com`);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(
      "Your plan's all 10 seats are in use. Remove a member or withdraw an invitation, or add seats under Plan & Billing.",
    );

    const lapsed = await signUpPerson(t, 'Lapsed Owner');
    await setOrganizationPlan(t.database.db, lapsed.organizationId, { trialEndsAt: new Date(Date.now() - 1000) });
    const one = await postInvitation(t, lapsed, `lapsed-${Date.now()}@example.com`);
    // A lapsed trial is on Free, which has no team members (0024): refused as a plan matter
    // before the seat count (it was 409, seats full, before plan capabilities were enforced).
    expect(one.statusCode).toBe(403);
    expect(one.json().error).toBe(
      'Team members are part of the Standard plan ($19/month). Upgrade under Plan & Billing.',
    );

    const paid = await signUpPerson(t, 'Paid Owner');
    await setOrganizationPlan(t.database.db, paid.organizationId, { plan: 'pro', seats: 2 });
    await invite(t, paid, `paid-1-${Date.now()}@example.com`);
    const third = await postInvitation(t, paid, `paid-2-${Date.now()}@example.com`);
    expect(third.statusCode).toBe(409);
  });

  it('checks the invite form with the spec’s messages and refuses duplicates', async () => {
    const owner = await signUpPerson(t, 'Form Owner');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/organization/invitations',
      headers: as(owner.cookie),
      payload: { email: 'nope', role: 'owner' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: 'Please enter a valid email address', role: 'Please select a role' });
    const email = `dup-${Date.now()}@example.com`;
    await invite(t, owner, email);
    const again = await postInvitation(t, owner, email);
    expect(again.statusCode).toBe(409);
    const self = await postInvitation(t, owner, owner.email);
    expect(self.json().error).toBe('That person is already a member of your team.');
  });

  it('an owner whose team has members must hand it over before joining another', async () => {
    const a = await signUpPerson(t, 'Team A Owner');
    const b = await signUpPerson(t, 'Team B Owner');
    await join(t, b, await signUpPerson(t, 'B Member'), 'member');
    const { token } = await invite(t, a, b.email);
    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}`, headers: as(b.cookie) });
    expect(preview.json().viewer.blockedReason).toMatch(/Hand it over or delete it/);
    const res = await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: as(b.cookie) });
    expect(res.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/organization', headers: as(b.cookie) })).json().id).toBe(
      b.organizationId,
    );
  });
});
