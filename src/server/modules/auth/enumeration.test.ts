import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test-support/test-app';
import {
  buildMailTestApp,
  me,
  newEmail,
  newIp,
  post,
  settleMail,
  signUp,
  SUBJECTS,
  waitForMail,
  type MailTestApp,
} from '../../../test-support/accounts';

/** Signup, login and forgot-password answer a registered and an unknown address alike. */
describeEachDatabase('no account enumeration', (kind) => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await buildMailTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('signup: same status and body; no session, no change and a notice to the owner for a taken address', async () => {
    const owner = await signUp(t);
    const fresh = newEmail('fresh');
    const a = await post(
      t,
      '/api/auth/signup',
      { email: fresh, password: 'Attack3r-pass', termsAccepted: true },
      { ip: newIp() },
    );
    const b = await post(
      t,
      '/api/auth/signup',
      { email: owner.email, password: 'Attack3r-pass', termsAccepted: true },
      { ip: newIp() },
    );
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body.replace(owner.email, 'X')).toBe(a.body.replace(fresh, 'X'));
    expect(b.json()).toEqual({ message: 'Please check your email to verify your account.', email: owner.email });
    expect(b.headers['set-cookie']).toBeUndefined();

    const notice = await waitForMail(t.smtp, owner.email, SUBJECTS.accountExists);
    expect(notice.text).toContain('no new one was made');
    expect(notice.links.some((l) => l.endsWith('/login'))).toBe(true);
    // The owner's password and session are untouched; the attacker's password opens nothing.
    expect((await me(t, owner.cookie)).statusCode).toBe(200);
    expect(
      (await post(t, '/api/auth/login', { email: owner.email, password: 'Attack3r-pass' }, { ip: newIp() })).statusCode,
    ).toBe(401);
    expect(
      (await post(t, '/api/auth/login', { email: owner.email, password: owner.password }, { ip: newIp() })).statusCode,
    ).toBe(200);
    const users = await t.database.db.execute(sql`select id from "user" where email = ${owner.email}`);
    expect(users.rows).toHaveLength(1);
    await settleMail(t);
    expect(
      t.smtp.mails.filter((m) => m.to.includes(owner.email) && SUBJECTS.verification.test(m.subject)),
    ).toHaveLength(1);
  });

  it('signup: the owner notice is limited, the answer is not', async () => {
    const owner = await signUp(t);
    for (let i = 0; i < 5; i++) {
      const res = await post(
        t,
        '/api/auth/signup',
        { email: owner.email, password: 'Attack3r-pass', termsAccepted: true },
        { ip: newIp() },
      );
      expect(res.statusCode).toBe(201);
    }
    await settleMail(t);
    expect(
      t.smtp.mails.filter((m) => m.to.includes(owner.email) && SUBJECTS.accountExists.test(m.subject)),
    ).toHaveLength(3);
  });

  it('login: unknown address and wrong password get the same status and body', async () => {
    const { email } = await signUp(t);
    const wrong = await post(t, '/api/auth/login', { email, password: 'not-it' }, { ip: newIp() });
    const unknown = await post(
      t,
      '/api/auth/login',
      { email: newEmail('nobody'), password: 'not-it' },
      { ip: newIp() },
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json().error).toBe('Invalid email or password.');
  });

  it('forgot-password: same status and body; only the registered address gets mail', async () => {
    const { email } = await signUp(t);
    const stranger = newEmail('stranger');
    const known = await post(t, '/api/auth/forgot-password', { email }, { ip: newIp() });
    const unknown = await post(t, '/api/auth/forgot-password', { email: stranger }, { ip: newIp() });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toBe("If an account exists with that email, we've sent password reset instructions.");
    await waitForMail(t.smtp, email, SUBJECTS.reset);
    await settleMail(t);
    expect(t.smtp.mails.some((m) => m.to.includes(stranger))).toBe(false);
  });

  it('forgot-password: the per-address limit counts unknown addresses too', async () => {
    const { email } = await signUp(t);
    const stranger = newEmail('stranger');
    const statuses = async (address: string) => {
      const out: number[] = [];
      for (let i = 0; i < 6; i++)
        out.push((await post(t, '/api/auth/forgot-password', { email: address }, { ip: newIp() })).statusCode);
      return out;
    };
    expect(await statuses(stranger)).toEqual(await statuses(email));
  });
});
