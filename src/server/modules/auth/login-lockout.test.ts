import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test-support/test-app';
import { newEmail, newIp } from '../../../test-support/accounts';
import { useMailTestApp } from '../../../test-support/app-fixtures';

describeEachDatabase('login lockout', (kind) => {
  const t = useMailTestApp(kind);

  // Every attempt from a different address (t.logIn): the lock belongs to the account, not the network.
  const fail5 = async (email: string) => {
    for (let i = 0; i < 5; i++) expect((await t.logIn(email, `wrong-${i}`)).statusCode).toBe(401);
  };

  it('after 5 failures in 15 minutes answers 429 with Retry-After, even to the right password', async () => {
    const { email, password } = await t.signUp();
    await fail5(email);
    const locked = await t.logIn(email, password);
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
    const { email } = await t.signUp();
    const stranger = newEmail('stranger');
    await fail5(email);
    await fail5(stranger);
    const known = await t.logIn(email, 'again');
    const unknown = await t.logIn(stranger, 'again');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toBe(known.body);
  });

  it('lifts the lock after 15 minutes', async () => {
    const { email, password } = await t.signUp();
    await fail5(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1_000);
    expect((await t.logIn(email, password)).statusCode).toBe(200);
  });

  it('a successful login clears earlier failures', async () => {
    const { email, password } = await t.signUp();
    for (let i = 0; i < 4; i++) await t.logIn(email, 'wrong');
    expect((await t.logIn(email, password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await t.logIn(email, 'wrong')).statusCode).toBe(401);
    expect((await t.logIn(email, password)).statusCode).toBe(200);
  });

  it('holds under parallel guesses: 20 at once, no more than 5 reach the password check', async () => {
    const { email, password } = await t.signUp();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => t.logIn(email, `guess-${i}`)));
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(15);
    expect((await t.logIn(email, password)).statusCode).toBe(429);
  });

  it('password reset still works while locked, and lifts the lock', async () => {
    const { email } = await t.signUp();
    await fail5(email);
    const { token } = await t.requestLink('reset', email);
    const reset = await t.post('/api/auth/reset-password', { token, newPassword: 'Fresh-Passw0rd' }, { ip: newIp() });
    expect(reset.statusCode).toBe(200);
    expect((await t.logIn(email, 'Fresh-Passw0rd')).statusCode).toBe(200);
  });
});
