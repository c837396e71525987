/**
 * The hot path against the database's own speed (issue 12, point 7): `GET /api/auth/me` (every page
 * load) and `PUT /api/signatures/{id}` (every autosave) at 50 connections, beside pgbench on the same
 * PostgreSQL server in the same run: `pgbench -S` (select-only) for the read and a one-row UPDATE
 * script for the write. Prints req/s, p99 and each call's rate as a percentage of pgbench's; the
 * embedded database (PGlite) is measured too, without a pgbench line. Never fails on timing.
 *
 * The server runs as a child process (as in production), so autocannon does not share its event loop.
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a scratch database is created and dropped).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { createEmptySignature } from '../src/shared/signature/signature-schema';

const run = promisify(execFile);
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const root = path.resolve(import.meta.dirname, '..');

type Row = { target: string; reqPerSec: number; p99: number | null; errors: number | null; share: string };
const rows: Row[] = [];

function record(row: Row) {
  rows.push(row);
  console.log(
    `${row.target}: ${row.reqPerSec} req/s` +
      (row.p99 === null ? '' : `, p99 ${row.p99} ms`) +
      (row.errors === null ? '' : `, errors+non2xx ${row.errors}`) +
      (row.share ? `, ${row.share}` : ''),
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server in its own process, as `npm start` runs it. */
async function startServer(databaseUrl: string | undefined): Promise<{ base: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-hot-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function cannon(opts: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  if (result.errors + result.non2xx > 0) {
    console.log(
      `  ${opts.method ?? 'GET'}: ${result.non2xx} non-2xx answers, ${result.errors} errors (of which ${result.timeouts} timeouts after 10 s)`,
    );
  }
  return {
    reqPerSec: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Signs a bench user up and makes one signature per connection (pgbench's update script spreads its
 * writes over 100,000 rows; 50 connections saving one row would measure that row's lock instead).
 */
async function prepare(base: string) {
  const origin = { origin: base };
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...origin },
    body: JSON.stringify({
      email: `bench-${randomUUID()}@example.com`,
      password: 'bench-password-1',
      name: 'Bench',
      termsAccepted: true,
    }),
  });
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const ids: string[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) {
    const created = await fetch(`${base}/api/signatures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, ...origin },
      body: JSON.stringify(
        createEmptySignature({ name: `Bench Person ${i}`, email: 'bench@example.com', title: 'Engineer' }),
      ),
    });
    // A per-account signature quota may stop creation early: save to the ones that exist.
    if (created.status !== 201) break;
    ids.push(((await created.json()) as { id: string }).id);
  }
  return { cookie, ids, origin };
}

async function benchCalls(databaseUrl: string | undefined) {
  const server = await startServer(databaseUrl);
  try {
    const { cookie, ids, origin } = await prepare(server.base);
    let next = 0;
    // A short warm-up so the first figures are not the JIT's.
    await autocannon({ url: `${server.base}/api/auth/me`, headers: { cookie }, connections: 10, duration: 1 });
    const me = await cannon({ url: `${server.base}/api/auth/me`, headers: { cookie } });
    const put = await cannon({
      url: server.base,
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', ...origin },
      body: JSON.stringify({ title: 'Principal Engineer' }),
      requests: [{ setupRequest: (request) => ({ ...request, path: `/api/signatures/${ids[next++ % ids.length]}` }) }],
    });
    return { me, put };
  } finally {
    await server.stop();
  }
}

/** pgbench's transactions per second for a run at the same concurrency. */
async function pgbench(url: string, args: string[]): Promise<number> {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username),
    PGDATABASE: u.pathname.slice(1),
  };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const { stdout } = await run(
    'pgbench',
    [...args, '-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION), '-n'],
    { env },
  );
  const tps = /tps = ([\d.]+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps: ${stdout}`);
  return Math.round(Number(tps[1]));
}

async function withScratchDatabase(url: string, fn: (url: string) => Promise<void>) {
  const name = `sp_hot_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const u = new URL(url);
    u.pathname = `/${name}`;
    await fn(u.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const percent = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}% of pgbench` : '');

async function benchPostgres(url: string) {
  await withScratchDatabase(url, async (dbUrl) => {
    const u = new URL(dbUrl);
    const env = {
      ...process.env,
      PGHOST: u.hostname,
      PGPORT: u.port || '5432',
      PGUSER: decodeURIComponent(u.username),
      PGDATABASE: u.pathname.slice(1),
    };
    await run('pgbench', ['-i', '-s', '1', '-q'], { env });
    const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'sp-pgbench-')), 'update-one-row.sql');
    writeFileSync(
      script,
      '\\set aid random(1, 100000)\nUPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = :aid;\n',
    );
    const selectOnly = await pgbench(dbUrl, ['-S']);
    const updateOne = await pgbench(dbUrl, ['-f', script]);
    const { me, put } = await benchCalls(dbUrl);
    record({ target: 'pgbench -S (select-only)', reqPerSec: selectOnly, p99: null, errors: null, share: '' });
    record({ target: 'pgbench one-row UPDATE', reqPerSec: updateOne, p99: null, errors: null, share: '' });
    record({ target: 'GET /api/auth/me (postgres)', ...me, share: percent(me.reqPerSec, selectOnly) });
    record({ target: 'PUT /api/signatures/{id} (postgres)', ...put, share: percent(put.reqPerSec, updateOne) });
    rmSync(path.dirname(script), { recursive: true, force: true });
  });
}

try {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) await benchPostgres(pgUrl);
  else console.log('PostgreSQL run skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const { me, put } = await benchCalls(undefined);
  record({ target: 'GET /api/auth/me (pglite)', ...me, share: '' });
  record({ target: 'PUT /api/signatures/{id} (pglite)', ...put, share: '' });
} catch (error) {
  // A benchmark reports; it never fails the run.
  console.log(`hot-path benchmark could not finish: ${error instanceof Error ? error.message : String(error)}`);
}

console.log(
  `\nHot path: ${CONNECTIONS} connections, ${DURATION} s each; targets p99 <= 50 ms, /me >= 12% of pgbench -S, PUT >= 25% of the one-row UPDATE`,
);
console.table(
  rows.map((r) => ({
    target: r.target,
    'req/s': r.reqPerSec,
    'p99 ms': r.p99 ?? '',
    'errors+non2xx': r.errors ?? '',
    'vs pgbench': r.share,
  })),
);
