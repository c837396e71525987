import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { billingCustomer, checkoutSession } from '../../db/schema/billing.schema';

export type CheckoutSessionRow = typeof checkoutSession.$inferSelect;

/** Payment-provider customers and the checkout sessions opened for them. */
export function checkoutSessionQueries(db: DbExecutor) {
  return {
    async findCustomerId(userId: string, provider: string): Promise<string | undefined> {
      const [row] = await db
        .select({ customerId: billingCustomer.customerId })
        .from(billingCustomer)
        .where(and(eq(billingCustomer.userId, userId), eq(billingCustomer.provider, provider)))
        .limit(1);
      return row?.customerId;
    },

    /** Keeps the first customer saved for the user; a racing second one is dropped. */
    async saveCustomerId(userId: string, provider: string, customerId: string): Promise<string> {
      await db.insert(billingCustomer).values({ userId, provider, customerId }).onConflictDoNothing();
      const [row] = await db.select().from(billingCustomer).where(eq(billingCustomer.userId, userId)).limit(1);
      return row?.provider === provider ? row.customerId : customerId;
    },

    async insertCheckoutSession(row: typeof checkoutSession.$inferInsert) {
      await db.insert(checkoutSession).values(row);
    },

    async findCheckoutSession(id: string): Promise<CheckoutSessionRow | undefined> {
      const [row] = await db.select().from(checkoutSession).where(eq(checkoutSession.id, id)).limit(1);
      return row;
    },

    /** True for the one call that moved the session out of `open` (what happens once per checkout hangs on it). */
    async markCheckoutSession(
      id: string,
      status: 'completed' | 'expired',
      subscriptionId: string | null,
    ): Promise<boolean> {
      const rows = await db
        .update(checkoutSession)
        .set({ status, subscriptionId, completedAt: status === 'completed' ? new Date() : null })
        .where(and(eq(checkoutSession.id, id), eq(checkoutSession.status, 'open')))
        .returning({ id: checkoutSession.id });
      return rows.length > 0;
    },
  };
}
