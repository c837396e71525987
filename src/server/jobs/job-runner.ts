import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database } from '../db/client';
import { pgBossDb } from './pg-boss-db';

/**
 * The one durable jobs runner of the app: pg-boss (10.x, the last line that runs on Node 20) on the
 * app's own database, PGlite or PostgreSQL, through pg-boss's `db` adapter. pg-boss keeps the jobs
 * (its own schema `pgboss`), leases them (a job whose process died is taken again once its
 * `expireInSeconds` has passed), retries with backoff, dedupes by `singletonKey`, schedules by
 * `startAfter` and by cron (a schedule fires once across every process). This file adds what
 * pg-boss 10 leaves to the caller: a worker loop that keeps at most `concurrency` jobs of a queue
 * in flight in this process and fetches again as soon as a slot frees, and a stop that lets the
 * running jobs finish (or hands them back) before the database closes.
 * docs/decisions/0115-jobs-runner-pg-boss-on-both-databases.md.
 */

export type JobContext = { id: string; retryCount: number };
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export type QueueOptions = {
  /** Jobs of this queue running at the same time in this process. */
  concurrency: number;
  /** The lease: a job still active after this long is taken again (its process is presumed dead). */
  expireInSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** Exponential backoff between attempts (pg-boss adds jitter). */
  retryBackoff: boolean;
  /**
   * 'stately': at most one waiting and one running job per singletonKey (a second send while one
   * waits is dropped; one sent while one runs waits for it). 'standard': singletonKey dedupes only
   * with `singletonSeconds`.
   */
  policy?: 'standard' | 'stately' | 'singleton' | 'short';
};

export type SendOptions = { singletonKey?: string; startAfter?: Date; singletonSeconds?: number };

export type QueueStats = { depth: number; oldestPendingAgeSeconds: number };

