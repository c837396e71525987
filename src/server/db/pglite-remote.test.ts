import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

/**
 * Decision 0191: the embedded database of a server (a data folder) runs in a worker thread. The
 * app's driver sees the same database: results, PostgreSQL's error codes, transactions that commit
 * or roll back, and auth-change notifications before the statement that caused them answers; and
 * the server's thread keeps running while a long statement is executed.
 */
describe('the embedded database in a worker thread', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sp-pglite-worker-'));
    database = await openDatabase({ dataDir: path.join(dir, 'db') });
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is migrated, answers queries, and keeps PostgreSQL error codes', async () => {
    expect(database.kind).toBe('pglite');
    const result = await database.db.execute(sql`select count(*)::int as n from "user"`);
    expect(result.rows).toEqual([{ n: 0 }]);
    await database.db.execute(sql`create table worker_probe (id int primary key, at timestamptz)`);
    await database.db.execute(sql`insert into worker_probe values (1, now())`);
    const failure = await database.db.execute(sql`insert into worker_probe values (1, now())`).catch((e) => e);
    expect(failure).toBeInstanceOf(Error);
    let cause = failure as { code?: string; cause?: unknown };
    while (cause && !cause.code && cause.cause) cause = cause.cause as typeof cause;
    expect(cause.code).toBe('23505');
  });

  it('commits a transaction, and rolls one back when it throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (2, now())`);
      await tx.execute(sql`insert into worker_probe values (3, now())`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_probe values (4, now())`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = await database.db.execute(sql`select id from worker_probe order by id`);
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('a statement outside a transaction waits for it, as on one connection', async () => {
    const order: string[] = [];
    const inside = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_probe values (5, now())`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push('transaction done');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = database.db.execute(sql`select count(*)::int as n from worker_probe`).then((r) => {
      order.push('outside read');
      return r.rows[0];
    });
    await inside;
    // Rows 1, 2, 3 and 5: the read saw the transaction's insert, so it ran after the commit.
    expect(await outside).toEqual({ n: 4 });
    expect(order).toEqual(['transaction done', 'outside read']);
  });

  it('bumps the auth-change counter before a write to the auth tables answers', async () => {
    const before = database.authChanges.generation();
    expect(database.authChanges.live()).toBe(true);
    await database.db.execute(sql`update "user" set name = name`);
    expect(database.authChanges.generation()).toBeGreaterThan(before);
  });

  it("keeps the server's thread running while a long statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    const started = Date.now();
    await database.db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    const took = Date.now() - started;
    clearInterval(timer);
    // In the server's own thread the timer could not fire once while the statement ran.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThanOrEqual(Math.min(5, Math.floor(took / 100)));
  }, 60_000);
});
