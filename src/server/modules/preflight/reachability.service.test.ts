import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../rate-limit/rate-limiter';
import { createReachabilityService, REACHABILITY_LIMIT, REACHABILITY_TTL_MS } from './reachability.service';

/** A small site: an image, a page, a dead page, a page behind a sign-in, a page that refuses. */
let server: http.Server;
let base = '';
let hits = 0;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits += 1;
    const path = request.url ?? '/';
    if (path === '/logo.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64));
    } else if (path === '/page') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hello</p>');
    } else if (path === '/private-wiki') {
      response.writeHead(302, { location: '/accounts/login?next=/private-wiki' }).end();
    } else if (path.startsWith('/accounts/login')) {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<form>sign in</form>');
    } else if (path === '/staff') {
      response.writeHead(403).end();
    } else if (path === '/page-as-logo') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const service = (now = () => Date.now()) =>
  createReachabilityService({ fetchOptions: { testOnlyAllowLoopback: true }, now });

describe('reachability from the server', () => {
  it('passes a public image and page, names a dead link, a sign-in wall and a refusing page', async () => {
    const results = await service().check('person-1', {
      images: [`${base}/logo.png`, `${base}/page-as-logo`, `${base}/gone.png`],
      links: [`${base}/page`, `${base}/nowhere`, `${base}/private-wiki`, `${base}/staff`, 'mailto:ada@example.com'],
    });
    const byUrl = Object.fromEntries(results.map((r) => [r.url, r]));
    expect(byUrl[`${base}/logo.png`]).toMatchObject({ kind: 'image', status: 'pass' });
    expect(byUrl[`${base}/page-as-logo`]).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('text/html'),
    });
    expect(byUrl[`${base}/gone.png`]).toMatchObject({ status: 'fail', detail: expect.stringContaining('404') });
    expect(byUrl[`${base}/page`]).toMatchObject({ kind: 'link', status: 'pass' });
    expect(byUrl[`${base}/nowhere`]).toMatchObject({ status: 'fail', detail: 'The page is not there (404).' });
    expect(byUrl[`${base}/private-wiki`]).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining('sign-in page'),
    });
    expect(byUrl[`${base}/staff`]).toMatchObject({ status: 'warn', detail: expect.stringContaining('403') });
    expect(byUrl['mailto:ada@example.com']).toMatchObject({ status: 'pass' });
  });

  it('fails private and local origins that the person’s own browser would load', async () => {
    // No loopback exception here: the production rules.
    const results = await createReachabilityService().check('person-1', {
      images: ['https://10.0.0.5/logo.png', 'https://[::1]/logo.png', 'https://localhost/logo.png'],
      links: ['https://192.168.1.20/intranet', 'https://169.254.169.254/latest/meta-data'],
    });
    for (const result of results) {
      expect(result.status, result.url).toBe('fail');
      expect(result.detail, result.url).toMatch(/private or local network/);
    }
    // A link's words do not tell the person to upload an image.
    expect(results.find((r) => r.kind === 'link')!.detail).not.toMatch(/upload/);
  });

  it('keeps each answer a few minutes per person, then checks again', async () => {
    let clock = 1_000_000;
    const checks = service(() => clock);
    const body = { images: [`${base}/logo.png`], links: [`${base}/page`] };
    await checks.check('person-1', body);
    const after = hits;
    await checks.check('person-1', body);
    expect(hits).toBe(after);
    // Another person's check never reads this person's answers.
    await checks.check('person-2', body);
    expect(hits).toBe(after + 2);
    clock += REACHABILITY_TTL_MS + 1;
    await checks.check('person-1', body);
    expect(hits).toBe(after + 4);
  });

  it('limits how often one person reaches the internet, with words', async () => {
    const limiter = createMemoryRateLimiter();
    const checks = createReachabilityService({
      limiter,
      fetchOptions: { testOnlyAllowLoopback: true },
    });
    for (let i = 0; i < REACHABILITY_LIMIT.limit; i += 1) {
      await checks.check('busy', { images: [], links: [`${base}/page?${i}`] });
    }
    await expect(checks.check('busy', { images: [], links: [`${base}/page?again`] })).rejects.toThrow(
      /checked many addresses/,
    );
    // Answers already known still come back without a new check.
    await expect(checks.check('busy', { images: [], links: [`${base}/page?0`] })).resolves.toHaveLength(1);
    await limiter.close();
  });
});
