import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test-support/test-app';
import { newEmail, newIp, SUBJECTS } from '../../../test-support/accounts';
import { useMailTestApp } from '../../../test-support/app-fixtures';

/** Signup, login and forgot-password answer a registered and an unknown address alike. */
describeEachDatabase('no account enumeration', (kind) => {
  const t = useMailTestApp(kind);

  it('signup: same status and body; no session, no change and a notice to the owner for a taken address', async () => {
    const owner = await t.signUp();
    const fresh = newEmail('fresh');
    const a = await t.post(
      '/api/auth/signup',
      { email: fresh, password: 'Attack3r-pass', termsAccepted: true },
      { ip: newIp() },
    );
    const b = await t.post(
      '/api/auth/signup',
      { email: owner.email, password: 'Attack3r-pass', termsAccepted: true },
      { ip: newIp() },
    );
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body.replace(owner.email, 'X')).toBe(a.body.replace(fresh, 'X'));
    expect(b.json()).toEqual({ message: 'Please check your email to verify your account.', email: owner.email });
    expect(b.headers['set-cookie']).toBeUndefined();

    const notice = await t.mailTo(owner.email, SUBJECTS.accountExists);
    expect(notice.text).toContain('no new one was made');
    expect(notice.links.some((l) => l.endsWith('/login'))).toBe(true);
    // The owner's password and session are untouched; the attacker's password opens nothing.
    expect((await t.me(owner.cookie)).statusCode).toBe(200);
    expect(
      (await t.post('/api/auth/login', { email: owner.email, password: 'Attack3r-pass' }, { ip: newIp() })).statusCode,
    ).toBe(401);
    expect(
      (await t.post('/api/auth/login', { email: owner.email, password: owner.password }, { ip: newIp() })).statusCode,
    ).toBe(200);
    const users = await t.database.db.execute(sql`select id from "user" where email = ${owner.email}`);
    expect(users.rows).toHaveLength(1);
    await t.settle();
    expect(
      t.smtp.mails.filter((m) => m.to.includes(owner.email) && SUBJECTS.verification.test(m.subject)),
    ).toHaveLength(1);
  });

  it('signup: the owner notice is limited, the answer is not', async () => {
    const owner = await t.signUp();
    for (let i = 0; i < 5; i++) {
      const res = await t.post(
        '/api/auth/signup',
        { email: owner.email, password: 'Attack3r-pass', termsAccepted: true },
        { ip: newIp() },
      );
      expect(res.statusCode).toBe(201);
    }
    await t.settle();
    expect(
      t.smtp.mails.filter((m) => m.to.includes(owner.email) && SUBJECTS.accountExists.test(m.subject)),
    ).toHaveLength(3);
  });

  it('login: unknown address and wrong password get the same status and body', async () => {
    const { email } = await t.signUp();
    const wrong = await t.post('/api/auth/login', { email, password: 'not-it' }, { ip: newIp() });
    const unknown = await t.post('/api/auth/login', { email: newEmail('nobody'), password: 'not-it' }, { ip: newIp() });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json().error).toBe('Invalid email or password.');
  });

  it('forgot-password: same status and body; only the registered address gets mail', async () => {
    const { email } = await t.signUp();
    const stranger = newEmail('stranger');
    const known = await t.post('/api/auth/forgot-password', { email }, { ip: newIp() });
    const unknown = await t.post('/api/auth/forgot-password', { email: stranger }, { ip: newIp() });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toBe("If an account exists with that email, we've sent password reset instructions.");
    await t.mailTo(email, SUBJECTS.reset);
    await t.settle();
    expect(t.smtp.mails.some((m) => m.to.includes(stranger))).toBe(false);
  });

  it('forgot-password: the per-address limit counts unknown addresses too', async () => {
    const { email } = await t.signUp();
    const stranger = newEmail('stranger');
    const statuses = async (address: string) => {
      const out: number[] = [];
      for (let i = 0; i < 6; i++)
        out.push((await t.post('/api/auth/forgot-password', { email: address }, { ip: newIp() })).statusCode);
      return out;
    };
    expect(await statuses(stranger)).toEqual(await statuses(email));
  });
});
