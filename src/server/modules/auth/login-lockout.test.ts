import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test-support/test-app';
import {
  buildMailTestApp,
  newEmail,
  newIp,
  post,
  signUp,
  SUBJECTS,
  tokenFrom,
  waitForMail,
  type MailTestApp,
} from '../../../test-support/accounts';

describeEachDatabase('login lockout', (kind) => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await buildMailTestApp(kind);
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.useRealTimers());

  // Every attempt from a different address: the lock belongs to the account, not the network.
  const login = (email: string, password: string) => post(t, '/api/auth/login', { email, password }, { ip: newIp() });
  const fail5 = async (email: string) => {
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong-${i}`)).statusCode).toBe(401);
  };

  it('after 5 failures in 15 minutes answers 429 with Retry-After, even to the right password', async () => {
    const { email, password } = await signUp(t);
    await fail5(email);
    const locked = await login(email, password);
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.json().error).toBe(
      'Too many failed login attempts. Please try again in 15 minutes, or reset your password.',
    );
    expect(locked.headers['set-cookie']).toBeUndefined();
  });

  it('locks an unknown address the same way, with the same answer', async () => {
    const { email } = await signUp(t);
    const stranger = newEmail('stranger');
    await fail5(email);
    await fail5(stranger);
    const known = await login(email, 'again');
    const unknown = await login(stranger, 'again');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toBe(known.body);
  });

  it('lifts the lock after 15 minutes', async () => {
    const { email, password } = await signUp(t);
    await fail5(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1_000);
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('a successful login clears earlier failures', async () => {
    const { email, password } = await signUp(t);
    for (let i = 0; i < 4; i++) await login(email, 'wrong');
    expect((await login(email, password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong')).statusCode).toBe(401);
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('holds under parallel guesses: 20 at once, no more than 5 reach the password check', async () => {
    const { email, password } = await signUp(t);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `guess-${i}`)));
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(15);
    expect((await login(email, password)).statusCode).toBe(429);
  });

  it('password reset still works while locked, and lifts the lock', async () => {
    const { email } = await signUp(t);
    await fail5(email);
    const before = t.smtp.mails.length;
    expect((await post(t, '/api/auth/forgot-password', { email }, { ip: newIp() })).statusCode).toBe(200);
    const token = tokenFrom(await waitForMail(t.smtp, email, SUBJECTS.reset, before), '/reset-password/');
    const reset = await post(t, '/api/auth/reset-password', { token, newPassword: 'Fresh-Passw0rd' }, { ip: newIp() });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, 'Fresh-Passw0rd')).statusCode).toBe(200);
  });
});
