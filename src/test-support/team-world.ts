import { eq } from 'drizzle-orm';
import { invitation, member, organization, session, user } from '../server/db/schema/auth.schema';
import { cookieHeader, signUpUser, type TestApp } from './test-app';
import { createEmptySignature } from '../shared/signature/signature-schema';
import type { Db } from '../server/db/client';
import { createInvitationTokens } from '../server/modules/teams/invitation-token';
import { INVITATION_TTL_MS } from '../server/modules/teams/invitations.service';

/** Test-only: people and organizations for the account and team tests. */
export type Person = Awaited<ReturnType<typeof signUpUser>> & { memberId: string; organizationId: string };

/** A signed-up person whose address is verified (only verified people may send invitations). */
export async function signUpPerson(t: TestApp, name: string): Promise<Person> {
  const person = await signUpUser(t.app, { name });
  await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, person.user.id));
  const [row] = await t.database.db.select().from(member).where(eq(member.userId, person.user.id));
  return { ...person, memberId: row!.id, organizationId: row!.organizationId };
}

export function tokenOf(t: TestApp, row: { id: string; expiresAt: Date }): string {
  return createInvitationTokens(t.config.sessionSecret).tokenFor(row);
}

/** POST /api/organization/invitations as `inviter`: the answer as it came, for tests of refusals. */
export function postInvitation(
  t: TestApp,
  inviter: { cookie: string },
  email: string,
  role: 'admin' | 'member' = 'member',
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/organization/invitations',
    headers: { cookie: inviter.cookie },
    payload: { email, role },
  });
}

/** Sets an organization's plan columns directly (a plan bought elsewhere, a trial that ended). */
export async function setOrganizationPlan(
  db: Db,
  organizationId: string,
  values: Partial<{ plan: string; seats: number; trialEndsAt: Date | null }>,
) {
  await db.update(organization).set(values).where(eq(organization.id, organizationId));
}

/** An invitation sent by `inviter` through the API; returns its id and accept token. */
export async function invite(
  t: TestApp,
  inviter: { cookie: string },
  email: string,
  role: 'admin' | 'member' = 'member',
) {
  const res = await postInvitation(t, inviter, email, role);
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  const id = res.json().id as string;
  const [row] = await t.database.db.select().from(invitation).where(eq(invitation.id, id));
  return { id, token: tokenOf(t, row!) };
}

/** Makes an invitation look sent `agoMs` ago (its expiry is a week after its sending): for the resend wait and expiry. */
export async function backdateInvitation(db: Db, id: string, agoMs: number) {
  await db
    .update(invitation)
    .set({ expiresAt: new Date(Date.now() + INVITATION_TTL_MS - agoMs) })
    .where(eq(invitation.id, id));
}

/** Invites an already signed-up person and accepts as them; they move into the inviter's organization. */
export async function join(
  t: TestApp,
  inviter: { cookie: string },
  person: Person,
  role: 'admin' | 'member',
): Promise<Person> {
  const { token } = await invite(t, inviter, person.email, role);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/invitations/${token}/accept`,
    headers: { cookie: person.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  const [row] = await t.database.db.select().from(member).where(eq(member.userId, person.user.id));
  return { ...person, memberId: row!.id, organizationId: row!.organizationId };
}

/** Signs in again: a second session (another device) for the same person. */
export async function secondSession(t: TestApp, person: { email: string; password: string; user: { id: string } }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: person.email, password: person.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieHeader(res.headers['set-cookie']);
  const rows = await t.database.db.select().from(session).where(eq(session.userId, person.user.id));
  const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
  return { cookie, sessionId: newest.id };
}

/** Organization A (owner, admin, member, one pending invitation) and organization B (its owner alone). */
export async function createTeamWorld(t: TestApp) {
  const owner = await signUpPerson(t, 'Olivia Owner');
  // Room for every invitation the tests send; the trial's limit is tested on its own.
  await t.database.db.update(organization).set({ seats: 100 }).where(eq(organization.id, owner.organizationId));
  const admin = await join(t, owner, await signUpPerson(t, 'Adam Admin'), 'admin');
  const memberPerson = await join(t, owner, await signUpPerson(t, 'Mia Member'), 'member');
  const other = await signUpPerson(t, 'Oscar Other');
  const pending = await invite(t, owner, `pending-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
  return { owner, admin, member: memberPerson, other, pending };
}
export type TeamWorld = Awaited<ReturnType<typeof createTeamWorld>>;

/**
 * A new signature's own fields, with no design and no photo: exactly what an organization's
 * defaults (design, and the logo as photo) fill in when left out. `extra` adds or replaces fields.
 */
export function signatureFieldsOnly(name: string, email: string, extra: Record<string, unknown> = {}) {
  const { design: _design, photoUrl: _photo, ...fields } = createEmptySignature({ name, email });
  return { ...fields, ...extra };
}
