import { and, asc, eq, lte } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { member, organization, user } from '../../db/schema/auth.schema';
import { INCLUDED_SEATS } from '../../../shared/billing/plans';

/** The people and organizations that hold a plan: who they are, what they are on, when their trial ends. */
export function planHolderQueries(db: DbExecutor) {
  return {
    async findUser(userId: string) {
      const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
      return row;
    },

    /** The organization the user works in (oldest membership) and their role there. */
    async findPrimaryMembership(userId: string) {
      const [row] = await db
        .select({ organizationId: member.organizationId, role: member.role })
        .from(member)
        .where(eq(member.userId, userId))
        .orderBy(asc(member.createdAt))
        .limit(1);
      return row;
    },

    async setUserPlan(userId: string, subscriptionStatus: string, subscriptionPlan: string | null) {
      await db.update(user).set({ subscriptionStatus, subscriptionPlan }).where(eq(user.id, userId));
    },

    /** `trialEndsAt`, when given, is when the organization's free days end (its trial, or a bought plan's trial: 0151). */
    async setOrganizationPlan(organizationId: string, plan: string, seats: number, trialEndsAt?: Date | null) {
      await db
        .update(organization)
        .set(trialEndsAt === undefined ? { plan, seats } : { plan, seats, trialEndsAt })
        .where(eq(organization.id, organizationId));
    },

    /** TEST MODE's "End trial now": the organization's free days end at `at`. */
    async setOrganizationTrialEnd(organizationId: string, at: Date) {
      await db.update(organization).set({ trialEndsAt: at }).where(eq(organization.id, organizationId));
    },

    /** Organizations whose 7-day trial ran out with nothing bought drop to Free with one seat. */
    async endExpiredOrganizationTrials(now: Date): Promise<number> {
      const rows = await db
        .update(organization)
        .set({ plan: 'free', seats: INCLUDED_SEATS })
        .where(and(eq(organization.plan, 'trial'), lte(organization.trialEndsAt, now)))
        .returning({ id: organization.id });
      return rows.length;
    },

    /** Serialises recomputing an organization's plan from its purchases. */
    async lockOrganization(organizationId: string) {
      await db
        .select({ id: organization.id })
        .from(organization)
        .where(eq(organization.id, organizationId))
        .for('update');
    },

    async findOrganization(organizationId: string) {
      const [row] = await db.select().from(organization).where(eq(organization.id, organizationId)).limit(1);
      return row;
    },
  };
}
