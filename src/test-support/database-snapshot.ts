import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/client';
import { createJobRunner } from '../server/jobs/job-runner';

/*
 * A migrated database made once and copied for every test that needs one (decision 0210). Creating
 * PGlite's database (its initdb), applying the migrations and installing the jobs runner's tables
 * took most of each test file's set-up and most of CI's time; copying a made one does not. The
 * copy is exactly what a first start makes: the same migrations and pg-boss install, keyed by their
 * content, so a new migration makes a new snapshot on the next run.
 */

const root = path.resolve(import.meta.dirname, '../..');
const migrationsDir = path.join(root, 'src/server/db/migrations');

function packageVersion(name: string): string {
  return (
    JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

/** The migrations' content and the versions of PGlite and pg-boss: what a made database depends on. */
function snapshotKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(migrationsDir, full)}\0`).update(readFileSync(full));
    }
  };
  walk(migrationsDir);
  hash.update(`pglite ${packageVersion('@electric-sql/pglite')} pg-boss ${packageVersion('pg-boss')}`);
  return hash.digest('hex').slice(0, 16);
}

let key: string | undefined;
const currentKey = () => (key ??= snapshotKey());

/** Applies the migrations (openDatabase does) and installs the jobs runner's schema, as a first start does. */
async function makeReady(database: Database): Promise<void> {
  const jobs = createJobRunner(database, { schedules: false });
  await jobs.start();
  await jobs.stop();
}

let pgliteDump: Promise<Blob> | undefined;
let pgliteDumpFile: string | undefined;

/**
 * The migrated in-memory PGlite as a dump, from node_modules/.cache (made there by the first test
 * process that needs it; a second one racing it makes its own and the last rename wins, both whole).
 */
export function pgliteSnapshot(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const dir = path.join(root, 'node_modules/.cache/signaturepro');
    const file = path.join(dir, `pglite-${currentKey()}.tar`);
    if (!existsSync(file)) {
      const database = await openDatabase({});
      await makeReady(database);
      const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      await database.close();
      mkdirSync(dir, { recursive: true });
      const partial = `${file}.${randomUUID()}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
    pgliteDumpFile = file;
    return new Blob([readFileSync(file)]);
  })();
  return pgliteDump;
}

/**
 * Fills `dataDir` (an embedded database's folder, as `openDatabase({ dataDir })` and a server's
 * DATA_DIR/db use) with the migrated snapshot, so that opening it finds a made database instead of
 * creating one. The dump is PGlite's data folder as a tar.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  await pgliteSnapshot();
  mkdirSync(dataDir, { recursive: true });
  execFileSync('tar', ['-xf', pgliteDumpFile!, '-C', dataDir]);
}

/** The lock every test process takes while it looks for, or makes, the PostgreSQL template. */
const TEMPLATE_LOCK = `${0x5350}, hashtext('test database template')`;

/**
 * The name of a migrated template database on the PostgreSQL server at `serverUrl`, made once (under
 * an advisory lock, so parallel test processes make it once) and never connected to afterwards:
 * `create database … template` refuses a template someone is connected to.
 */
export async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `sp_tpl_${currentKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(${TEMPLATE_LOCK})`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      const making = `${name}_making`;
      await admin.query(`drop database if exists ${making} with (force)`);
      await admin.query(`create database ${making}`);
      const url = new URL(serverUrl);
      url.pathname = `/${making}`;
      const database = await openDatabase({ url: url.toString() });
      await makeReady(database);
      await database.close();
      // Templates of other migrations are left alone: another checkout may be copying one right now.
      // The rename needs every connection gone, and pg-pool's end() resolves before its sockets close.
      for (let wait = 0; wait < 250; wait += 1) {
        const open = await admin.query('select 1 from pg_stat_activity where datname = $1', [making]);
        if (!open.rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`alter database ${making} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.query(`select pg_advisory_unlock(${TEMPLATE_LOCK})`).catch(() => undefined);
    await admin.end();
  }
}
