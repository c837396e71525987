import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createScratchPostgres, createTestDatabase, describeEachDatabase } from '../../test-support/test-app';
import { createJobRunner, type JobRunner, type QueueOptions } from './job-runner';

const quick: QueueOptions = {
  concurrency: 3,
  expireInSeconds: 30,
  retryLimit: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
};

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = 'condition') {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describeEachDatabase('jobs runner (pg-boss on the app database)', (kind) => {
  let database: Database;
  const runners: JobRunner[] = [];
  const newRunner = (options: Parameters<typeof createJobRunner>[1] = {}) => {
    const runner = createJobRunner(database, { pollIntervalMs: 100, maintenanceIntervalSeconds: 1, ...options });
    runners.push(runner);
    return runner;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await database.close();
  });

  it('runs every job once, at most `concurrency` at a time, and retries a failed attempt', async () => {
    const runner = newRunner();
    const seen = new Map<number, number>();
    let current = 0;
    let peak = 0;
    const attempts: number[] = [];
    runner.defineQueue<{ n: number }>('bounded', quick, async ({ n }) => {
      current += 1;
      peak = Math.max(peak, current);
      await new Promise((resolve) => setTimeout(resolve, 30));
      current -= 1;
      seen.set(n, (seen.get(n) ?? 0) + 1);
    });
    runner.defineQueue<{ n: number }>('flaky', quick, async (_data, job) => {
      attempts.push(job.retryCount);
      if (job.retryCount === 0) throw new Error('first attempt fails');
    });
    await runner.start();
    for (let n = 0; n < 24; n += 1) await runner.send('bounded', { n });
    await runner.send('flaky', { n: 1 });
    await waitFor(() => seen.size === 24 && attempts.length === 2, 20_000, 'all jobs');
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThanOrEqual(2);
    expect(attempts).toEqual([0, 1]);
  });

  it('dedupes by singletonKey, waits for startAfter and reports depth and the oldest pending age', async () => {
    const runner = newRunner();
    const ran: { key: string; at: number }[] = [];
    runner.defineQueue<{ key: string }>(
      'keyed',
      { ...quick, policy: 'stately' },
      async ({ key }) => void ran.push({ key, at: Date.now() }),
    );
    await runner.start();
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await runner.send('keyed', { key: 'a' }, { singletonKey: 'a', startAfter: later })).toEqual(
      expect.any(String),
    );
    expect(await runner.send('keyed', { key: 'a' }, { singletonKey: 'a', startAfter: later })).toBeNull();
    expect(await runner.send('keyed', { key: 'b' }, { singletonKey: 'b', startAfter: later })).toEqual(
      expect.any(String),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stats = await runner.stats('keyed');
    expect(stats.depth).toBe(2);
    expect(stats.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(0.2);
    expect(ran).toEqual([]);

    const sentAt = Date.now();
    await runner.send('keyed', { key: 'soon' }, { startAfter: new Date(sentAt + 1500) });
    await waitFor(() => ran.some((r) => r.key === 'soon'), 15_000, 'the scheduled job');
    expect(ran.find((r) => r.key === 'soon')!.at - sentAt).toBeGreaterThanOrEqual(1400);
  });

  it('stop() hands a running job back and another runner takes it', async () => {
    const first = newRunner({ stopTimeoutMs: 200 });
    const taken: string[] = [];
    first.defineQueue<{ n: number }>('handed', quick, async () => {
      taken.push('first');
      await new Promise(() => undefined);
    });
    await first.start();
    await first.send('handed', { n: 1 });
    await waitFor(() => taken.length === 1, 10_000, 'the first runner to start the job');
    await first.stop();
    const second = newRunner();
    second.defineQueue<{ n: number }>(
      'handed',
      quick,
      async (_data, job) => void taken.push(`second:${job.retryCount}`),
    );
    await second.start();
    await waitFor(() => taken.length === 2, 15_000, 'the second runner to take the job');
    expect(taken).toEqual(['first', 'second:1']);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
(pgUrl ? describe : describe.skip)(
  `jobs runner across processes [postgres]${pgUrl ? '' : ' — SKIPPED: TEST_DATABASE_URL is not set'}`,
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
    const opened: Database[] = [];
    const runners: JobRunner[] = [];
    beforeAll(async () => {
      scratch = await createScratchPostgres();
    });
    afterAll(async () => {
      for (const runner of runners) await runner.stop();
      for (const database of opened) await database.close();
      await scratch.drop();
    });
    const open = async () => {
      const database = await openDatabase({ url: scratch.url });
      opened.push(database);
      return database;
    };

    it('two runners starting at once on a new database both start (pg-boss installs once)', async () => {
      const fresh = await createScratchPostgres();
      const [a, b] = [await openDatabase({ url: fresh.url }), await openDatabase({ url: fresh.url })];
      const both = [a, b].map((db) => {
        const runner = createJobRunner(db, { schedules: false });
        runner.defineQueue('same', quick, async () => undefined);
        runner.defineQueue('also-same', quick, async () => undefined);
        return runner;
      });
      const outcomes = await Promise.allSettled(both.map((r) => r.start()));
      for (const r of both) await r.stop();
      await a.close();
      await b.close();
      await fresh.drop();
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'started'))).toEqual([
        'started',
        'started',
      ]);
    });

    it('a send made while the runner starts on a new database waits for its tables, and the job runs', async () => {
      const fresh = await createScratchPostgres();
      const database = await openDatabase({ url: fresh.url });
      const ran: number[] = [];
      const runner = createJobRunner(database, { schedules: false, pollIntervalMs: 50 });
      runner.defineQueue<{ n: number }>('early', quick, async ({ n }) => void ran.push(n));
      try {
        // Not awaited, as the server starts it (decision 0193): pgboss.job does not exist yet.
        const starting = runner.start();
        expect(runner.state()).toBe('starting');
        const id = await runner.send('early', { n: 7 });
        expect(id).toEqual(expect.any(String));
        await starting;
        expect(runner.state()).toBe('started');
        await waitFor(() => ran.length === 1, 15_000, 'the early job');
        expect(ran).toEqual([7]);
      } finally {
        await runner.stop();
        await database.close();
        await fresh.drop();
      }
    });

    it('two runners on one PostgreSQL run each of 120 jobs exactly once', async () => {
      const runs = new Map<number, string[]>();
      for (const name of ['a', 'b']) {
        const runner = createJobRunner(await open(), { pollIntervalMs: 50 });
        runners.push(runner);
        runner.defineQueue<{ n: number }>('shared', { ...quick, concurrency: 5 }, async ({ n }) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          runs.set(n, [...(runs.get(n) ?? []), name]);
        });
        await runner.start();
      }
      for (let n = 0; n < 120; n += 1) await runners[n % 2]!.send('shared', { n });
      await waitFor(() => runs.size === 120, 30_000, '120 jobs');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect([...runs.values()].filter((by) => by.length !== 1)).toEqual([]);
      const byA = [...runs.values()].filter((by) => by[0] === 'a').length;
      console.log(`two runners: a ran ${byA}, b ran ${120 - byA} of 120 jobs`);
    });

    it('a job whose process was SIGKILLed is taken again once its lease ends', async () => {
      const database = await open();
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      await client.query('create table job_test_starts (n int not null, worker text not null)');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, '../../test-support/job-runner-child.ts'), scratch.url],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      );
      await waitFor(() => out.includes('ready'), 30_000, `the child runner (${out})`);

      const runner = createJobRunner(database, {
        pollIntervalMs: 100,
        maintenanceIntervalSeconds: 1,
        schedules: false,
      });
      runners.push(runner);
      const retaken: { n: number; retryCount: number }[] = [];
      // This runner starts only after the kill: until then the child holds both jobs.
      runner.defineQueue<{ n: number }>(
        'stuck',
        { concurrency: 2, expireInSeconds: 2, retryLimit: 3, retryDelaySeconds: 0, retryBackoff: false },
        async ({ n }, job) => {
          retaken.push({ n, retryCount: job.retryCount });
        },
      );
      const sender = createJobRunner(database, { schedules: false });
      runners.push(sender);
      await sender.send('stuck', { n: 1 });
      await sender.send('stuck', { n: 2 });
      await waitFor(
        async () => (await client.query('select count(*)::int as c from job_test_starts')).rows[0].c === 2,
        20_000,
        'the child to start both jobs',
      );
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      await runner.start();
      await waitFor(() => retaken.length === 2, 20_000, 'the jobs to be taken again');
      expect(retaken.map((r) => r.n).sort()).toEqual([1, 2]);
      expect(retaken.every((r) => r.retryCount === 1)).toBe(true);
      await client.end();
    });
  },
);
