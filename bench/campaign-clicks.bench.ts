/**
 * The banner redirect's budget (docs/decisions/0224): `GET /c/<id>` at 500 requests a second on
 * PostgreSQL, served by two server processes at once (250 a second each, run from the sources with
 * tsx, as the multi-process tests run them), with a bare `node:http` server answering a 302 at the same
 * rate in the same run as the anchor (on a shared machine the anchor's own p99 says how much of a
 * figure is the machine's). Prints each target's p99 (budget ≤ 20 ms) and the clicks stored beside the
 * 302s autocannon read and the requests it sent (requests cut off at its deadline may still reach the
 * server; exactness itself is tested in campaign-clicks.test.ts). PostgreSQL: BENCH_DATABASE_URL or
 * TEST_DATABASE_URL (a scratch database is created and dropped). Never fails on timing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { utcToZonedTime } from '../src/shared/campaigns/campaign-schedule';
import { createEmptySignature } from '../src/shared/signature/signature-schema';
import { createScratchPostgres } from '../src/test-support/scratch-postgres';
import { benchPerson, signUpOverHttp, startServerProcess } from '../src/test-support/server-process';

const RATE = 500;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const fire = (url: string, rate: number) =>
  autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    overallRate: rate,
    headers: { 'user-agent': AGENT },
  });

async function call(base: string, method: string, url: string, cookie: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** An owner with a signature, a running campaign, and the banner's /c/ path as Copy to Gmail gives it. */
async function bannerPath(base: string): Promise<{ path: string; cookie: string; campaignId: string }> {
  const { cookie } = await signUpOverHttp(base, benchPerson());
  const slot = await call(base, 'POST', '/api/objects/upload', cookie);
  const png = await sharp({ create: { width: 600, height: 150, channels: 3, background: '#0b5cab' } })
    .png()
    .toBuffer();
  await fetch(String(slot.uploadURL).startsWith('http') ? String(slot.uploadURL) : `${base}${slot.uploadURL}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'image/png' },
    body: png,
  });
  const { objectPath } = await call(base, 'PUT', '/api/signatures/image', cookie, { imageURL: slot.uploadURL });
  const sig = await call(
    base,
    'POST',
    '/api/signatures',
    cookie,
    createEmptySignature({ name: 'Bench', email: 'b@example.com' }),
  );
  const now = Date.now();
  const campaign = await call(base, 'POST', '/api/campaigns', cookie, {
    imageUrl: objectPath,
    altText: 'Bench banner',
    linkUrl: 'https://acme.example/webinar',
    startsAt: utcToZonedTime(new Date(now - 60_000), 'UTC'),
    endsAt: utcToZonedTime(new Date(now + 3_600_000), 'UTC'),
    timeZone: 'UTC',
    audience: { kind: 'everyone' },
  });
  const { htmlSignature } = await call(base, 'POST', `/api/signatures/${sig.id}/generate-html`, cookie, {});
  const found = /href="[^"]*(\/c\/[a-z2-7]{10})"/.exec(String(htmlSignature));
  if (!found) throw new Error('no banner link in the generated signature');
  return { path: found[1]!, cookie, campaignId: String(campaign.id) };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL or TEST_DATABASE_URL must name a PostgreSQL server');
  const scratch = await createScratchPostgres(url);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-bench-clicks-'));
  const env = (base: string) => ({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url,
    SESSION_SECRET: 'campaign-clicks-bench-secret-0123456789',
    PUBLIC_URL: base,
    S3_BUCKET: '',
    REDIS_URL: '',
    SMTP_URL: '',
  });
  const servers = [
    await startServerProcess({ name: 'A', env, startTimeoutMs: 240_000 }),
    await startServerProcess({ name: 'B', env, startTimeoutMs: 240_000 }),
  ];
  const anchor = createServer((_req, res) => {
    res.writeHead(302, { location: 'https://acme.example/webinar' });
    res.end();
  });
  await new Promise<void>((r) => anchor.listen(0, '127.0.0.1', r));
  try {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const { path: banner, cookie, campaignId } = await bannerPath(a.base);
    console.log(`GET ${banner} at ${RATE} req/s for ${DURATION} s, ${CONNECTIONS} connections per target, PostgreSQL`);
    const anchorUrl = `http://127.0.0.1:${(anchor.address() as AddressInfo).port}/c/anchor`;
    const anchorResult = await fire(anchorUrl, RATE);
    console.log(
      `  node:http 302 (anchor): p99 ${anchorResult.latency.p99} ms, ${Math.round(anchorResult.requests.average)} req/s`,
    );
    const [ra, rb] = await Promise.all([fire(`${a.base}${banner}`, RATE / 2), fire(`${b.base}${banner}`, RATE / 2)]);
    for (const [name, r] of [
      ['process A', ra],
      ['process B', rb],
    ] as const) {
      console.log(
        `  /c/<id> on ${name}: p99 ${r.latency.p99} ms, p50 ${r.latency.p50} ms, ${Math.round(r.requests.average)} req/s, errors ${r.errors}, 3xx ${r['3xx']}`,
      );
    }
    // autocannon stops reading at its deadline; the requests it sent still finish (and count) after it.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const sent = ra.requests.sent + rb.requests.sent;
    const read = ra['3xx'] + rb['3xx'];
    const worst = Math.max(ra.latency.p99, rb.latency.p99);
    const { total } = await call(a.base, 'GET', `/api/campaigns/${campaignId}/clicks`, cookie);
    console.log(`  p99 ${worst} ms (budget ≤ 20 ms): ${worst <= 20 ? 'within budget' : 'OVER BUDGET'}`);
    console.log(`  stored ${total} clicks; autocannon read ${read} redirects and sent ${sent} requests`);
  } finally {
    anchor.close();
    for (const s of servers) await s.stop();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
