import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { session } from '../../db/schema/auth.schema';
import { cookieHeader, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { createInvitationTokens } from '../teams/invitation-token';
import { deriveKey } from '../../crypto/derived-keys';

/** The smaller items of secret and session hygiene. */
describe('configuration errors', () => {
  const errorOf = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: '/tmp/sp-config-test', SESSION_SECRET: 'x'.repeat(40), ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected a configuration error');
  };

  it('name the setting but never echo a secret value', () => {
    const short = errorOf({ SESSION_SECRET: 'hunter2-short-secret' });
    expect(short).toBe('Invalid configuration: SESSION_SECRET must be at least 32 characters (the value is not shown)');
    const db = errorOf({ DATABASE_URL: 'mysql://admin:hunter2@db.internal/app' });
    expect(db).toContain('DATABASE_URL');
    expect(db).not.toContain('hunter2');
    expect(errorOf({ REDIS_URL: 'http://:hunter2@cache' })).not.toContain('hunter2');
    // Settings that are not secret still show what was given.
    expect(errorOf({ LOG_LEVEL: 'loud' })).toContain('"loud"');
  });
});

describe('keys derived per purpose from SESSION_SECRET', () => {
  it('differ from the secret and from each other', () => {
    const secret = 's'.repeat(40);
    const keys = (
      ['better-auth', 'invitation-token', 'verification-code', 'contact-form', 'workspace-key'] as const
    ).map((p) => deriveKey(secret, p));
    expect(new Set([...keys, secret]).size).toBe(6);
    expect(deriveKey(secret, 'better-auth')).toBe(deriveKey(secret, 'better-auth'));
  });

  it('an invitation token is not an HMAC under the raw secret', () => {
    const secret = 's'.repeat(40);
    const invitation = { id: '00000000-0000-4000-8000-000000000000', expiresAt: new Date(0) };
    const token = createInvitationTokens(secret).tokenFor(invitation);
    const raw = createHmac('sha256', secret).update(`invitation:${invitation.id}:0`).digest('base64url');
    expect(token).not.toContain(raw);
  });
});

describeEachDatabase('sessions', (kind) => {
  const t = useTestApp(kind);

  it('the session cookie is signed with its own derived key, not the raw secret', async () => {
    const { cookie } = await signUpUser(t.app);
    const value = decodeURIComponent(cookie.split('sp.session_token=')[1]!.split(';')[0]!);
    const [token, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)];
    expect(signature).toBe(
      createHmac('sha256', deriveKey(t.config.sessionSecret, 'better-auth')).update(token).digest('base64'),
    );
    expect(signature).not.toBe(createHmac('sha256', t.config.sessionSecret).update(token).digest('base64'));
  });

  it('ends 30 days after sign-in however often it was renewed', async () => {
    const person = await signUpUser(t.app);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: person.cookie } });
    expect((await get('/api/signatures')).statusCode).toBe(200);
    // Renewed yesterday (expires in 29 days), signed in 31 days ago.
    await t.database.db
      .update(session)
      .set({ createdAt: sql`now() - interval '31 days'`, expiresAt: sql`now() + interval '29 days'` })
      .where(eq(session.userId, person.user.id));
    expect((await get('/api/signatures')).statusCode).toBe(401);
    const me = await get('/api/auth/me');
    expect(me.statusCode).toBe(401);
    expect(await t.database.db.select().from(session).where(eq(session.userId, person.user.id))).toEqual([]);
  });

  it('every authenticated GET answers Cache-Control: no-store', async () => {
    const { cookie } = await signUpUser(t.app);
    for (const url of [
      '/api/signatures',
      '/api/uploads',
      '/api/billing',
      '/api/organization',
      '/api/auth/me',
      '/api/organization/members',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describeEachDatabase('the session cookie over https', (kind) => {
  const t = useTestApp(kind, { PUBLIC_URL: 'https://app.example.com' });

  it('is named __Host- (Secure, Path=/, no Domain) and works', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: `host-${Date.now()}@example.com`,
        password: 'Sup3r-secret-pass',
        name: 'Host',
        termsAccepted: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const setCookie = [res.headers['set-cookie']].flat().find((c) => c?.includes('session_token='))!;
    expect(setCookie).toMatch(/^__Host-sp\.session_token=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).not.toMatch(/; Domain=/i);
    const cookie = cookieHeader(res.headers['set-cookie']);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/signatures', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });
});
