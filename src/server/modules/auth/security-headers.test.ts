import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../../test-support/test-app';

describeEachDatabase('security headers', (kind) => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(os.tmpdir(), 'sp-client-'));
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><title>SignaturePro</title><div id="root"></div>',
    );
    t = await buildTestApp(kind, {}, { clientDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lets pages show images from PUBLIC_URL, the origin every signature renders with', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    const imgSrc = /img-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(imgSrc.split(' ')).toContain(new URL(t.config.publicUrl).origin);
  });

  it.each(['/', '/login', '/verify-email', '/api/health', '/no-such-page'])(
    '%s carries CSP with frame-ancestors, nosniff and a Referrer-Policy',
    async (url) => {
      const res = await get(url);
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it.each(['/reset-password/abc', '/reset-password', '/magic-link/abc', '/verify-email/abc', '/invitations/abc'])(
    '%s (a token in the URL) sends no referrer at all',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    },
  );

  it('never lets an account answer be cached', async () => {
    expect((await get('/api/auth/me')).headers['cache-control']).toBe('no-store');
  });
});
