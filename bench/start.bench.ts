/**
 * Start-to-healthy on a built tree: how long from spawning the server until /api/health answers 200
 * (alive), and until /api/ready answers 200 (database, Redis, storage and the jobs runner), on
 * PGlite (an empty data folder, then restarts on the same folder) and on PostgreSQL (a new database
 * on the server of BENCH_DATABASE_URL or TEST_DATABASE_URL, then restarts on it). Runs
 * `node scripts/start.mjs` (what `npm start` runs: it checks the build stamp, then serves dist/) and
 * `node dist/server/server.js` (what the container runs). The anchor, in the same run: a bare
 * `node:http` server spawned the same way. BEFORE=<commit> (or BENCH_BASE_DIR, a built checkout)
 * times the build before a change beside this one. Builds first when the build is missing or stale.
 * Prints figures; never fails on timing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: plain JavaScript module without types
import { buildProblem } from '../scripts/build-stamp.mjs';
import { createScratchPostgres } from '../src/test-support/scratch-postgres';
import { baseBuild } from './support/base-build';

const root = path.resolve(import.meta.dirname, '..');
// The build before a change, timed beside this one: a commit built in a worktree, or a built checkout.
const baseDir = process.env.BEFORE ? baseBuild(process.env.BEFORE).dir : process.env.BENCH_BASE_DIR;
const builds = [
  ...(baseDir ? [{ name: `before (${process.env.BEFORE ?? 'base'})`, dir: path.resolve(baseDir) }] : []),
  { name: 'after (this tree)', dir: root },
];
const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const LIMIT_MS = 3000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function answers200(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

type Timing = { healthMs: number; readyMs: number };

/** Spawns the command, polls every 20 ms, stops the server with SIGTERM and waits for it to exit. */
async function timeStart(
  command: string[],
  env: Record<string, string>,
  cwd = root,
  readyPath = '/api/ready',
): Promise<Timing> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let healthMs = NaN;
  let readyMs = NaN;
  try {
    while (performance.now() - started < 240_000) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr.slice(-500)}`);
      if (Number.isNaN(healthMs) && (await answers200(`${base}/api/health`))) healthMs = performance.now() - started;
      if (!Number.isNaN(healthMs) && (await answers200(`${base}${readyPath}`))) {
        readyMs = performance.now() - started;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return { healthMs, readyMs };
}

const line = (t: Timing) => `healthy ${fmt(t.healthMs)}, ready ${fmt(t.readyMs)}`;
const fmt = (ms: number) => (Number.isNaN(ms) ? 'n/a' : `${Math.round(ms)} ms`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function report(label: string, timings: Timing[]) {
  const health = timings.map((t) => t.healthMs);
  const ready = timings.map((t) => t.readyMs);
  const worst = Math.max(...health);
  console.log(
    `${label}: start to healthy median ${fmt(median(health))} (max ${fmt(worst)}), to ready median ${fmt(median(ready))} (max ${fmt(Math.max(...ready))}) over ${timings.length} runs` +
      ` — ${worst <= LIMIT_MS ? 'within' : 'OVER'} the ${LIMIT_MS / 1000} s budget`,
  );
}

const problem = buildProblem(root) as string | null;
if (problem) {
  console.log(`Building first: ${problem}.`);
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
console.log(`Load average before (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);

const commands: Array<[string, string[]]> = [
  ['npm start (node scripts/start.mjs)', ['scripts/start.mjs']],
  ['container (node dist/server/server.js)', ['dist/server/server.js']],
];

const anchor = path.join(os.tmpdir(), 'sp-start-bench-anchor.mjs');
writeFileSync(
  anchor,
  "import http from 'node:http';\nhttp.createServer((q, s) => s.end('{}')).listen(Number(process.env.PORT), process.env.HOST);\n",
);
const anchorRuns: Timing[] = [];
for (let i = 0; i < RUNS; i++) anchorRuns.push(await timeStart([anchor], {}, root, '/'));
report('anchor: a bare node:http server', anchorRuns);

const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
// Turns: each run times every build and command once, so a load that comes and goes hits all alike.
for (let i = 0; i < RUNS; i++)
  for (const build of builds)
    for (const [label, command] of commands) {
      const name = `${build.name}, ${label}`;
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-start-bench-'));
      try {
        const first = await timeStart(command, { DATA_DIR: dataDir }, build.dir);
        const again = await timeStart(command, { DATA_DIR: dataDir }, build.dir);
        console.log(`${name}, PGlite: first start (empty data folder) ${line(first)}; restart ${line(again)}`);
        if (!databaseUrl) continue;
        const scratch = await createScratchPostgres(databaseUrl);
        try {
          const env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url };
          const fresh = await timeStart(command, env, build.dir);
          const restart = await timeStart(command, env, build.dir);
          console.log(`${name}, PostgreSQL: first start (new database) ${line(fresh)}; restart ${line(restart)}`);
        } finally {
          await scratch.drop();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
if (!databaseUrl) console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
console.log(`Load average after: ${load()}`);
