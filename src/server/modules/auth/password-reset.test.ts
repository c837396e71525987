import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test-support/test-app';
import { newIp, PUBLIC_URL, SUBJECTS } from '../../../test-support/accounts';
import { useMailTestApp } from '../../../test-support/app-fixtures';

const NEW_PASSWORD = 'Brand-new-Passw0rd';

describeEachDatabase('password reset', (kind) => {
  const t = useMailTestApp(kind);

  const requestReset = async (email: string, ip = newIp(), headers: Record<string, string> = {}) =>
    (await t.requestLink('reset', email, { ip, headers })).token;
  const reset = (token: string, newPassword = NEW_PASSWORD, ip = newIp()) =>
    t.post('/api/auth/reset-password', { token, newPassword }, { ip });

  it('forgot → mail → reset page → new password works, old one and every old session do not', async () => {
    const { email, password, cookie } = await t.signUp();
    const token = await requestReset(email);
    const check = await t.post('/api/auth/reset-password/check', { token }, { ip: newIp() });
    expect(check.json()).toEqual({ valid: true });

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password reset! You can now login with your new password.');
    expect((await t.me(cookie)).statusCode).toBe(401);
    expect((await t.logIn(email, password)).statusCode).toBe(401);
    const ok = await t.logIn(email, NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    // Following the mailed link proved the mailbox.
    expect(ok.json().user.emailVerified).toBe(true);
  });

  it('builds the link from PUBLIC_URL, whatever Host the request names', async () => {
    const { email } = await t.signUp();
    const before = t.smtp.mails.length;
    await t.post(
      '/api/auth/forgot-password',
      { email },
      { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } },
    );
    const mail = await t.mailTo(email, SUBJECTS.reset, before);
    expect(mail.links.every((l) => l.startsWith(PUBLIC_URL))).toBe(true);
    expect(mail.html + mail.text).not.toContain('evil.example');
  });

  it('enforces the spec rules on the new password without burning the link', async () => {
    const { email } = await t.signUp();
    const token = await requestReset(email);
    const weak = await reset(token, 'alllowercase1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toBe('Password must contain at least one uppercase letter');
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('10 concurrent uses of one link: exactly one succeeds', async () => {
    const { email } = await t.signUp();
    const token = await requestReset(email);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => reset(token, `Parallel-Passw0rd-${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    const winner = results.findIndex((r) => r.statusCode === 200);
    expect((await t.logIn(email, `Parallel-Passw0rd-${winner}`)).statusCode).toBe(200);
    expect(results.find((r) => r.statusCode === 400)!.json().error).toBe(
      'This reset link is invalid or has expired. Please request a new one.',
    );
  });

  it('a newer link voids the older one', async () => {
    const { email } = await t.signUp();
    const older = await requestReset(email);
    const newer = await requestReset(email);
    expect((await reset(older)).statusCode).toBe(400);
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('a password change by any route voids an outstanding link', async () => {
    const { email, password, cookie } = await t.signUp();
    const token = await requestReset(email);
    // The Security tab's route: Better Auth's own change-password.
    await t.app.services.betterAuth.api.changePassword({
      body: { currentPassword: password, newPassword: 'Changed-Passw0rd' },
      headers: new Headers({ cookie }),
    });
    expect((await t.post('/api/auth/reset-password/check', { token }, { ip: newIp() })).json()).toEqual({
      valid: false,
    });
    expect((await reset(token)).statusCode).toBe(400);
    expect((await t.logIn(email, 'Changed-Passw0rd')).statusCode).toBe(200);
  });

  it('links expire after 60 minutes', async () => {
    const { email } = await t.signUp();
    const token = await requestReset(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60_000 + 1_000);
    expect((await reset(token)).statusCode).toBe(400);
  });

  it('a used link cannot be used again', async () => {
    const { email } = await t.signUp();
    const token = await requestReset(email);
    expect((await reset(token)).statusCode).toBe(200);
    expect((await reset(token, 'Another-Passw0rd')).statusCode).toBe(400);
    expect((await t.logIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
