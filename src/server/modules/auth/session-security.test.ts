import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { user } from '../../db/schema/auth.schema';
import { cookieHeader, describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { me, newEmail, newIp, post, signUp } from '../../../test-support/accounts';

/** The session token inside Better Auth's signed cookie value (token.signature). */
function sessionToken(setCookie: string | string[] | undefined): string {
  const pair = cookieHeader(setCookie)
    .split('; ')
    .find((c) => c.includes('session_token='));
  if (!pair) throw new Error('no session cookie was set');
  return decodeURIComponent(pair.slice(pair.indexOf('=') + 1)).split('.')[0]!;
}

describeEachDatabase('sessions, passwords and cross-site requests', (kind) => {
  const t = useTestApp(kind);

  const login = (email: string, password: string, cookie?: string) =>
    post(t, '/api/auth/login', { email, password }, { ip: newIp(), cookie });

  it('accepts passwords far beyond 64 characters and never trims them', async () => {
    const password = `  ${'Correct horse battery staple 4 '.repeat(3)}!  `;
    expect(password.length).toBeGreaterThan(64);
    const { email } = await signUp(t, { password });
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await login(email, password.trim())).statusCode).toBe(401);
    const max = `Xy1${'x'.repeat(125)}`;
    const long = await signUp(t, { password: max });
    expect((await login(long.email, max)).statusCode).toBe(200);
  });

  it('issues session tokens of at least 128 bits, a new one at every sign-in (no fixation)', async () => {
    const { email, password, res } = await signUp(t);
    const first = sessionToken(res.headers['set-cookie']);
    // 32 characters from 62 symbols: about 190 bits.
    expect(first).toMatch(/^[A-Za-z0-9]{32,}$/);
    const a = await login(email, password, cookieHeader(res.headers['set-cookie']));
    const b = await login(email, password);
    const second = sessionToken(a.headers['set-cookie']);
    const third = sessionToken(b.headers['set-cookie']);
    expect(new Set([first, second, third]).size).toBe(3);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ and not Secure over http', async () => {
    const { res } = await signUp(t);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token='))!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('logout ends the session on the server', async () => {
    const { cookie } = await signUp(t);
    expect((await post(t, '/api/auth/logout', {}, { cookie })).statusCode).toBe(200);
    expect((await me(t, cookie)).statusCode).toBe(401);
  });

  it('deleting an account ends its sessions', async () => {
    const { cookie } = await signUp(t);
    const id = (await me(t, cookie)).json().user.id as string;
    await t.database.db.delete(user).where(eq(user.id, id));
    expect((await me(t, cookie)).statusCode).toBe(401);
  });

  it('refuses state-changing requests from another site', async () => {
    const { email, password, cookie } = await signUp(t);
    const evil = { origin: 'https://evil.example' };
    const refused = await post(t, '/api/auth/login', { email, password }, { headers: evil });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/came from another website/);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A forged logout leaves the session alone.
    expect((await post(t, '/api/auth/logout', {}, { cookie, headers: evil })).statusCode).toBe(403);
    expect((await me(t, cookie)).statusCode).toBe(200);
    // Without Origin, the browser's Sec-Fetch-Site still gives a cross-site request away.
    expect(
      (await post(t, '/api/auth/forgot-password', { email }, { headers: { 'sec-fetch-site': 'cross-site' } }))
        .statusCode,
    ).toBe(403);
    expect((await post(t, '/api/auth/login', { email, password }, { headers: { origin: 'null' } })).statusCode).toBe(
      403,
    );
    // The app's own origin is fine, and so is a read from anywhere.
    expect(
      (await post(t, '/api/auth/login', { email, password }, { headers: { origin: 'http://localhost:5000' } }))
        .statusCode,
    ).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie, ...evil } });
    expect(read.statusCode).toBe(200);
  });
});

describeEachDatabase('cookies when PUBLIC_URL is https', (kind) => {
  const t = useTestApp(kind, { PUBLIC_URL: 'https://app.example.com' });

  it('marks the session cookie Secure (with the __Host- prefix) and sends HSTS', async () => {
    const res = await post(t, '/api/auth/signup', {
      email: newEmail(),
      password: 'Sup3r-secret-pass',
      termsAccepted: true,
    });
    expect(res.statusCode).toBe(201);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token='))!;
    // __Host- (was __Secure-): no subdomain can set or shadow it.
    expect(cookie).toMatch(/^__Host-/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});
