import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { billingSubscription, checkoutSession } from '../../db/schema/billing.schema';

export type SubscriptionRow = typeof billingSubscription.$inferSelect;
export type NewSubscriptionRow = typeof billingSubscription.$inferInsert;

/** Subscriptions as the payment provider last reported them, and who they were bought for. */
export function subscriptionQueries(db: DbExecutor) {
  return {
    async findSubscription(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(billingSubscription).where(eq(billingSubscription.id, id)).limit(1);
      return row;
    },

    async listSubscriptions(userId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscription)
        .where(eq(billingSubscription.userId, userId))
        .orderBy(desc(billingSubscription.createdAt));
    },

    async findLiveSubscription(userId: string, liveStatuses: readonly string[]): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscription)
        .where(
          and(eq(billingSubscription.userId, userId), inArray(billingSubscription.providerStatus, [...liveStatuses])),
        )
        .limit(1);
      return row;
    },

    /**
     * Stores the provider's state unless a fresher read is already stored. Returns false when this
     * read was older, so the caller knows its view is stale and changes nothing else.
     */
    async upsertSubscriptionState(row: NewSubscriptionRow): Promise<boolean> {
      const rows = await db
        .insert(billingSubscription)
        .values(row)
        .onConflictDoUpdate({
          target: billingSubscription.id,
          set: {
            // Plan, period and seats follow in-place changes; who owns it never changes.
            plan: row.plan,
            billingPeriod: row.billingPeriod,
            seats: row.seats,
            providerStatus: row.providerStatus,
            trialEndsAt: row.trialEndsAt ?? null,
            currentPeriodEnd: row.currentPeriodEnd ?? null,
            cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
            canceledAt: row.canceledAt ?? null,
            stateReadAt: row.stateReadAt,
          },
          setWhere: sql`${billingSubscription.stateReadAt} < excluded.state_read_at`,
        })
        .returning({ id: billingSubscription.id });
      return rows.length > 0;
    },

    /** Every subscription anyone bought for the organization, in any state. */
    async listOrganizationSubscriptions(organizationId: string): Promise<SubscriptionRow[]> {
      return db.select().from(billingSubscription).where(eq(billingSubscription.organizationId, organizationId));
    },

    /** True when the person, or the organization a purchase would be for, already had a subscription (and so its trial). */
    async hasHadSubscription(userId: string, organizationId: string | null): Promise<boolean> {
      const [row] = await db
        .select({ id: billingSubscription.id })
        .from(billingSubscription)
        .where(
          or(
            eq(billingSubscription.userId, userId),
            organizationId ? eq(billingSubscription.organizationId, organizationId) : undefined,
            // A subscription checkout completed but not read back yet still used the trial.
          ),
        )
        .limit(1);
      if (row) return true;
      const [session] = await db
        .select({ id: checkoutSession.id })
        .from(checkoutSession)
        .where(
          and(
            eq(checkoutSession.kind, 'subscription'),
            eq(checkoutSession.status, 'completed'),
            or(
              eq(checkoutSession.userId, userId),
              organizationId ? eq(checkoutSession.organizationId, organizationId) : undefined,
            ),
          ),
        )
        .limit(1);
      return !!session;
    },

    /** A payer who leaves an organization takes the purchases they made for it along (0024). */
    async movePurchases(userId: string, fromOrganizationId: string, toOrganizationId: string): Promise<number> {
      const subs = await db
        .update(billingSubscription)
        .set({ organizationId: toOrganizationId })
        .where(and(eq(billingSubscription.userId, userId), eq(billingSubscription.organizationId, fromOrganizationId)))
        .returning({ id: billingSubscription.id });
      const sessions = await db
        .update(checkoutSession)
        .set({ organizationId: toOrganizationId })
        .where(
          and(
            eq(checkoutSession.userId, userId),
            eq(checkoutSession.organizationId, fromOrganizationId),
            isNotNull(checkoutSession.completedAt),
          ),
        )
        .returning({ id: checkoutSession.id });
      return subs.length + sessions.length;
    },
  };
}
