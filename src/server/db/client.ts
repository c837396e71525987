import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { schema } from './schema';
import {
  AUTH_CHANGED_CHANNEL,
  createAuthChangeFeed,
  listenForAuthChanges,
  watchPgClient,
  type AuthChanges,
} from './auth-changes';
import { openRemotePGlite, PGLITE_TEMPLATE_DIR, takeEarlyDatabase } from './pglite-remote';

// Each driver is loaded only when it is the one in use: a server on PostgreSQL never loads PGlite
// (its WebAssembly build), and one on PGlite never loads pg (start-up time, decision 0092).

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.join(here, 'migrations');

/** Both drivers expose the same query builder; the app only sees this type. */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or an open transaction: both build the same queries. */
export type DbExecutor = Db | Transaction;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Changes to what a session read depends on, in every process (auth-changes.ts). */
  authChanges: AuthChanges;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Where connection errors the app cannot answer for are reported (the server's logger). */
export type DatabaseLog = { warn(obj: object, msg: string): void };

export type DatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string; log?: DatabaseLog }
  /**
   * Embedded PGlite in a folder, run in a worker thread (decision 0191); no folder means in memory,
   * in this thread (tests). `inThread` keeps a folder's database in this thread too. `from` starts
   * an in-memory database from a dump (PGlite's `dumpDataDir`) instead of creating one: the tests'
   * migrated snapshot, since creating a database is most of a test file's set-up.
   */
  | { dataDir?: string; inThread?: boolean; from?: Blob };

/** Opens the database and applies the checked-in migrations before anything else runs. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // While the server is down or restarting, a request waits at most this long for a connection
      // and is then answered 503 (see isDatabaseUnavailable) instead of hanging.
      connectionTimeoutMillis: 5000,
    });
    // A restart or failover ends every connection with "terminating connection due to administrator
    // command". pg emits that as an 'error' event (on the pool for idle clients, on the client for
    // checked-out ones); unheard, Node ends the process. Heard, the broken client is discarded and
    // the next query opens a new connection.
    const reportLost = (err: Error) =>
      options.log?.warn(
        { err: { message: err.message, code: (err as { code?: string }).code } },
        'database connection lost',
      );
    const authChanges = createAuthChangeFeed(false);
    pool.on('error', reportLost);
    pool.on('connect', (client) => {
      client.on('error', reportLost);
      watchPgClient(client, authChanges);
    });
    const db = drizzlePg(pool, { schema });
    await migrateOnce(pool, (client) => migratePg(drizzlePg(client), { migrationsFolder }));
    const listener = listenForAuthChanges(
      () => new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 }),
      authChanges,
      options.log,
    );
    return {
      db,
      kind: 'postgres',
      authChanges,
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  if (options.dataDir && !options.inThread) return openPgliteWorker(options.dataDir);
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir);
  } else {
    client = new PGlite(options.from ? { loadDataDir: options.from } : undefined);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // One process holds the database; PGlite calls listeners before the statement that notified answers.
  const authChanges = createAuthChangeFeed(true);
  await client.listen(AUTH_CHANGED_CHANNEL, () => authChanges.bump());
  return {
    // The PGlite and node-postgres drivers build the same SQL through the same API.
    db: db as unknown as Db,
    kind: 'pglite',
    authChanges,
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

/** The embedded database in a worker thread, opened from the build's template on a first start. */
async function openPgliteWorker(dataDir: string): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const authChanges = createAuthChangeFeed(true);
  // Started before the app's modules loaded (server.ts), or now.
  const client =
    takeEarlyDatabase(dataDir) ??
    openRemotePGlite({
      dataDir,
      template: existsSync(PGLITE_TEMPLATE_DIR) ? PGLITE_TEMPLATE_DIR : undefined,
      channel: AUTH_CHANGED_CHANNEL,
    });
  client.onNotify(() => authChanges.bump());
  await client.waitReady;
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    authChanges,
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

/**
 * The advisory lock every process takes around the migrator (the same key space as the job locks,
 * jobs/job-lock.ts). Processes starting at once on an empty database would otherwise both apply
 * the first migration and one would stop with "relation already exists"; with it, the first
 * migrates and the others then find nothing left to do.
 */
export const MIGRATION_LOCK_SQL = `${0x5350}, hashtext('schema migrations')`;

/** Applies the checked-in migrations on one connection that holds the migration lock meanwhile. */
async function migrateOnce(pool: pg.Pool, migrate: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // A session-level lock: it waits for a process that is migrating, and a process that dies
    // while holding it releases it with its connection.
    await client.query(`select pg_advisory_lock(${MIGRATION_LOCK_SQL})`);
    try {
      await migrate(client);
    } finally {
      await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK_SQL})`).catch((error: Error) => {
        broken = error;
      });
    }
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    // A connection whose unlock failed is closed, not reused: closing it releases the lock.
    client.release(broken);
  }
}

/** Error codes of a database that cannot be reached right now (node's socket codes and PostgreSQL's SQLSTATEs). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
]);
const UNAVAILABLE_MESSAGES =
  /connection terminated|terminating connection|timeout exceeded when trying to connect|connection timeout|the database system is|client has encountered a connection error|cannot use a pool after calling end|not queryable|connection ended/i;

/**
 * True when an error (or anything in its cause chain: Drizzle and Better Auth wrap driver errors)
 * says the database could not be reached, as opposed to a query that the database refused.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    // An AggregateError (IPv4 and IPv6 both refused) holds the socket errors.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}
