import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { processedWebhookEvent } from '../../db/schema/billing.schema';

/** Claims older than this are taken to belong to a handler that died, and may be claimed again. */
const STALE_CLAIM = sql`interval '10 minutes'`;

/** Each payment-provider event is applied once: a handler claims it, then finishes or releases it. */
export function webhookEventQueries(db: DbExecutor) {
  return {
    /** Takes an event for this handler; false when it is already applied or another handler holds it. */
    async claimEvent(id: string, provider: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(processedWebhookEvent)
        .values({ id, provider, type })
        .onConflictDoUpdate({
          target: processedWebhookEvent.id,
          set: { claimedAt: sql`now()` },
          setWhere: sql`${processedWebhookEvent.status} = 'processing' and ${processedWebhookEvent.claimedAt} < now() - ${STALE_CLAIM}`,
        })
        .returning({ id: processedWebhookEvent.id });
      return rows.length > 0;
    },

    async finishEvent(id: string) {
      await db
        .update(processedWebhookEvent)
        .set({ status: 'done', processedAt: new Date() })
        .where(eq(processedWebhookEvent.id, id));
    },

    /** The handler failed: let the provider's retry apply the event. */
    async releaseEvent(id: string) {
      await db
        .delete(processedWebhookEvent)
        .where(and(eq(processedWebhookEvent.id, id), eq(processedWebhookEvent.status, 'processing')));
    },
  };
}
