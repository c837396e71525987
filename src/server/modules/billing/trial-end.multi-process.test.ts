import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { member, organization } from '../../db/schema/auth.schema';
import { mailOutbox } from '../../db/schema/mail-outbox.schema';
import { DAY_MS } from '../../../shared/duration';
import { createScratchPostgres, signUpUser } from '../../../test-support/test-app';

/**
 * The end-of-trial pass in two processes on one PostgreSQL (two pools stand for two processes, as in
 * jobs/job-lock.test.ts): each trial that ran out is ended once, and each reminder before the end
 * is sent once, whichever process ticks first.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const suite = 'the end of trials across two processes on one PostgreSQL';
const describePg = pgUrl ? describe : describe.skip;

describePg(
  pgUrl ? suite : `${suite} — SKIPPED: TEST_DATABASE_URL is not set, no PostgreSQL server to test against`,
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
    let a: Database;
    let b: Database;
    let first: Awaited<ReturnType<typeof buildApp>>;
    let second: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      scratch = await createScratchPostgres();
      a = await openDatabase({ url: scratch.url });
      b = await openDatabase({ url: scratch.url });
      const config = loadConfig({
        DATA_DIR: '/tmp/sp-trial-end-test',
        PUBLIC_URL: 'http://localhost:5000',
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
        LOG_LEVEL: 'silent',
      });
      first = await buildApp(config, { database: a, clientDir: false, logger: false });
      second = await buildApp(config, { database: b, clientDir: false, logger: false });
      await Promise.all([first.ready(), second.ready()]);
    }, 120_000);
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await a?.close();
      await b?.close();
      await scratch?.drop();
    });

    it('two processes ticking at once end each trial that ran out exactly once', async () => {
      const people = [];
      for (let i = 0; i < 3; i++) people.push(await signUpUser(first));
      const memberships = await a.db
        .select()
        .from(member)
        .where(
          inArray(
            member.userId,
            people.map((p) => p.user.id),
          ),
        );
      const orgIds = memberships.map((m) => m.organizationId);
      const ends = await a.db.select().from(organization).where(inArray(organization.id, orgIds));
      const later = new Date(Math.max(...ends.map((o) => o.trialEndsAt!.getTime())) + 1000);

      const results = await Promise.all([
        first.services.billing.maintenance.run(later),
        second.services.billing.maintenance.run(later),
      ]);
      expect(results.reduce((sum, r) => sum + r.trialsEnded, 0)).toBe(3);
      const after = await b.db.select().from(organization).where(inArray(organization.id, orgIds));
      expect(after.map((o) => [o.plan, o.seats])).toEqual([
        ['free', 1],
        ['free', 1],
        ['free', 1],
      ]);
      // Both ticking again later: nothing is left to end.
      const again = await Promise.all([
        first.services.billing.maintenance.run(later),
        second.services.billing.maintenance.run(later),
      ]);
      expect(again.reduce((sum, r) => sum + r.trialsEnded, 0)).toBe(0);
    });

    it('two processes ticking at once send each trial reminder once', async () => {
      const people = [await signUpUser(first), await signUpUser(second)];
      const emails = people.map((p) => p.user.email);
      const [org] = await a.db
        .select({ trialEndsAt: organization.trialEndsAt })
        .from(member)
        .innerJoin(organization, eq(organization.id, member.organizationId))
        .where(eq(member.userId, people[1]!.user.id));
      // Two and a half days before the later of the two ends: both are within three days.
      const when = new Date(org!.trialEndsAt!.getTime() - 2.5 * DAY_MS);
      for (let i = 0; i < 2; i++) {
        await Promise.all([
          first.services.billing.maintenance.run(when),
          second.services.billing.maintenance.run(when),
        ]);
      }
      const rows = await b.db
        .select({ recipient: mailOutbox.recipient })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'trial-ending'), inArray(mailOutbox.recipient, emails)));
      expect(rows.map((r) => r.recipient).sort()).toEqual([...emails].sort());
    });
  },
);
