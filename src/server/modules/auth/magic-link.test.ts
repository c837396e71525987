import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { cookieHeader, describeEachDatabase } from '../../../test-support/test-app';
import { newEmail, newIp, PUBLIC_URL } from '../../../test-support/accounts';
import { useMailTestApp } from '../../../test-support/app-fixtures';

describeEachDatabase('magic links', (kind) => {
  const t = useMailTestApp(kind);

  const requestLink = (email: string) => t.requestLink('magicLink', email);
  const signIn = (token: string) => t.post('/api/auth/magic-link/verify', { token }, { ip: newIp() });

  it('mails a PUBLIC_URL link to a landing page; its button call signs in and records user_logged_in', async () => {
    const { email } = await t.signUp();
    const { mail, token, res } = await requestLink(email);
    expect(res.json().message).toBe('If an account exists for that email, a sign-in link is on its way.');
    expect(mail.links[0]!.startsWith(`${PUBLIC_URL}/magic-link/`)).toBe(true);
    expect(mail.text).toContain(`${PUBLIC_URL}/magic-link/`);

    const signedIn = await signIn(token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(email);
    const cookie = cookieHeader(signedIn.headers['set-cookie']);
    expect((await t.me(cookie)).json().user.email).toBe(email);
    const events = await t.database.db.execute<{ name: string; properties: { method?: string } }>(
      sql`select e.name, e.properties from analytics_event e join "user" u on u.id = e.user_id where u.email = ${email}`,
    );
    expect(events.rows).toContainEqual({ name: 'user_logged_in', properties: { method: 'magic-link' } });
  });

  it('opening the link page spends nothing (mail scanners fetch links); only the button call does', async () => {
    const { email } = await t.signUp();
    const { token } = await requestLink(email);
    const page = await t.app.inject({ method: 'GET', url: `/magic-link/${token}` });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await signIn(token)).statusCode).toBe(200);
  });

  it('is single use', async () => {
    const { email } = await t.signUp();
    const { token } = await requestLink(email);
    const [a, b] = await Promise.all([signIn(token), signIn(token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const again = await signIn(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This sign-in link is invalid or has expired. Please request a new one.');
  });

  it('expires after 10 minutes', async () => {
    const { email } = await t.signUp();
    const { token } = await requestLink(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    expect((await signIn(token)).statusCode).toBe(400);
  });

  it('answers an unknown address exactly like a known one, and mails nothing', async () => {
    const { email } = await t.signUp();
    const known = await t.post('/api/auth/send-magic-link', { email }, { ip: newIp() });
    const stranger = newEmail('stranger');
    const unknown = await t.post('/api/auth/send-magic-link', { email: stranger }, { ip: newIp() });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await t.settle();
    expect(t.smtp.mails.some((m) => m.to.includes(stranger))).toBe(false);
    // And no account appeared for it.
    const rows = await t.database.db.execute(sql`select id from "user" where email = ${stranger}`);
    expect(rows.rows).toHaveLength(0);
  });

  it('asks for an email first', async () => {
    const res = await t.post('/api/auth/send-magic-link', { email: '' }, { ip: newIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please enter your email address to send a magic link.');
  });

  it('proving the mailbox of an unverified account drops access set up before the proof', async () => {
    // Pre-hijacking: someone signs up with another person's address and keeps a session open.
    const squatter = await t.signUp();
    const { token } = await requestLink(squatter.email);
    const owner = await signIn(token);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.emailVerified).toBe(true);
    expect((await t.me(squatter.cookie)).statusCode).toBe(401);
    const oldPassword = await t.post(
      '/api/auth/login',
      { email: squatter.email, password: squatter.password },
      { ip: newIp() },
    );
    expect(oldPassword.statusCode).toBe(401);
  });
});
