import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema } from './schema';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Both drivers expose the same query builder; the app only sees this type. */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Where connection errors the app cannot answer for are reported (the server's logger). */
export type DatabaseLog = { warn(obj: object, msg: string): void };

export type DatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string; log?: DatabaseLog }
  /** Embedded PGlite in a folder; no folder means in memory (tests). */
  | { dataDir?: string };

/** Opens the database and applies the checked-in migrations before anything else runs. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
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
    pool.on('error', reportLost);
    pool.on('connect', (client) => client.on('error', reportLost));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    // The PGlite and node-postgres drivers build the same SQL through the same API.
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
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
