import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { organization, user } from '../../db/schema/auth.schema';
import { analyticsEvent } from '../../db/schema/signatures.schema';
import { describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { INVITATION_SENT_EVENT } from './invitation-limits';
import { join, signUpPerson, type Person } from '../../../test-support/team-world';

/** Invitations are not a mail relay. */
describeEachDatabase('invitation limits', (kind) => {
  const t = useTestApp(kind);

  const inviteAs = (cookie: string, email = `someone-${randomUUID()}@example.com`, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/organization/invitations',
      headers: { cookie },
      payload: { email, role: 'member' },
    });
  const cancel = (cookie: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/organization/invitations/${id}`, headers: { cookie } });

  async function owner(name: string): Promise<Person> {
    const person = await signUpPerson(t, name);
    await t.database.db.update(organization).set({ seats: 100 }).where(eq(organization.id, person.organizationId));
    return person;
  }

  const ledger = (userId: string, organizationId: string, minutesAgo: number) => ({
    id: randomUUID(),
    name: INVITATION_SENT_EVENT,
    userId,
    properties: { organizationId },
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });

  it('an unverified address cannot invite anyone', async () => {
    const unverified = await signUpUser(t.app, { name: 'Not Yet Verified' });
    const res = await inviteAs(unverified.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/^Please verify your email address before inviting people/);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, unverified.user.id));
    expect(row!.emailVerified).toBe(false);
  });

  it('the 21st invitation in an hour is refused with words and Retry-After, withdrawn ones counting', async () => {
    const olivia = await owner('Hourly Owner');
    for (let i = 0; i < 20; i++) {
      const res = await inviteAs(olivia.cookie);
      expect(res.statusCode, res.body).toBe(201);
      // Withdrawing gives the seat back, not the mail: it was sent.
      if (i % 2 === 0) expect((await cancel(olivia.cookie, res.json().id)).statusCode).toBe(204);
    }
    const refused = await inviteAs(olivia.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().error).toMatch(
      /^Your organization has sent 20 invitations in the last hour, the most we allow an hour\. Please try again in \d+ (?:minutes?|hour)\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  });

  it('a re-invite is another mail and counts too', async () => {
    const owen = await owner('Resend Owner');
    const first = await inviteAs(owen.cookie);
    await t.database.db
      .insert(analyticsEvent)
      .values(Array.from({ length: 19 }, () => ledger(owen.user.id, owen.organizationId, 5)));
    // Past the one-minute cooldown of the re-invite button.
    await t.database.db.execute(
      `update invitation set expires_at = expires_at - interval '2 minutes' where id = '${first.json().id as string}'`,
    );
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/organization/invitations/${first.json().id}/resend`,
      headers: { cookie: owen.cookie },
    });
    expect(resend.statusCode).toBe(429);
    expect(resend.headers['retry-after']).toBeDefined();
  });

  it('the limit is per organization across its admins, and per inviter across organizations', async () => {
    const org = await owner('Shared Owner');
    const admin = await join(t, org, await signUpPerson(t, 'Shared Admin'), 'admin');
    // join() sent one already: 1 + 11 from the owner + 8 from the admin = 20.
    for (let i = 0; i < 11; i++) expect((await inviteAs(org.cookie)).statusCode).toBe(201);
    for (let i = 0; i < 8; i++) expect((await inviteAs(admin.cookie)).statusCode).toBe(201);
    expect((await inviteAs(admin.cookie)).statusCode).toBe(429);
    expect((await inviteAs(org.cookie)).statusCode).toBe(429);

    // Someone who sent 20 from the organization they just left cannot start again in a new one.
    const mover = await owner('Moving Owner');
    await t.database.db
      .insert(analyticsEvent)
      .values(Array.from({ length: 20 }, () => ledger(mover.user.id, randomUUID(), 10)));
    const refused = await inviteAs(mover.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^You have sent 20 invitations in the last hour/);
  });

  it('at most 100 a day', async () => {
    const daily = await owner('Daily Owner');
    // 100 sent over the last 23 hours, never more than 20 in one hour.
    const rows = Array.from({ length: 100 }, (_, i) => ledger(daily.user.id, daily.organizationId, 65 + i * 13));
    await t.database.db.insert(analyticsEvent).values(rows);
    const refused = await inviteAs(daily.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(
      /sent 100 invitations in the last day, the most we allow a day\. Please try again in \d+ hours?\./,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60 * 60);
  });

  it('is counted in the database: a second server process sees the same count', async () => {
    const shared = await owner('Two Process Owner');
    const second = await buildApp(t.config, {
      database: t.database,
      clientDir: false,
      logger: false,
      rateLimitPrefix: `other-${randomUUID()}:`,
    });
    try {
      await second.ready();
      for (let i = 0; i < 10; i++) expect((await inviteAs(shared.cookie)).statusCode).toBe(201);
      for (let i = 0; i < 10; i++) expect((await inviteAs(shared.cookie, undefined, second)).statusCode).toBe(201);
      expect((await inviteAs(shared.cookie, undefined, second)).statusCode).toBe(429);
      expect((await inviteAs(shared.cookie)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('parallel invitations cannot slip past the limit together', async () => {
    const racer = await owner('Racing Owner');
    const results = await Promise.all(Array.from({ length: 30 }, () => inviteAs(racer.cookie)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  });

  it('an invitation refused for another reason does not count', async () => {
    const owner2 = await owner('Conflict Owner');
    const email = `twice-${randomUUID()}@example.com`;
    expect((await inviteAs(owner2.cookie, email)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expect((await inviteAs(owner2.cookie, email)).statusCode).toBe(409);
    const counted = await t.database.db.select().from(analyticsEvent).where(eq(analyticsEvent.userId, owner2.user.id));
    expect(counted.filter((r) => r.name === INVITATION_SENT_EVENT)).toHaveLength(1);
  });
});
