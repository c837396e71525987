import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app';
import { PRERENDER_DIR } from '../../shared/site-pages';

/** A built client in miniature: the shell, one asset with its compressed copies, prerendered pages. */
function writeFakeClient(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-client-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, PRERENDER_DIR));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><meta property="og:image" content="__SP_PUBLIC_URL__/og-image.png"></head><body><div id="root"></div>SHELL</body></html>',
  );
  const js = 'console.log("asset");'.repeat(100);
  writeFileSync(path.join(dir, 'assets/app-123.js'), js);
  writeFileSync(path.join(dir, 'assets/app-123.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dir, 'assets/app-123.js.gz'), gzipSync(js));
  const page = (name: string) =>
    `<html><head><link rel="canonical" href="__SP_PUBLIC_URL__/${name}"></head><body>${name.toUpperCase()} PAGE</body></html>`;
  writeFileSync(path.join(dir, PRERENDER_DIR, 'landing.html'), page('landing'));
  writeFileSync(path.join(dir, PRERENDER_DIR, 'contact.html'), page('contact'));
  writeFileSync(path.join(dir, PRERENDER_DIR, 'not-found.html'), page('not-found'));
  writeFileSync(
    path.join(dir, PRERENDER_DIR, 'manifest.json'),
    JSON.stringify({ pages: { '/': 'landing.html', '/contact': 'contact.html' }, notFound: 'not-found.html' }),
  );
  return dir;
}

describe('serving the built client', () => {
  let t: TestApp;
  let clientDir: string;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    clientDir = writeFakeClient();
    t = await buildTestApp('pglite', { PUBLIC_URL: 'https://signatures.example.com' }, { clientDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves each prerendered page at its path with 200 and this deployment’s absolute URLs', async () => {
    const landing = await get('/');
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(landing.body).toContain('LANDING PAGE');
    expect(landing.body).toContain('href="https://signatures.example.com/landing"');
    expect((await get('/contact/')).body).toContain('CONTACT PAGE');
  });

  it('sends brotli or gzip when the browser accepts it', async () => {
    const br = await get('/contact', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('CONTACT PAGE');
    const asset = await get('/assets/app-123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await get('/assets/app-123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('answers the other app routes with the shell', async () => {
    const editor = await get('/editor');
    expect(editor.statusCode).toBe(200);
    expect(editor.body).toContain('SHELL');
    expect(editor.body).toContain('content="https://signatures.example.com/og-image.png"');
  });

  it('answers unknown paths, the raw pages and the raw shell with the 404 page and status 404', async () => {
    for (const url of ['/no/such/page', `/${PRERENDER_DIR}/landing.html`, '/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('NOT-FOUND PAGE');
    }
  });

  it('answers unknown API paths and other methods with JSON', async () => {
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    const post = await t.app.inject({ method: 'POST', url: '/contact' });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('NOT_FOUND');
  });
});
