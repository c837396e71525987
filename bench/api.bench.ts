/**
 * API throughput: GET /api/signatures and PUT /api/signatures/{id} at 50 connections,
 * on PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL,
 * beside a bare node:http hello-world measured in the same run. Prints figures; never fails on timing.
 */
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createEmptySignature } from '../src/shared/signature/signature-schema';
import { withScratchPostgres } from '../src/test-support/scratch-postgres';
import { benchPerson, signUpOverHttp } from '../src/test-support/server-process';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

type Row = { target: string; reqPerSec: number; p99: number; errors: number };
const rows: Row[] = [];

async function measure(target: string, opts: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  rows.push({
    target,
    reqPerSec: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  });
  const row = rows.at(-1)!;
  console.log(`${row.target}: ${row.reqPerSec} req/s, p99 ${row.p99} ms, errors+non2xx ${row.errors}`);
}

async function benchHello() {
  const server = createServer((_req, res) => res.end('hello'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await measure('node:http hello-world', { url: `http://127.0.0.1:${port}/` });
  await new Promise((r) => server.close(r));
}

async function benchApp(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:5000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config, { logger: false, clientDir: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const origin = { origin: config.publicUrl };
  const { cookie } = await signUpOverHttp(base, benchPerson(), origin);
  const created = await fetch(`${base}/api/signatures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...origin },
    body: JSON.stringify(createEmptySignature({ name: 'Bench Person', email: 'bench@example.com', title: 'Engineer' })),
  });
  const { id } = (await created.json()) as { id: string };
  await measure(`GET /api/signatures (${kind})`, { url: `${base}/api/signatures`, headers: { cookie } });
  await measure(`PUT /api/signatures/{id} (${kind})`, {
    url: `${base}/api/signatures/${id}`,
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', ...origin },
    body: JSON.stringify({ title: 'Principal Engineer' }),
  });
  // autocannon stops sending at the deadline; let the requests still in flight finish first.
  await new Promise((r) => setTimeout(r, 1000));
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await benchHello();
await benchApp('pglite');
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) await withScratchPostgres(pgUrl, (url) => benchApp('postgres', url));
else console.log('PostgreSQL run skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');

console.log(`\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION} s each`);
console.table(
  rows.map((r) => ({ target: r.target, 'req/s': r.reqPerSec, 'p99 ms': r.p99, 'errors+non2xx': r.errors })),
);
