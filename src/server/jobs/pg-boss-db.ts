import type { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database } from '../db/client';

/** pg-boss's `db` adapter over the app's own connection (PGlite: its one connection; PostgreSQL: the pool). */
export function pgBossDb(database: Pick<Database, 'db' | 'kind'>): PgBoss.Db {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') {
    const lite = client as PGlite;
    return {
      async executeSql(text: string, values: unknown[]) {
        // pg-boss sends its locked maintenance and migrations as one multi-statement text without
        // parameters: PGlite's exec runs those (its query speaks one statement only).
        if (values && values.length > 0) return lite.query(text, values);
        const results = await lite.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    };
  }
  const pool = client as pg.Pool;
  return {
    executeSql: (text: string, values: unknown[]) => pool.query(text, values && values.length > 0 ? values : undefined),
  };
}
