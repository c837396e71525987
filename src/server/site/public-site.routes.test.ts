import { expect, it } from 'vitest';
import { describeEachDatabase, signUpUser } from '../../test-support/test-app';
import { useTestApp } from '../../test-support/app-fixtures';

describeEachDatabase('public site routes', (kind) => {
  const t = useTestApp(kind, { PUBLIC_URL: 'https://signatures.example.com' });

  it('GET /api/session answers 200 with no user for a visitor (no 401 for the browser to log)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ user: null, organization: null });
  });

  it('GET /api/session answers what /api/auth/me answers for a signed-in user', async () => {
    const { cookie } = await signUpUser(t.app, { name: 'Ada Lovelace' });
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(me.json());
    expect(session.json().user.name).toBe('Ada Lovelace');
  });

  it('robots.txt allows the site, keeps crawlers out of the API and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *\nAllow: /\nDisallow: /api/');
    expect(res.body).toContain('Sitemap: https://signatures.example.com/sitemap.xml');
  });

  it('sitemap.xml lists the public pages with absolute URLs, not the 404 page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      ['/', '/pricing', '/contact', '/terms', '/privacy'].map((p) => `https://signatures.example.com${p}`),
    );
  });
});
