import { eq, sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { user } from '../../db/schema/auth.schema';
import { describeEachDatabase } from '../../../test-support/test-app';
import { VERIFIED_SIGNED_OUT } from './email-verification.service';
import { newEmail, newIp, PUBLIC_URL, SUBJECTS, tokenFrom } from '../../../test-support/accounts';
import { useMailTestApp } from '../../../test-support/app-fixtures';
import { DAY_MS } from '../../../shared/duration';

describeEachDatabase('email verification', (kind) => {
  const t = useMailTestApp(kind);

  const verify = (payload: unknown, send: { ip: string; cookie?: string }) =>
    t.post('/api/auth/verify-email', payload, send);
  const isVerified = async (cookie: string) => (await t.me(cookie)).json().user.emailVerified as boolean;
  const verifiedInDatabase = async (email: string) =>
    (await t.database.db.select().from(user).where(eq(user.email, email)))[0]?.emailVerified ?? false;

  it('mails one message with an HTML and a text part holding the code and a PUBLIC_URL link', async () => {
    const { email } = await t.signUp();
    const mail = await t.mailTo(email, SUBJECTS.verification);
    expect(mail.html).toContain('<table');
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.html).toContain(mail.code!);
    const link = mail.links.find((l) => l.includes('/verify-email/'));
    expect(link?.startsWith(`${PUBLIC_URL}/verify-email/`)).toBe(true);
    expect(mail.text).toContain(link!);
    expect(mail.messageId).toMatch(/^<[\w-]+@localhost>$/);
  });

  it('verifies with the 6-digit code from the mail, in the signed-in session', async () => {
    const ip = newIp();
    const { email, cookie } = await t.signUp();
    const mail = await t.mailTo(email, SUBJECTS.verification);
    expect(await isVerified(cookie)).toBe(false);
    const res = await verify({ token: mail.code }, { ip, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Email verified!', email });
    expect(await isVerified(cookie)).toBe(true);
    // The code is spent.
    const again = await verify({ token: mail.code, email }, { ip });
    expect(again.statusCode).toBe(400);
  });

  it('verifies with the code and the address when not signed in (ending the sessions from before)', async () => {
    const ip = newIp();
    const { email, cookie } = await t.signUp();
    const mail = await t.mailTo(email, SUBJECTS.verification);
    const res = await verify({ token: mail.code, email }, { ip });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: VERIFIED_SIGNED_OUT, email, signedOut: true });
    expect((await t.me(cookie)).statusCode).toBe(401);
    expect(await verifiedInDatabase(email)).toBe(true);
  });

  it('verifies by following the link in the mail; a second click still says verified', async () => {
    const ip = newIp();
    const { email, cookie } = await t.signUp();
    const token = tokenFrom(await t.mailTo(email, SUBJECTS.verification), '/verify-email/');
    // Opened in the browser that signed up: that session stays.
    const res = await verify({ token }, { ip, cookie });
    expect(res.statusCode).toBe(200);
    expect(await isVerified(cookie)).toBe(true);
    expect((await verify({ token }, { ip })).json().message).toBe('Your email is already verified.');
    expect((await verify({ token: `${token}x` }, { ip })).json().error).toBe(
      'This verification link is invalid or has expired.',
    );
  });

  it('codes expire after 10 minutes; links after 24 hours', async () => {
    const ip = newIp();
    const { email, cookie } = await t.signUp();
    const mail = await t.mailTo(email, SUBJECTS.verification);
    const token = tokenFrom(mail, '/verify-email/');
    // Both mails are sent before the clock moves: the outbox schedules its retries by the clock.
    const other = await t.signUp();
    const otherToken = tokenFrom(await t.mailTo(other.email, SUBJECTS.verification), '/verify-email/');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    const late = await verify({ token: mail.code }, { ip, cookie });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('This code has expired or been tried too many times. Please request a new code.');
    vi.setSystemTime(Date.now() + 23 * 60 * 60_000);
    expect((await verify({ token }, { ip })).statusCode).toBe(200);

    vi.setSystemTime(Date.now() + DAY_MS + 1_000);
    const expired = await verify({ token: otherToken }, { ip });
    expect(expired.statusCode).toBe(400);
    expect(await isVerified(other.cookie)).toBe(false);
  });

  it('allows 5 tries per code: after 5 wrong ones even the right code is refused', async () => {
    const ip = newIp();
    const { email, cookie } = await t.signUp();
    const mail = await t.mailTo(email, SUBJECTS.verification);
    const wrong = mail.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await verify({ token: wrong }, { ip, cookie })).json().error).toBe('Invalid verification code');
    expect((await verify({ token: wrong }, { ip, cookie })).json().error).toMatch(/tried too many times/);
    const right = await verify({ token: mail.code }, { ip, cookie });
    expect(right.statusCode).toBe(400);
    expect(await isVerified(cookie)).toBe(false);
  });

  it('5 tries hold under 20 parallel guesses', async () => {
    const ip = newIp();
    const { email, cookie } = await t.signUp();
    await t.mailTo(email, SUBJECTS.verification);
    await Promise.all(Array.from({ length: 20 }, (_, i) => verify({ token: String(900000 + i) }, { ip, cookie })));
    const rows = await t.database.db.execute<{ attempts: number }>(
      sql`select attempts from one_time_code c join "user" u on u.id = c.user_id where u.email = ${email}`,
    );
    expect(rows.rows.map((r) => r.attempts)).toEqual([5]);
  });

  it('stops at 20 wrong codes per account per day, across new codes, with Retry-After', async () => {
    const { email, cookie } = await t.signUp();
    let mailIndex = 0;
    for (let round = 0; round < 4; round++) {
      const ip = newIp();
      const mail = await t.mailTo(email, SUBJECTS.verification, mailIndex);
      mailIndex = t.smtp.mails.indexOf(mail) + 1;
      const wrong = mail.code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect((await verify({ token: wrong }, { ip, cookie })).statusCode).toBe(400);
      if (round < 3) expect((await t.post('/api/auth/resend-verification', {}, { ip, cookie })).statusCode).toBe(200);
    }
    // Twenty failures spent: a fresh, correct code is refused for the rest of the day.
    const ip = newIp();
    expect((await t.post('/api/auth/resend-verification', {}, { ip, cookie })).statusCode).toBe(200);
    const fresh = await t.mailTo(email, SUBJECTS.verification, mailIndex);
    const res = await verify({ token: fresh.code }, { ip, cookie });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(res.json().error).toMatch(/Too many incorrect codes/);
    // The same limit guards the address without a session.
    expect((await verify({ token: fresh.code, email }, { ip: newIp() })).statusCode).toBe(429);
  });

  it('stores codes and link tokens hashed, and the outbox keeps no readable copy', async () => {
    const { email } = await t.signUp();
    const mail = await t.mailTo(email, SUBJECTS.verification);
    const token = tokenFrom(mail, '/verify-email/');
    await t.app.services.mailer.drain();
    const dump = JSON.stringify([
      (await t.database.db.execute(sql`select * from one_time_code`)).rows,
      (await t.database.db.execute(sql`select * from account_token`)).rows,
      (await t.database.db.execute(sql`select * from mail_outbox`)).rows,
      (await t.database.db.execute(sql`select * from verification`)).rows,
    ]);
    expect(dump).not.toContain(token);
    expect(dump).not.toMatch(new RegExp(`"${mail.code}"`));
    expect(dump).not.toContain(`code ${mail.code}`);
  });

  it("binds a code to its account: another account's code does not verify mine", async () => {
    const ip = newIp();
    const a = await t.signUp();
    const b = await t.signUp();
    const mailA = await t.mailTo(a.email, SUBJECTS.verification);
    const mailB = await t.mailTo(b.email, SUBJECTS.verification);
    if (mailA.code === mailB.code) return; // one chance in a million; nothing to compare
    expect((await verify({ token: mailA.code }, { ip, cookie: b.cookie })).statusCode).toBe(400);
    expect((await verify({ token: mailA.code, email: b.email }, { ip })).statusCode).toBe(400);
    expect(await isVerified(b.cookie)).toBe(false);
  });

  it('answers the same for an unknown address as for a wrong code', async () => {
    const ip = newIp();
    const unknown = await verify({ token: '123456', email: newEmail('nobody') }, { ip });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Invalid verification code');
  });

  it('resends a new code that replaces the old one', async () => {
    const ip = newIp();
    const { email, cookie } = await t.signUp();
    const first = await t.mailTo(email, SUBJECTS.verification);
    const res = await t.post('/api/auth/resend-verification', {}, { ip, cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Verification email sent');
    const second = await t.mailTo(email, SUBJECTS.verification, t.smtp.mails.indexOf(first) + 1);
    if (first.code !== second.code) expect((await verify({ token: first.code }, { ip, cookie })).statusCode).toBe(400);
    expect((await verify({ token: second.code }, { ip, cookie })).statusCode).toBe(200);
    const after = await t.post('/api/auth/resend-verification', {}, { ip, cookie });
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toBe('Your email address is already verified.');
  });
});
