import { expect, it } from 'vitest';
import { cookieHeader, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { DAY_MS } from '../../../shared/duration';

describeEachDatabase('auth routes', (kind) => {
  const t = useTestApp(kind);

  it('GET /api/auth/me answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Please log in to continue.');
  });

  it('signup creates the user, a trial organization and an HttpOnly session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'Ada@Example.com', password: 'Correct horse battery 1', name: 'Ada', termsAccepted: true },
    });
    expect(res.statusCode).toBe(201);
    // The body repeats only what was sent: a registered address gets the very same answer.
    expect(res.json()).toEqual({
      message: 'Please check your email to verify your account.',
      email: 'ada@example.com',
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: cookieHeader(res.headers['set-cookie']) },
    });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body.user).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada',
      emailVerified: false,
      subscriptionStatus: 'none',
    });
    expect(body.organization).toMatchObject({ plan: 'trial', seats: 10, role: 'owner' });
    const days = (Date.parse(body.organization.trialEndsAt) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('stores the password as an argon2id hash', async () => {
    const { email } = await signUpUser(t.app);
    const rows = await t.database.db.query.account.findMany();
    const hashes = rows.map((r) => r.password);
    expect(hashes.length).toBeGreaterThan(0);
    for (const h of hashes) expect(h).toMatch(/^\$argon2id\$/);
    expect(email).toContain('@');
  });

  it('rejects bad signup input with the spec messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'nope', password: 'short', termsAccepted: false },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors.email).toBe('Please enter a valid email');
    expect(errors.password).toBe('Password must be at least 8 characters');
    expect(errors.termsAccepted).toBe('You must accept the terms and privacy policy');
  });

  it('logs in with the right password, refuses the wrong one, and logs out', async () => {
    const { email, password } = await signUpUser(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid email or password.');

    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(ok.statusCode).toBe(200);
    const cookie = cookieHeader(ok.headers['set-cookie']);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    // The old cookie no longer opens a session: the server ended it.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers an unknown /api path with a JSON 404 and health with 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toContain('/api/nothing-here');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: kind });
  });
});
