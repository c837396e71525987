import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { apiCaller, cookieHeader, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { putUpload } from '../../../test-support/uploads';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import { createTeamWorld, join, secondSession, signUpPerson } from '../../../test-support/team-world';

/** Every file under a folder, recursively (the disk store keeps a .meta.json beside each object). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());
}

describeEachDatabase('account', (kind) => {
  const t = useTestApp(kind);

  const call = apiCaller(() => t.app);

  /** Tables with a user_id column, and how many of their rows name this user. */
  async function rowsNaming(userId: string, email: string) {
    const tables = await t.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.columns where column_name = 'user_id' and table_schema = current_schema()`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables.rows) {
      const res = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${userId}`,
      );
      if (res.rows[0]!.n > 0) counts[table_name] = res.rows[0]!.n;
    }
    const users = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from "user" where id = ${userId} or email = ${email}`,
    );
    if (users.rows[0]!.n > 0) counts.user = users.rows[0]!.n;
    const mail = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where recipient = ${email}`,
    );
    if (mail.rows[0]!.n > 0) counts.mail_outbox = mail.rows[0]!.n;
    return counts;
  }

  it('saves the profile with the spec’s rules and New York as the default timezone', async () => {
    const { cookie, email } = await signUpUser(t.app, { name: 'Pat' });
    expect((await call('GET', '/api/account/profile', cookie)).json()).toEqual({
      name: 'Pat',
      email,
      timezone: 'America/New_York',
      emailVerified: false,
    });
    expect(
      (await call('PUT', '/api/account/profile', cookie, { name: ' ', timezone: 'Mars/Olympus' })).json().errors,
    ).toEqual({
      name: 'Name is required',
      timezone: 'Timezone is required',
    });
    expect(
      (await call('PUT', '/api/account/profile', cookie, { name: 'x'.repeat(101), timezone: 'Asia/Tokyo' })).json()
        .errors,
    ).toEqual({
      name: 'Name too long',
    });
    expect(
      (await call('PUT', '/api/account/profile', cookie, { name: 'Pat Lee', timezone: 'Asia/Tokyo' })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/auth/me', cookie)).json().user).toMatchObject({
      name: 'Pat Lee',
      timezone: 'Asia/Tokyo',
    });
  });

  it('changes the password, signing out every other device but this one', async () => {
    const person = await signUpUser(t.app);
    const laptop = await secondSession(t, person);
    const rules = await call('POST', '/api/account/password', person.cookie, {
      currentPassword: '',
      newPassword: 'abcdefg1',
      confirmPassword: 'x',
    });
    expect(rules.json().errors).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must contain at least one uppercase letter',
      confirmPassword: "Passwords don't match",
    });
    const wrong = await call('POST', '/api/account/password', person.cookie, {
      currentPassword: 'not-it',
      newPassword: 'N3w-Passw0rd!',
      confirmPassword: 'N3w-Passw0rd!',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });

    const ok = await call('POST', '/api/account/password', person.cookie, {
      currentPassword: person.password,
      newPassword: 'N3w-Passw0rd!',
      confirmPassword: 'N3w-Passw0rd!',
    });
    expect(ok.statusCode).toBe(200);
    const fresh = cookieHeader(ok.headers['set-cookie']);
    expect((await call('GET', '/api/auth/me', fresh)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', laptop.cookie)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: 'N3w-Passw0rd!' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('lists signed-in devices and signs the others out, one or all', async () => {
    const person = await signUpUser(t.app);
    const phone = await secondSession(t, person);
    const tablet = await secondSession(t, person);
    const list = (await call('GET', '/api/account/sessions', person.cookie)).json();
    expect(list).toHaveLength(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toMatch(/token/i);

    const current = list.find((s: { current: boolean }) => s.current).id;
    expect((await call('DELETE', `/api/account/sessions/${current}`, person.cookie)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/account/sessions/${phone.sessionId}`, person.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/me', phone.cookie)).statusCode).toBe(401);
    expect((await call('POST', '/api/account/sessions/sign-out-others', person.cookie)).json()).toEqual({
      signedOut: 1,
    });
    expect((await call('GET', '/api/auth/me', tablet.cookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', person.cookie)).statusCode).toBe(200);
  });

  it('deletes the account and leaves no rows and no files of the user behind', async () => {
    const person = await signUpPerson(t, 'Dee Leted');
    const other = await signUpPerson(t, 'Stays Around');
    await secondSession(t, person);
    const created = await call(
      'POST',
      '/api/signatures',
      person.cookie,
      createEmptySignature({ name: 'Dee', email: person.email }),
    );
    expect(created.statusCode).toBe(201);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#1a73e8' } })
      .png()
      .toBuffer();
    for (let i = 0; i < 2; i++) {
      const { uploadURL, put } = await putUpload(t, person.cookie, png);
      expect(put.statusCode).toBe(200);
      // The second one stays a raw upload, never attached: its file must go too.
      if (i === 0)
        expect(
          (await call('PUT', '/api/signatures/image', person.cookie, { imageURL: uploadURL, signatureId: 'temp' }))
            .statusCode,
        ).toBe(200);
    }
    // Someone else's file stays.
    await putUpload(t, other.cookie, png);
    const objects = path.join(t.dataDir, 'objects');
    // Each file has its .meta.json: the stored image is four files, one per shape (decision 0070), plus two raw uploads.
    expect(filesUnder(objects)).toHaveLength(12);
    expect(Object.keys(await rowsNaming(person.user.id, person.email))).toEqual(
      expect.arrayContaining(['session', 'account', 'member', 'signature', 'upload']),
    );

    const wrong = await call('POST', '/api/account/delete', person.cookie, { confirmation: 'delete my account' });
    expect(wrong.json().errors).toEqual({ confirmation: 'Please type DELETE MY ACCOUNT to confirm' });
    const deleted = await call('POST', '/api/account/delete', person.cookie, {
      confirmation: 'DELETE MY ACCOUNT',
      password: 'Sup3r-secret-pass',
    });
    expect(deleted.statusCode).toBe(200);
    expect(String(deleted.headers['set-cookie'])).toMatch(/Max-Age=0/i);

    expect(await rowsNaming(person.user.id, person.email)).toEqual({});
    const orgs = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from organization where id = ${person.organizationId}`,
    );
    expect(orgs.rows[0]!.n).toBe(0);
    expect(filesUnder(objects)).toHaveLength(2);
    expect((await call('GET', '/api/auth/me', person.cookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', other.cookie)).statusCode).toBe(200);
  });

  it('an owner with other members must hand over before deleting the account', async () => {
    const { owner, admin } = await createTeamWorld(t);
    const blocked = await call('POST', '/api/account/delete', owner.cookie, {
      confirmation: 'DELETE MY ACCOUNT',
      password: 'Sup3r-secret-pass',
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toBe(
      'Your organization has other members. Hand it over to one of them or delete the organization before deleting your account.',
    );
    await call('POST', '/api/organization/transfer-ownership', owner.cookie, { memberId: admin.memberId });
    expect(
      (
        await call('POST', '/api/account/delete', owner.cookie, {
          confirmation: 'DELETE MY ACCOUNT',
          password: 'Sup3r-secret-pass',
        })
      ).statusCode,
    ).toBe(200);
    const team = (await call('GET', '/api/organization/members', admin.cookie)).json();
    expect(team.entries.map((e: { email: string }) => e.email)).not.toContain(owner.email);
    // A member deleting their account simply leaves the team.
    const extra = await join(t, admin, await signUpPerson(t, 'Short Stay'), 'member');
    expect(
      (
        await call('POST', '/api/account/delete', extra.cookie, {
          confirmation: 'DELETE MY ACCOUNT',
          password: 'Sup3r-secret-pass',
        })
      ).statusCode,
    ).toBe(200);
    expect(await rowsNaming(extra.user.id, extra.email)).toEqual({});
  });
});