export type JobRunnerOptions = {
  /** How often an idle queue asks for new jobs (a send in this process wakes it at once). */
  pollIntervalMs?: number;
  /** How often expired leases are looked for (and old jobs archived). */
  maintenanceIntervalSeconds?: number;
  /** How long stop() waits for running jobs before handing them back. */
  stopTimeoutMs?: number;
  /** Cron schedules are only fired by runners with schedules on (all of them by default). */
  schedules?: boolean;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

export interface JobRunner {
  /** Declares a queue and its handler; call before start(). */
  defineQueue<T extends object>(name: string, options: QueueOptions, handler: JobHandler<T>): void;
  /**
   * Installs pg-boss's tables and the queues, then fetches. Sends, schedules and stats made while it
   * runs wait for it (on a new database the tables do not exist before).
   */
  start(): Promise<void>;
  /** Whether start() has been called, has finished, or failed (readiness reports it). */
  state(): 'not started' | 'starting' | 'started' | 'failed';
  /** The job's id, or null when a job with the same singletonKey already waits. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Many jobs in one statement per 500; a job whose singletonKey already waits is left out. Jobs
   * are fetched by `priority` (higher first, default 0), then oldest first.
   */
  sendMany<T extends object>(
    name: string,
    jobs: { data: T; singletonKey?: string; priority?: number }[],
  ): Promise<void>;
  /** Fires `name` with `data` on a cron schedule (UTC), once across every process. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  stats(name: string): Promise<QueueStats>;
  queueNames(): string[];
  /** Stops fetching, waits for running jobs (up to stopTimeoutMs), hands back the rest. */
  stop(): Promise<void>;
  /** Jobs running in this process right now. */
  running(): number;
}

const PGBOSS_SCHEMA = 'pgboss';
/** The advisory-lock namespace of SignaturePro (job-lock.ts uses the same): "SP". */
const START_LOCK_NAMESPACE = 0x5350;

type Queue = {
  name: string;
  options: QueueOptions;
  handler: JobHandler<object>;
  inFlight: Set<Promise<void>>;
  wake: () => void;
  loop?: Promise<void>;
};

export function createJobRunner(database: Pick<Database, 'db' | 'kind'>, options: JobRunnerOptions = {}): JobRunner {
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const db = pgBossDb(database);
  const boss = new PgBoss({
    db,
    schema: PGBOSS_SCHEMA,
    supervise: true,
    schedule: options.schedules !== false,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  });
  boss.on('error', (err: Error) =>
    options.log?.warn({ err: { message: err.message } }, 'jobs: pg-boss reported an error'),
  );
  const queues = new Map<string, Queue>();
  let started = false;
  let starting: Promise<void> | null = null;
  let state: ReturnType<JobRunner['state']> = 'not started';
  /** What is sent while the runner starts waits for its tables; a failed start lets the call fail on its own. */
  const afterStart = async () => {
    if (starting) await starting.catch(() => undefined);
  };
  let stopping = false;
  const running = new Map<string, { queue: string; promise: Promise<void> }>();

  async function runJob(queue: Queue, job: PgBoss.JobWithMetadata<object>) {
    try {
      await queue.handler(job.data, { id: job.id, retryCount: job.retryCount });
      await boss.complete(queue.name, job.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      options.log?.warn(
        { err: { message }, queue: queue.name, job: job.id, attempt: job.retryCount + 1 },
        'jobs: a job failed',
      );
      await boss.fail(queue.name, job.id, { message }).catch(() => undefined);
    }
  }

  async function pump(queue: Queue) {
    while (!stopping) {
      const free = queue.options.concurrency - queue.inFlight.size;
      let fetched = 0;
      if (free > 0) {
        const jobs = await boss.fetch<object>(queue.name, { batchSize: free, includeMetadata: true }).catch(() => []);
        fetched = jobs.length;
        for (const job of jobs) {
          const promise: Promise<void> = runJob(queue, job).finally(() => {
            queue.inFlight.delete(promise);
            running.delete(job.id);
            queue.wake();
          });
          queue.inFlight.add(promise);
          running.set(job.id, { queue: queue.name, promise });
        }
      }
      if (stopping) break;
      // A full batch may mean more are waiting: ask again at once when a slot is free.
      if (fetched > 0 && fetched === free && queue.inFlight.size < queue.options.concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollIntervalMs);
        queue.wake = done;
        function done() {
          clearTimeout(timer);
          queue.wake = () => undefined;
          resolve();
        }
      });
    }
  }

  async function installQueues() {
    for (const queue of queues.values()) {
      const settings = {
        name: queue.name,
        policy: queue.options.policy ?? 'standard',
        retryLimit: queue.options.retryLimit,
        retryDelay: queue.options.retryDelaySeconds,
        retryBackoff: queue.options.retryBackoff,
        expireInSeconds: queue.options.expireInSeconds,
      } as const;
      await boss.createQueue(queue.name, settings);
      // A queue made by an earlier start keeps its settings unless told: this start's lease and retries apply.
      await boss.updateQueue(queue.name, settings);
    }
  }

  /**
   * pg-boss installs its schema under its own advisory lock, yet two processes starting at once on
   * a new PostgreSQL database still collide on CREATE SCHEMA (a unique-index error that pg-boss does
   * not expect) and deadlock creating the same queues, so starts take turns under a session lock of ours. PGlite has one process.
   */
  async function startSerialised() {
    if (database.kind !== 'postgres') {
      await boss.start();
      await installQueues();
      return;
    }
    const client = await (database.db as unknown as { $client: pg.Pool }).$client.connect();
    try {
      await client.query('select pg_advisory_lock($1, hashtext($2))', [START_LOCK_NAMESPACE, 'pgboss-start']);
      await boss.start();
      // Creating queues at once from two processes deadlocks in pg-boss too: same turn.
      await installQueues();
    } finally {
      await client
        .query('select pg_advisory_unlock($1, hashtext($2))', [START_LOCK_NAMESPACE, 'pgboss-start'])
        .catch(() => undefined);
      client.release();
    }
  }

  return {
    defineQueue(name, queueOptions, handler) {
      if (started) throw new Error(`jobs: queue ${name} defined after start()`);
      queues.set(name, {
        name,
        options: queueOptions,
        handler: handler as JobHandler<object>,
        inFlight: new Set(),
        wake: () => undefined,
      });
    },
    start() {
      if (starting) return starting;
      started = true;
      state = 'starting';
      starting = startSerialised().then(
        () => {
          state = 'started';
          if (!stopping) for (const queue of queues.values()) queue.loop = pump(queue);
        },
        (error: unknown) => {
          state = 'failed';
          throw error;
        },
      );
      return starting;
    },
    state: () => state,
    async send(name, data, sendOptions = {}) {
      await afterStart();
      const id = await boss.send(name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonSeconds ? { singletonSeconds: sendOptions.singletonSeconds } : {}),
      });
      if (id && !sendOptions.startAfter) queues.get(name)?.wake();
      return id;
    },
    async sendMany(name, list) {
      await afterStart();
      for (let i = 0; i < list.length; i += 500) {
        await boss.insert(
          list.slice(i, i + 500).map((job) => ({
            name,
            data: job.data,
            ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
            ...(job.priority ? { priority: job.priority } : {}),
          })),
        );
      }
      if (list.length) queues.get(name)?.wake();
    },
    async schedule(name, cron, data) {
      await afterStart();
      await boss.schedule(name, cron, data ?? {}, { tz: 'UTC' });
    },
    async stats(name) {
      await afterStart();
      const { rows } = await db.executeSql(
        `select count(*)::int as depth, extract(epoch from (now() - min(created_on)))::float8 as age
           from ${PGBOSS_SCHEMA}.job where name = $1 and state in ('created', 'retry')`,
        [name],
      );
      const row = rows[0] as { depth: number; age: number | null } | undefined;
      return { depth: Number(row?.depth ?? 0), oldestPendingAgeSeconds: Math.max(0, Number(row?.age ?? 0)) };
    },
    queueNames: () => [...queues.keys()],
    running: () => running.size,
    async stop() {
      if (!started || stopping) return;
      stopping = true;
      // A stop during the start lets it finish first: pg-boss is not stopped half-installed.
      await afterStart();
      for (const queue of queues.values()) queue.wake();
      await Promise.all([...queues.values()].map((q) => q.loop));
      const deadline = options.stopTimeoutMs ?? 5000;
      const all = Promise.allSettled([...running.values()].map((r) => r.promise));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, deadline)))]);
      clearTimeout(timer);
      // Jobs still running are handed back: failed now (attempt counted), taken again by any process.
      for (const [id, job] of running) {
        await boss.fail(job.queue, id, { message: 'handed back: the server was stopping' }).catch(() => undefined);
      }
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
