import { randomUUID } from 'node:crypto';
import pg from 'pg';

/* Plain Node (no vitest): the benchmarks use it too. */

/**
 * A new, empty database on the PostgreSQL server of TEST_DATABASE_URL (or `serverUrl`), for tests
 * that open it more than once (several pools or server processes on one database).
 */
export async function createScratchPostgres(
  serverUrl = process.env.TEST_DATABASE_URL,
  /** A database to copy (`create database … template`), else an empty one. */
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: cannot run the PostgreSQL tests');
  const name = `sp_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pg-pool's end() resolves before its sockets have closed; forcing the drop while one is still
      // closing kills it with an error that nothing listens for any more (an "unhandled error" run).
      for (let wait = 0; wait < 100; wait += 1) {
        const { rows } = await dropper.query<{ open: number }>(
          'select count(*)::int as open from pg_stat_activity where datname = $1',
          [name],
        );
        if ((rows[0]?.open ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Runs `fn` on a new, empty database of the PostgreSQL server at `serverUrl`, dropped afterwards. */
export async function withScratchPostgres(serverUrl: string, fn: (url: string) => Promise<void>): Promise<void> {
  const scratch = await createScratchPostgres(serverUrl);
  try {
    await fn(scratch.url);
  } finally {
    await scratch.drop();
  }
}
