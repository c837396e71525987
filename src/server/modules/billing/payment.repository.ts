import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { billingPayment, checkoutSession } from '../../db/schema/billing.schema';

export type PaymentRow = typeof billingPayment.$inferSelect;

/** Payments: lifetime purchases, subscription charges, and the refunds and disputes that take them back. */
export function paymentQueries(db: DbExecutor) {
  return {
    /** Lifetime purchases made for the organization, paid or taken back (refunded, disputed). */
    async listOrganizationLifetimes(organizationId: string, exceptUserId?: string) {
      const rows = await db
        .select({ plan: billingPayment.plan, status: billingPayment.status, userId: billingPayment.userId })
        .from(billingPayment)
        .innerJoin(checkoutSession, eq(checkoutSession.id, billingPayment.checkoutSessionId))
        .where(and(eq(checkoutSession.organizationId, organizationId), eq(billingPayment.kind, 'lifetime')));
      return rows.filter((r) => r.userId !== exceptUserId && r.status !== 'pending' && r.status !== 'failed');
    },

    /** A lifetime purchase that was refunded or disputed, with the organization it was for. */
    async findRevokedLifetime(userId: string) {
      const [row] = await db
        .select({ organizationId: checkoutSession.organizationId })
        .from(billingPayment)
        .leftJoin(checkoutSession, eq(checkoutSession.id, billingPayment.checkoutSessionId))
        .where(
          and(
            eq(billingPayment.userId, userId),
            eq(billingPayment.kind, 'lifetime'),
            inArray(billingPayment.status, ['refunded', 'disputed']),
          ),
        )
        .limit(1);
      return row;
    },

    /** A refund or dispute takes a payment back, whatever its status was. */
    async setPaymentStatus(id: string, status: 'refunded' | 'disputed') {
      const rows = await db
        .update(billingPayment)
        .set({ status })
        .where(eq(billingPayment.id, id))
        .returning({ id: billingPayment.id });
      return rows.length > 0;
    },

    /** The latest payment recorded for a subscription (the one a test refund gives back). */
    async findLatestSubscriptionPayment(subscriptionId: string) {
      const [row] = await db
        .select()
        .from(billingPayment)
        .where(and(eq(billingPayment.subscriptionId, subscriptionId), eq(billingPayment.status, 'paid')))
        .orderBy(desc(billingPayment.createdAt))
        .limit(1);
      return row;
    },

    async findLifetimePurchase(userId: string) {
      const [row] = await db
        .select({ plan: billingPayment.plan, checkoutSessionId: billingPayment.checkoutSessionId })
        .from(billingPayment)
        .where(
          and(
            eq(billingPayment.userId, userId),
            eq(billingPayment.kind, 'lifetime'),
            eq(billingPayment.status, 'paid'),
          ),
        )
        .orderBy(asc(billingPayment.createdAt))
        .limit(1);
      return row;
    },

    /**
     * Records a payment once; a later event may move pending/failed to paid, never paid back to
     * failed, and never a refunded or disputed payment back to paid.
     */
    async upsertPayment(row: typeof billingPayment.$inferInsert) {
      await db
        .insert(billingPayment)
        .values(row)
        .onConflictDoUpdate({
          target: billingPayment.id,
          set: { status: row.status, amount: row.amount, invoiceUrl: row.invoiceUrl ?? null },
          setWhere: sql`${billingPayment.status} in ('pending', 'failed')`,
        });
    },

    async listPayments(userId: string, limit = 24): Promise<PaymentRow[]> {
      return db
        .select()
        .from(billingPayment)
        .where(eq(billingPayment.userId, userId))
        .orderBy(desc(billingPayment.createdAt))
        .limit(limit);
    },
  };
}
