import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, startupWarnings } from './config';
import { buildTestApp, type TestApp } from '../test-support/test-app';

describe('PUBLIC_URL checks', () => {
  it('production start-up warns when recipients cannot load images from PUBLIC_URL', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/sp-config-test', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.publicUrl).toBe('http://localhost:5000');
    const [warning, ...rest] = startupWarnings(config, { NODE_ENV: 'production' });
    expect(rest).toEqual([]);
    expect(warning).toContain('PUBLIC_URL is http://localhost:5000');
    expect(warning).toContain('set PUBLIC_URL to the https address people reach this app at');
  });

  it('says nothing outside production, or for an https public address', () => {
    expect(startupWarnings({ publicUrl: 'http://localhost:5000' }, { NODE_ENV: 'development' })).toEqual([]);
    expect(startupWarnings({ publicUrl: 'https://signatures.acme.com' }, { NODE_ENV: 'production' })).toEqual([]);
  });
});

describe('GET /api/public-config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { PUBLIC_URL: 'https://signatures.acme.com' });
  });
  afterAll(async () => t?.close());

  it("draws the landing page's template gallery with the one renderer and the public origin", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/template-previews' });
    expect(res.statusCode).toBe(200);
    const previews = res.json() as Record<string, string>;
    expect(Object.keys(previews).sort()).toEqual(['creative', 'minimal', 'modern', 'professional']);
    const distinct = new Set(Object.values(previews));
    expect(distinct.size).toBe(4);
    for (const html of Object.values(previews)) {
      expect(html).toContain('Alex Morgan');
      expect(html).toMatch(/<img[^>]+src="https:\/\/signatures\.acme\.com\//);
    }
  });

  it('tells a visitor the origin signatures render with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicUrl: 'https://signatures.acme.com', publicOrigin: { ok: true } });
  });
});

describe('GET /api/public-config with the default origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('carries the notice the editor shows', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/public-config' })).json();
    expect(body.publicUrl).toBe('http://localhost:5000');
    expect(body.publicOrigin).toMatchObject({
      ok: false,
      problem: 'not-public',
      title: 'Recipients cannot load your images',
    });
  });
});
