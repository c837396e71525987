/**
 * The hot path against the database's own speed: `GET /api/auth/me` (every page load) and
 * `PUT /api/signatures/{id}` (every autosave) at 50 connections, each beside its anchors measured in
 * the same round: `pgbench -S` (select-only) for the read and a one-row UPDATE script for the write
 * on the same PostgreSQL server, a bare `node:http` server answering a small JSON body (the most one
 * Node process can answer here), and — with BENCH_BASE_DIR, another checkout with its own build —
 * the build before a change. The embedded default database is measured too. Rounds (BENCH_ROUNDS,
 * default 3) interleave every target, so a shared machine's load swings hit them all alike; the
 * table shows medians. Never fails on timing.
 *
 * Servers run as child processes from their build (`dist/server/server.js`, as the container runs
 * it), so autocannon does not share their event loop. BENCH_PROFILE_DIR writes a CPU profile of
 * this tree's servers (--cpu-prof). PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (scratch
 * databases are created and dropped).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { createEmptySignature } from '../src/shared/signature/signature-schema';
import { createScratchPostgres } from '../src/test-support/scratch-postgres';
import { benchPerson, signUpOverHttp, startServerProcess } from '../src/test-support/server-process';
import { freePort } from '../src/test-support/free-port';

const run = promisify(execFile);
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const root = path.resolve(import.meta.dirname, '..');
const builds = [
  ...(process.env.BENCH_BASE_DIR ? [{ name: 'base', dir: path.resolve(process.env.BENCH_BASE_DIR) }] : []),
  { name: 'this', dir: root },
];

type Figure = { reqPerSec: number; p99: number; errors: number; cpuMs?: number };
/** Every measurement of a target, one per round, with the anchor it is compared with. */
const figures = new Map<string, { figure: Figure; anchor?: number }[]>();

function note(target: string, figure: Figure, anchor?: number) {
  const share = anchor ? `, ${((100 * figure.reqPerSec) / anchor).toFixed(1)}% of pgbench` : '';
  const cpu = figure.cpuMs === undefined ? '' : `, server CPU ${figure.cpuMs.toFixed(3)} ms/answer`;
  console.log(
    `  ${target}: ${figure.reqPerSec} req/s, p99 ${figure.p99} ms, errors+non2xx ${figure.errors}${cpu}${share}`,
  );
  figures.set(target, [...(figures.get(target) ?? []), { figure, anchor }]);
}

/** A process's CPU time so far (user + system), in ms, from /proc: robust to a shared machine's load. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Autocannon at 50 connections; with `pid`, also the server's CPU time per answer. */
async function cannon(opts: autocannon.Options, pid?: number): Promise<Figure> {
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return {
    reqPerSec: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMs: pid ? (cpuMsOf(pid) - cpuBefore) / Math.max(1, result.requests.total) : undefined,
  };
}

type Server = {
  pid?: number;
  base: string;
  cookie: string;
  owned: { cookie: string; id: string }[];
  stop(): Promise<void>;
};

/** A build's server on a database (undefined: the embedded default), with bench people and signatures. */
async function startServer(build: { name: string; dir: string }, databaseUrl: string | undefined): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-hot-'));
  const profile = build.dir === root && process.env.BENCH_PROFILE_DIR;
  const server = await startServerProcess({
    name: `${build.name} build`,
    nodeEnv: 'production',
    echoStderr: true,
    // A build before the template (decision 0191) creates its embedded database at start: on a busy
    // shared machine that alone took over a minute.
    startTimeoutMs: 240_000,
    built: { dir: build.dir, nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [] },
    env: (base) => ({
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: '',
      SMTP_URL: '',
    }),
  });
  const prepared = await prepare(server.base);
  // A short warm-up so the first figures are not the JIT's.
  await autocannon({
    url: `${server.base}/api/auth/me`,
    headers: { cookie: prepared.cookie },
    connections: 10,
    duration: 1,
  });
  return {
    pid: server.child.pid,
    base: server.base,
    ...prepared,
    async stop() {
      // SIGINT lets --cpu-prof write its profile.
      server.child.kill('SIGINT');
      await server.waitForExit(15_000);
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs bench people up and makes one signature per connection, each saved only by its own
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
      if (created.status !== 201) break;
      owned.push({ cookie, id: ((await created.json()) as { id: string }).id });
    }
  }
  return { cookie: firstCookie, owned };
}

const me = (server: Server) =>
  cannon({ url: `${server.base}/api/auth/me`, headers: { cookie: server.cookie } }, server.pid);

