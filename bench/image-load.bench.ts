/**
 * Image processing under load (decision 0170): the CPU one 150-frame 400×400 animated GIF costs
 * the server, and `GET /api/auth/me` latency while ten such uploads run at once. The server runs
 * as a child process (as `npm start` runs it, embedded database); its CPU is read from /proc.
 * Run: node --import tsx bench/image-load.bench.ts. Prints figures only; never fails on timing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { benchPerson, signUpOverHttp, startServerProcess } from '../src/test-support/server-process';

const FRAMES = 150;
const UPLOADS_AT_ONCE = 10;
// USER_HZ: 100 on every Linux this runs on.
const TICKS_PER_SECOND = 100;

/** user+system CPU of a process in ms, from /proc/<pid>/stat (fields 14 and 15). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    Array.from({ length: FRAMES }, (_, i) =>
      sharp({
        create: { width: 400, height: 400, channels: 3, background: { r: (i * 6) % 256, g: 120, b: 255 - i } },
      })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

async function upload(base: string, cookie: string, gif: Buffer): Promise<number> {
  const headers = { cookie, 'content-type': 'application/json' };
  const slot = await fetch(`${base}/api/objects/upload`, { method: 'POST', headers, body: '{}' });
  const { uploadURL } = (await slot.json()) as { uploadURL: string };
  await fetch(base + uploadURL, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'image/gif' },
    body: new Uint8Array(gif),
  });
  const attached = await fetch(`${base}/api/signatures/image`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ imageURL: uploadURL }),
  });
  return attached.status;
}

/** GET /api/auth/me one after another until `until` settles; each call's latency in ms. */
async function sampleMe(base: string, cookie: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies;
}

const line = (label: string, values: number[]) =>
  console.log(
    `${label}: ${values.length} calls, p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`,
  );

const gif = await animatedGif();
console.log(`input: ${FRAMES}-frame 400x400 animated GIF, ${(gif.length / 1024).toFixed(0)} KB`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-image-load-'));
const server = await startServerProcess({
  nodeEnv: 'production',
  echoStderr: true,
  startTimeoutMs: 120_000,
  env: (base) => ({ PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '' }),
});
try {
  const { base } = server;
  const pid = server.child.pid!;
  const people = await Promise.all(
    Array.from({ length: 2 }, async () => (await signUpOverHttp(base, benchPerson())).cookie),
  );
  const [cookie, other] = people as [string, string];
  await upload(base, cookie, gif); // warm-up: loads sharp, compiles the routes

  const before = cpuMs(pid);
  const started = performance.now();
  const status = await upload(base, cookie, gif);
  console.log(
    `one upload (slot + bytes + attach): status ${status}, server CPU ${(cpuMs(pid) - before).toFixed(0)} ms, wall ${(performance.now() - started).toFixed(0)} ms`,
  );

  line('GET /api/auth/me idle', await sampleMe(base, other, new Promise((resolve) => setTimeout(resolve, 3000))));
  const loadStarted = performance.now();
  const uploads = Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, () => upload(base, cookie, gif)));
  const latencies = await sampleMe(base, other, uploads);
  const statuses = await uploads;
  line(`GET /api/auth/me during ${UPLOADS_AT_ONCE} uploads at once`, latencies);
  console.log(
    `${UPLOADS_AT_ONCE} uploads: statuses ${statuses.join(',')}, all done in ${(performance.now() - loadStarted).toFixed(0)} ms`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
