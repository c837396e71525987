import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { member, organization } from '../../db/schema/auth.schema';
import { describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { BILLING_MAINTENANCE_CRON, BILLING_MAINTENANCE_QUEUE } from './billing-maintenance';

describeEachDatabase('billing maintenance on the jobs runner', (kind) => {
  const t = useTestApp(kind);

  it('is scheduled every five minutes (once across processes) and a queued pass ends a trial that ran out', async () => {
    const { rows } = await t.database.db.execute<{ name: string; cron: string }>(
      sql`select name, cron from pgboss.schedule`,
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ name: BILLING_MAINTENANCE_QUEUE, cron: BILLING_MAINTENANCE_CRON }),
    );

    const person = await signUpUser(t.app);
    const [m] = await t.database.db.select().from(member).where(eq(member.userId, person.user.id));
    await t.database.db
      .update(organization)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(organization.id, m!.organizationId));
    await t.app.services.jobs.send(BILLING_MAINTENANCE_QUEUE, {});
    const until = Date.now() + 20_000;
    let plan = 'trial';
    while (plan === 'trial' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [org] = await t.database.db.select().from(organization).where(eq(organization.id, m!.organizationId));
      plan = org!.plan;
    }
    expect(plan).toBe('free');
  });
});
