import { expect, it } from 'vitest';
import { newsletterSubscriber } from '../../db/schema/marketing.schema';
import { describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';

describeEachDatabase('newsletter API', (kind) => {
  const t = useTestApp(kind);

  const subscribe = (email: unknown, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email }, remoteAddress: ip });

  it('stores a new address and says so', async () => {
    const res = await subscribe(' Grace@Example.com ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      status: 'subscribed',
      message: "You're subscribed: we saved grace@example.com and will send product news about once a month.",
    });
    const rows = await t.database.db.select().from(newsletterSubscriber);
    expect(rows.map((r) => r.email)).toEqual(['grace@example.com']);
  });

  it('accepts the same address again, stores it once, and says it was already there', async () => {
    const res = await subscribe('GRACE@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('already-subscribed');
    expect(res.json().message).toBe("grace@example.com is already subscribed, so there's nothing more to do.");
    expect(await t.database.db.select().from(newsletterSubscriber)).toHaveLength(1);
  });

  it('refuses an invalid address with the field message', async () => {
    const empty = await subscribe('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ email: 'Email is required' });
    const bad = await subscribe('nope');
    expect(bad.json().errors).toEqual({ email: 'Please enter a valid email address' });
  });

  it('limits subscriptions per IP address', async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < 10; i++) expect((await subscribe(`n${i}@example.com`, ip)).statusCode).toBe(201);
    const res = await subscribe('n10@example.com', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Too many requests. Please try again in a few minutes.');
  });
});