function put(server: Server) {
  let next = 0;
  return cannon(
    {
      url: server.base,
      method: 'PUT',
      // As the editor's autosave sends it: the short answer asked for (decision 0245; a build before
      // it answers the whole signature), and a title that changes on every save, as typing does.
      headers: { 'content-type': 'application/json', origin: server.base, prefer: 'return=minimal' },
      // The context is the connection's own: its signature, saved with its owner's cookie.
      requests: [
        {
          setupRequest: (request, context: { mine?: { cookie: string; id: string }; saves?: number }) => {
            context.mine ??= server.owned[next++ % server.owned.length]!;
            context.saves = (context.saves ?? 0) + 1;
            return {
              ...request,
              path: `/api/signatures/${context.mine.id}`,
              headers: { ...request.headers, cookie: context.mine.cookie },
              body: JSON.stringify({ title: `Principal Engineer ${context.saves}` }),
            };
          },
        },
      ],
    },
    server.pid,
  );
}

/** A bare node:http server in its own process: one small JSON answer, no framework, no database. */
async function startBareHttp(): Promise<{ url: string; pid?: number; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' }); s.end('{"ok":true}'); }).listen(${port}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ));
    i += 1
  )
    await new Promise((r) => setTimeout(r, 50));
  return { url, pid: child.pid, stop: () => void child.kill() };
}

function pgEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username),
    PGDATABASE: u.pathname.slice(1),
  };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  return env;
}

/** pgbench's transactions per second for a run at the same concurrency. */
async function pgbench(url: string, args: string[]): Promise<number> {
  const { stdout } = await run(
    'pgbench',
    [...args, '-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION), '-n'],
    {
      env: pgEnv(url),
    },
  );
  const tps = /tps = ([\d.]+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps: ${stdout}`);
  return Math.round(Number(tps[1]));
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

console.log(`Load average before (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
const cleanup: Array<() => Promise<void> | void> = [];
try {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const bare = await startBareHttp();
  cleanup.push(bare.stop);
  let anchorsDb: string | undefined;
  const pgServers: Server[] = [];
  // BENCH_ONLY=postgres or embedded measures one database only (a profile of one case).
  const only = process.env.BENCH_ONLY;
  if (pgUrl && only !== 'embedded') {
    const scratch = await createScratchPostgres(pgUrl);
    cleanup.push(scratch.drop);
    anchorsDb = scratch.url;
    await run('pgbench', ['-i', '-s', '1', '-q'], { env: pgEnv(anchorsDb) });
    for (const build of builds) {
      const db = await createScratchPostgres(pgUrl);
      const server = await startServer(build, db.url);
      cleanup.push(async () => {
        await server.stop();
        await db.drop();
      });
      pgServers.push(server);
    }
  } else console.log('PostgreSQL runs skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const embedded: Server[] = [];
  for (const build of only === 'postgres' ? [] : builds) {
    const server = await startServer(build, undefined);
    cleanup.push(() => server.stop());
    embedded.push(server);
  }
  const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'sp-pgbench-')), 'update-one-row.sql');
  writeFileSync(
    script,
    '\\set aid random(1, 100000)\nUPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = :aid;\n',
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.log(`Round ${round} of ${ROUNDS} (load ${load()})`);
    note('bare node:http GET', await cannon({ url: bare.url }, bare.pid));
    if (anchorsDb) {
      const selectOnly = await pgbench(anchorsDb, ['-S']);
      note('pgbench -S (select-only)', { reqPerSec: selectOnly, p99: NaN, errors: 0 });
      for (const [i, server] of pgServers.entries())
        note(`me, postgres, ${builds[i]!.name}`, await me(server), selectOnly);
      const updateOne = await pgbench(anchorsDb, ['-f', script]);
      note('pgbench one-row UPDATE', { reqPerSec: updateOne, p99: NaN, errors: 0 });
      for (const [i, server] of pgServers.entries())
        note(`PUT, postgres, ${builds[i]!.name}`, await put(server), updateOne);
    }
    for (const [i, server] of embedded.entries()) {
      note(`me, embedded, ${builds[i]!.name}`, await me(server));
      note(`PUT, embedded, ${builds[i]!.name}`, await put(server));
    }
  }
  rmSync(path.dirname(script), { recursive: true, force: true });
} catch (error) {
  // A benchmark reports; it never fails the run.
  console.log(`hot-path benchmark could not finish: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  for (const step of cleanup.reverse()) await step();
}

console.log(
  `\nHot path: ${CONNECTIONS} connections, ${DURATION} s each, medians of ${ROUNDS} rounds; targets p99 <= 50 ms (postgres), <= 100 ms (embedded), me >= 25% of pgbench -S, PUT >= 40% of the one-row UPDATE; load average after: ${load()}`,
);
console.table(
  [...figures].map(([target, runs]) => ({
    target,
    'req/s': median(runs.map((r) => r.figure.reqPerSec)),
    'p99 ms': median(runs.map((r) => r.figure.p99)),
    'errors+non2xx': runs.reduce((n, r) => n + r.figure.errors, 0),
    'server CPU ms/answer':
      runs[0]?.figure.cpuMs === undefined ? '' : median(runs.map((r) => r.figure.cpuMs!)).toFixed(3),
    'vs pgbench': runs[0]?.anchor
      ? `${median(runs.map((r) => (100 * r.figure.reqPerSec) / r.anchor!)).toFixed(1)}%`
      : '',
  })),
);
