import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session } from '../../db/schema/auth.schema';
import { describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { readSignedCookie } from './session-cookie';
import { DAY_MS, daysAfter } from '../../../shared/duration';

const SECRET = 'a-test-secret-that-is-long-enough-for-hmac';
const sign = (token: string, secret = SECRET) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('readSignedCookie', () => {
  it('returns the token of a correctly signed cookie, URL-encoded or not', () => {
    const value = sign('tok123');
    expect(
      readSignedCookie(`other=1; sp.session_token=${encodeURIComponent(value)}; x=y`, 'sp.session_token', SECRET),
    ).toBe('tok123');
    expect(readSignedCookie(`sp.session_token=${value}`, 'sp.session_token', SECRET)).toBe('tok123');
  });

  it('refuses forged, truncated, malformed, missing and other-named cookies', () => {
    const value = sign('tok123');
    const cases = [
      `sp.session_token=${encodeURIComponent(sign('tok123', 'another-secret'))}`,
      `sp.session_token=${encodeURIComponent(sign('tok124').replace('tok124', 'tok123'))}`,
      `sp.session_token=${encodeURIComponent(value.slice(0, -2))}`,
      'sp.session_token=tok123',
      'sp.session_token=%E0%A4%A',
      `sp.session_token=.${value.split('.')[1]}`,
      `other.session_token=${encodeURIComponent(value)}`,
      '',
    ];
    for (const header of cases) expect(readSignedCookie(header, 'sp.session_token', SECRET), header).toBeNull();
    expect(readSignedCookie(undefined, 'sp.session_token', SECRET)).toBeNull();
  });
});

/** Every API request resolves its session through the signed cookie and one read of the session row. */
describeEachDatabase('session lookup on API requests', (kind) => {
  const t = useTestApp(kind);

  const signatures = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/signatures', headers: { cookie } });
  const tokenOf = (cookie: string) => decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;

  it("reads Better Auth's own cookie: a fresh sign-up is let in", async () => {
    const { cookie } = await signUpUser(t.app);
    expect((await signatures(cookie)).statusCode).toBe(200);
  });

  it('a tampered cookie, an expired session and a deleted session are all refused at the next request', async () => {
    const forged = await signUpUser(t.app);
    const value = decodeURIComponent(/session_token=([^;]+)/.exec(forged.cookie)![1]!);
    const flipped = value.slice(0, 3) + (value[3] === 'a' ? 'b' : 'a') + value.slice(4);
    expect(
      (await signatures(forged.cookie.replace(/session_token=[^;]+/, `session_token=${encodeURIComponent(flipped)}`)))
        .statusCode,
    ).toBe(401);

    const expired = await signUpUser(t.app);
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, tokenOf(expired.cookie)));
    expect((await signatures(expired.cookie)).statusCode).toBe(401);

    const revoked = await signUpUser(t.app);
    expect((await signatures(revoked.cookie)).statusCode).toBe(200);
    await t.database.db.delete(session).where(eq(session.token, tokenOf(revoked.cookie)));
    expect((await signatures(revoked.cookie)).statusCode).toBe(401);
  });

  it("one person's cookie never resolves to another person", async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const mine = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { cookie: a.cookie } });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { cookie: b.cookie } });
    expect(mine.json().email).toBe(a.email);
    expect(theirs.json().email).toBe(b.email);
  });

  it('a session in daily use is renewed: /api/session and /api/auth/me extend it and send a fresh 30-day cookie', async () => {
    const person = await signUpUser(t.app);
    const token = tokenOf(person.cookie);
    // As if signed in two days ago: past the one-day update age, 28 days left.
    const before = daysAfter(Date.now(), 28);
    await t.database.db.update(session).set({ expiresAt: before }).where(eq(session.token, token));

    for (const url of ['/api/session', '/api/auth/me']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: person.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().user.email).toBe(person.email);
      if (url === '/api/session') {
        const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
        const fresh = cookies.find((c) => c.includes('session_token='));
        expect(fresh, 'a renewed session cookie').toBeDefined();
        expect(fresh).toContain('Max-Age=2592000');
        expect(fresh).toContain('HttpOnly');
      }
    }
    const [row] = await t.database.db.select().from(session).where(eq(session.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    // Fresh sessions are left alone: no cookie on every call.
    const other = await signUpUser(t.app);
    const quiet = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: other.cookie } });
    expect(quiet.headers['set-cookie']).toBeUndefined();
  });

  it('an expired session gets its cookie removed and reads as signed out', async () => {
    const person = await signUpUser(t.app);
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, tokenOf(person.cookie)));
    const res = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: person.cookie } });
    expect(res.json()).toEqual({ user: null, organization: null });
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.includes('session_token='));
    expect(cleared).toContain('Max-Age=0');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: person.cookie } })).statusCode,
    ).toBe(401);
  });
});
