import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Runs a scheduled job in at most one process at a time. Several server processes share one
 * PostgreSQL and each ticks its own timers; the job holds a PostgreSQL transaction-level advisory
 * lock while it runs, and a process whose tick finds the lock taken skips that run (the holder is
 * doing the work right now). The lock belongs to a database connection, so a process that dies
 * (even SIGKILL) releases it with its connection. The embedded database serves one process: there
 * the job simply runs. docs/decisions/0091-many-processes-one-truth.md.
 */
export interface JobLock {
  /** `fn`'s result, or `{ ran: false }` when another process is running the same job. */
  runExclusive<T>(job: string, fn: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }>;
}

/** The advisory-lock namespace of SignaturePro's jobs (the first key of the two-key form): "SP". */
const JOB_LOCK_NAMESPACE = 0x5350;

export function createJobLock(database: Pick<Database, 'db' | 'kind'>): JobLock {
  return {
    async runExclusive(job, fn) {
      if (database.kind === 'pglite') return { ran: true, result: await fn() };
      // The transaction only holds the lock: the job's own queries run on other connections of
      // the pool and commit as they go. The lock ends with the transaction, after the job.
      return database.db.transaction(async (tx) => {
        const result = await tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}, hashtext(${job})) as locked`,
        );
        if (!result.rows[0]?.locked) return { ran: false as const };
        return { ran: true as const, result: await fn() };
      });
    },
  };
}
