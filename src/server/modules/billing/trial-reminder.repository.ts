import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { member, organization, user } from '../../db/schema/auth.schema';
import { trialReminder } from '../../db/schema/billing.schema';

export type TrialReminderKind = '3-days' | '1-day';

/** The reads and the once-only claim behind the trial reminders (trial-reminders.ts, 0153). */
export function createTrialReminderRepository(db: Db) {
  return {
    /** Organizations on their own trial (nothing bought) that ends after `now` and by `until`. */
    async listTrialsEndingBy(now: Date, until: Date) {
      return db
        .select({ id: organization.id, name: organization.name, trialEndsAt: organization.trialEndsAt })
        .from(organization)
        .where(
          and(eq(organization.plan, 'trial'), gt(organization.trialEndsAt, now), lte(organization.trialEndsAt, until)),
        );
    },

    /** True for the one caller, across processes, whose insert made the reminder's row. */
    async claim(organizationId: string, kind: TrialReminderKind): Promise<boolean> {
      const rows = await db
        .insert(trialReminder)
        .values({ organizationId, kind })
        .onConflictDoNothing()
        .returning({ kind: trialReminder.kind });
      return rows.length > 0;
    },

    /** Who can choose a plan: the owner and the admins. */
    async listManagers(organizationId: string) {
      return db
        .select({ email: user.email, name: user.name })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(and(eq(member.organizationId, organizationId), inArray(member.role, ['owner', 'admin'])));
    },
  };
}
export type TrialReminderRepository = ReturnType<typeof createTrialReminderRepository>;
