import { createHmac } from 'node:crypto';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { expect, it } from 'vitest';
import { redactSecrets, serializeError } from '../../logging';
import { deriveKey } from '../../crypto/derived-keys';
import { describeEachDatabase } from '../../../test-support/test-app';
import { newEmail, newIp, SUBJECTS, tokenFrom } from '../../../test-support/accounts';
import { useMailTestApp } from '../../../test-support/app-fixtures';

/**
 * The server's own log (every line pino writes, at trace level) is read after
 * each link flow, and no secret from the flow appears in it.
 */
describeEachDatabase('secrets never reach the log', (kind) => {
  const lines: string[] = [];
  const logText = () => lines.join('\n');
  const stream = { write: (line: string) => void lines.push(line) };
  const t = useMailTestApp(kind, { LOG_LEVEL: 'trace' }, { logger: true, logStream: stream });

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress: newIp(), headers: cookie ? { cookie } : {} });

  function expectNotLogged(secret: string) {
    expect(secret.length).toBeGreaterThan(10);
    expect(logText()).not.toContain(secret);
    expect(logText()).not.toContain(encodeURIComponent(secret));
  }

  it('logs each request once, answered, with its status and time (so the checks below read a real log)', async () => {
    const res = await get('/api/health?probe=once');
    const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req?.url === '/api/health?probe=once');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'request completed',
      reqId: res.headers['x-request-id'],
      req: { method: 'GET' },
      res: { statusCode: 200 },
    });
    expect(logged[0].responseTime).toBeGreaterThanOrEqual(0);
  });

  it('verification link: page, API and the code', async () => {
    const { email, cookie } = await t.signUp({}, { ip: newIp() });
    const mail = await t.mailTo(email, SUBJECTS.verification);
    const token = tokenFrom(mail, '/verify-email/');
    await get(`/verify-email/${encodeURIComponent(token)}`);
    await get(`/verify-email?token=${encodeURIComponent(token)}`);
    const res = await t.post('/api/auth/verify-email', { token }, { ip: newIp(), cookie });
    expect(res.statusCode).toBe(200);
    expectNotLogged(token);
    expect(logText()).toContain('/verify-email/[redacted]');
  });

  it('password reset link', async () => {
    const { email } = await t.signUp({}, { ip: newIp() });
    const { token } = await t.requestLink('reset', email);
    await get(`/reset-password/${encodeURIComponent(token)}`);
    await t.post('/api/auth/reset-password/check', { token }, { ip: newIp() });
    expect(
      (await t.post('/api/auth/reset-password', { token, newPassword: 'Brand-new-Passw0rd' }, { ip: newIp() }))
        .statusCode,
    ).toBe(200);
    expectNotLogged(token);
  });

  it('magic link', async () => {
    const { email } = await t.signUp({}, { ip: newIp() });
    const { token } = await t.requestLink('magicLink', email);
    await get(`/magic-link/${encodeURIComponent(token)}`);
    expect((await t.post('/api/auth/magic-link/verify', { token }, { ip: newIp() })).statusCode).toBe(200);
    expectNotLogged(token);
  });

  it('invitation link, and the test payment page', async () => {
    const inviter = await t.signUp({}, { ip: newIp() });
    const mail = await t.mailTo(inviter.email, SUBJECTS.verification);
    await t.post(
      '/api/auth/verify-email',
      { token: tokenFrom(mail, '/verify-email/') },
      { ip: newIp(), cookie: inviter.cookie },
    );
    const invitee = newEmail('invitee');
    const sent = await t.post(
      '/api/organization/invitations',
      { email: invitee, role: 'member' },
      { cookie: inviter.cookie },
    );
    expect(sent.statusCode).toBe(201);
    const invitation = await t.smtp.waitFor((m) => m.to.includes(invitee));
    const token = tokenFrom(invitation, '/invitations/');
    await get(`/invitations/${encodeURIComponent(token)}`);
    await get(`/api/invitations/${encodeURIComponent(token)}`);
    await t.post(`/api/invitations/${encodeURIComponent(token)}/accept`, {}, { ip: newIp() });
    expectNotLogged(token);
    expect(logText()).toContain('/api/invitations/[redacted]');

    const checkout = await t.post(
      '/api/create-checkout-session',
      { planType: 'pro', billingPeriod: 'monthly' },
      { cookie: inviter.cookie },
    );
    expect(checkout.statusCode).toBe(200);
    const id = decodeURIComponent(String(checkout.json().url).split('/checkout/test-payment/')[1] ?? '');
    await get(`/checkout/test-payment/${encodeURIComponent(id)}`);
    await get(`/api/test-payments/${encodeURIComponent(id)}`);
    await t.post(`/api/test-payments/${encodeURIComponent(id)}/cancel`, {});
    expectNotLogged(id);
  });

  it('a failed session query is logged without its parameters (the session token)', async () => {
    // A correctly signed cookie whose token PostgreSQL cannot store (a NUL byte): the lookup fails.
    const token = `secret-session-token-${Date.now()}\u0000tail`;
    const signature = createHmac('sha256', deriveKey(t.config.sessionSecret, 'better-auth'))
      .update(token)
      .digest('base64');
    const cookieName = (await t.app.services.betterAuth.$context).authCookies.sessionToken.name;
    const secretBeforeNul = token.split('\u0000')[0]!;
    await get('/api/signatures', `${cookieName}=${encodeURIComponent(`${token}.${signature}`)}`);
    expect(logText()).toContain('Failed query');
    expectNotLogged(secretBeforeNul);
  });
});

it('an error serializer drops query parameters and redacts token paths', () => {
  const error = new DrizzleQueryError(
    'select "user_id" from "session" where "token" = $1',
    ['tok-abcdefghijklmnop'],
    new Error('boom'),
  );
  const out = JSON.stringify(serializeError(error));
  expect(out).toContain('select \\"user_id\\" from \\"session\\"');
  expect(out).not.toContain('tok-abcdefghijklmnop');
  expect(redactSecrets('GET /reset-password/abc123456789?x=1 and /api/test-payments/cs_test_1/pay?token=zzz')).toBe(
    'GET /reset-password/[redacted]?x=1 and /api/test-payments/[redacted]/pay?token=[redacted]',
  );
});
