/**
 * The hot path against the database's own speed: `GET /api/auth/me` (every page
 * load) and `PUT /api/signatures/{id}` (every autosave) at 50 connections, beside pgbench on the same
 * PostgreSQL server in the same run: `pgbench -S` (select-only) for the read and a one-row UPDATE
 * script for the write. Prints req/s, p99 and each call's rate as a percentage of pgbench's; the
 * embedded database (PGlite) is measured too, without a pgbench line. Never fails on timing.
 *
 * The server runs as a child process (as in production), so autocannon does not share its event loop.
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a scratch database is created and dropped).
 * Each pgbench run comes right before the call it is compared with, the server idle meanwhile.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { createEmptySignature } from '../src/shared/signature/signature-schema';
import { withScratchPostgres } from '../src/test-support/scratch-postgres';
import { benchPerson, signUpOverHttp, startServerProcess } from '../src/test-support/server-process';

const run = promisify(execFile);
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

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

/** The real server in its own process, as `npm start` runs it. */
async function startServer(databaseUrl: string | undefined): Promise<{ base: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-hot-'));
  const server = await startServerProcess({
    nodeEnv: 'production',
    echoStderr: true,
    startTimeoutMs: 60_000,
    env: (base) => ({
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: '',
      SMTP_URL: '',
    }),
  });
  return {
    base: server.base,
    async stop() {
      await server.stop();
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
 * Signs bench users up and makes one signature per connection, each saved only by its own
 * connection (pgbench's update script spreads its writes over 100,000 rows; connections saving
 * shared rows would measure those rows' locks instead). The hourly quota on new signatures (30 a
 * person) makes that two people.
 */
async function prepare(base: string) {
  const origin = { origin: base };
  const owned: { cookie: string; id: string }[] = [];
  let firstCookie = '';
  for (let person = 0; person < 5 && owned.length < CONNECTIONS; person += 1) {
    const { cookie } = await signUpOverHttp(base, benchPerson(), origin);
    if (!cookie) break;
    firstCookie ||= cookie;
    for (let i = 0; i < 25 && owned.length < CONNECTIONS; i += 1) {
      const created = await fetch(`${base}/api/signatures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...origin },
        body: JSON.stringify(
          createEmptySignature({ name: `Bench Person ${i}`, email: 'bench@example.com', title: 'Engineer' }),
        ),
      });
      // A quota may stop creation early: save to the ones that exist.
      if (created.status !== 201) break;
      owned.push({ cookie, id: ((await created.json()) as { id: string }).id });
    }
  }
  if (owned.length < CONNECTIONS)
    console.log(`  only ${owned.length} signatures for ${CONNECTIONS} connections: some connections share one`);
  return { cookie: firstCookie, owned, origin };
}

/**
 * Each call is measured right after its pgbench run (`before`), so that on a shared machine both
 * figures of a comparison see the same load.
 */
async function benchCalls(
  databaseUrl: string | undefined,
  before: { me?: () => Promise<void>; put?: () => Promise<void> } = {},
) {
  const server = await startServer(databaseUrl);
  try {
    const { cookie, owned, origin } = await prepare(server.base);
    let nextConnection = 0;
    // A short warm-up so the first figures are not the JIT's.
    await autocannon({ url: `${server.base}/api/auth/me`, headers: { cookie }, connections: 10, duration: 1 });
    await before.me?.();
    const me = await cannon({ url: `${server.base}/api/auth/me`, headers: { cookie } });
    await before.put?.();
    const put = await cannon({
      url: server.base,
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...origin },
      body: JSON.stringify({ title: 'Principal Engineer' }),
      // The context is the connection's own: its signature, saved with its owner's cookie.
      requests: [
        {
          setupRequest: (request, context: { mine?: { cookie: string; id: string } }) => {
            context.mine ??= owned[nextConnection++ % owned.length]!;
            return {
              ...request,
              path: `/api/signatures/${context.mine.id}`,
              headers: { ...request.headers, cookie: context.mine.cookie },
            };
          },
        },
      ],
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

const percent = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}% of pgbench` : '');

async function benchPostgres(url: string) {
  await withScratchPostgres(url, async (dbUrl) => {
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
    let selectOnly = 0;
    let updateOne = 0;
    const { me, put } = await benchCalls(dbUrl, {
      me: async () => void (selectOnly = await pgbench(dbUrl, ['-S'])),
      put: async () => void (updateOne = await pgbench(dbUrl, ['-f', script])),
    });
    record({ target: 'pgbench -S (select-only)', reqPerSec: selectOnly, p99: null, errors: null, share: '' });
    record({ target: 'pgbench one-row UPDATE', reqPerSec: updateOne, p99: null, errors: null, share: '' });
    record({ target: 'GET /api/auth/me (postgres)', ...me, share: percent(me.reqPerSec, selectOnly) });
    record({ target: 'PUT /api/signatures/{id} (postgres)', ...put, share: percent(put.reqPerSec, updateOne) });
    rmSync(path.dirname(script), { recursive: true, force: true });
  });
}

// The machine's load beside the figures: on a shared machine they mean little without it.
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
console.log(`Load average before (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);

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
  `\nHot path: ${CONNECTIONS} connections, ${DURATION} s each; targets p99 <= 50 ms, /me >= 12% of pgbench -S, PUT >= 25% of the one-row UPDATE; load average after: ${load()}`,
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
