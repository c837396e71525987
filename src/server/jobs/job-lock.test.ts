import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { billingPayment } from '../db/schema/billing.schema';
import { apiCaller, createScratchPostgres, signUpUser } from '../../test-support/test-app';
import { createJobLock } from './job-lock';
import { daysAfter } from '../../shared/duration';

/**
 * A scheduled job runs once when several processes tick at the same moment.
 * Two pools on one PostgreSQL database stand for two processes (an advisory lock belongs to a
 * database session, and each pool's connections are sessions of their own).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const suite = 'scheduled jobs across processes on one PostgreSQL';
const describePg = pgUrl ? describe : describe.skip;

describePg(
  pgUrl ? suite : `${suite} — SKIPPED: TEST_DATABASE_URL is not set, no PostgreSQL server to test against`,
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
    let a: Database;
    let b: Database;
    beforeAll(async () => {
      scratch = await createScratchPostgres();
      a = await openDatabase({ url: scratch.url });
      b = await openDatabase({ url: scratch.url });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await scratch?.drop();
    });

    it('two processes ticking at once run the job once; the next tick runs it again', async () => {
      let runs = 0;
      const job = async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 300));
        return runs;
      };
      const outcomes = await Promise.all([
        createJobLock(a).runExclusive('demo', job),
        createJobLock(b).runExclusive('demo', job),
      ]);
      expect(runs).toBe(1);
      expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
      // The lock ends with the run, and another job name was never blocked.
      expect(await createJobLock(b).runExclusive('demo', job)).toEqual({ ran: true, result: 2 });
      const other = await Promise.all([
        createJobLock(a).runExclusive('demo', job),
        createJobLock(b).runExclusive('another', job),
      ]);
      expect(other.every((o) => o.ran)).toBe(true);
    });

    it('a job that fails releases the lock', async () => {
      await expect(createJobLock(a).runExclusive('failing', () => Promise.reject(new Error('boom')))).rejects.toThrow(
        'boom',
      );
      expect(await createJobLock(b).runExclusive('failing', async () => 'ok')).toEqual({ ran: true, result: 'ok' });
    });

    it('billing maintenance in two processes at once charges a due subscription once', async () => {
      const config = loadConfig({
        DATA_DIR: '/tmp/sp-job-lock-test',
        PUBLIC_URL: 'http://localhost:5000',
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
        LOG_LEVEL: 'silent',
      });
      const first = await buildApp(config, { database: a, clientDir: false, logger: false });
      const second = await buildApp(config, { database: b, clientDir: false, logger: false });
      try {
        await Promise.all([first.ready(), second.ready()]);
        const call = apiCaller(() => first);
        const { cookie, user } = await signUpUser(first);
        const started = await call('POST', '/api/create-checkout-session', cookie, {
          planType: 'pro',
          billingPeriod: 'monthly',
        });
        expect(started.statusCode, started.body).toBe(200);
        expect((await call('POST', `/api/test-payments/${started.json().sessionId}/pay`)).statusCode).toBe(200);
        const paymentsOf = () => a.db.select().from(billingPayment).where(eq(billingPayment.userId, user.id));
        const before = (await paymentsOf()).length;

        // Eight days later the trial has ended: both processes' hourly ticks come due together.
        const later = daysAfter(Date.now(), 8);
        const results = await Promise.all([
          first.services.billing.maintenance.run(later),
          second.services.billing.maintenance.run(later),
        ]);
        expect(results.reduce((sum, r) => sum + r.subscriptionsSettled, 0)).toBe(1);
        expect((await paymentsOf()).length - before).toBe(1);
      } finally {
        await first.close();
        await second.close();
      }
    });
  },
);
