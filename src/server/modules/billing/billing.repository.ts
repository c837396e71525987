import { eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client';
import { organization, user } from '../../db/schema/auth.schema';
import { checkoutSessionQueries } from './checkout-session.repository';
import { paymentQueries } from './payment.repository';
import { planHolderQueries } from './plan-holder.repository';
import { subscriptionQueries } from './subscription.repository';
import { webhookEventQueries } from './webhook-event.repository';

/** Every billing query, built on the database or on one open transaction. */
function queries(db: DbExecutor) {
  return {
    ...planHolderQueries(db),
    ...checkoutSessionQueries(db),
    ...subscriptionQueries(db),
    ...paymentQueries(db),
    ...webhookEventQueries(db),
  };
}
export type BillingQueries = ReturnType<typeof queries>;

export function createBillingRepository(db: Db) {
  return {
    ...queries(db),
    /**
     * Runs `fn` holding the user's row lock, so that two handlers recomputing the same person's
     * plan take turns and the last one reads everything the first wrote.
     */
    async withUserLocked<T>(userId: string, fn: (q: BillingQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
        return fn(queries(tx));
      });
    },
    async withOrganizationLocked<T>(organizationId: string, fn: (q: BillingQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: organization.id })
          .from(organization)
          .where(eq(organization.id, organizationId))
          .for('update');
        return fn(queries(tx));
      });
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
