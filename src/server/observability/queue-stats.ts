import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/mail-outbox.schema';

export type MailOutboxStats = {
  /** Waiting to be sent (or being sent right now). */
  pending: number;
  /** Given up on after days of retries. */
  failed: number;
  /** Seconds since the oldest unsent message was queued; 0 when none waits. */
  oldestPendingAgeSeconds: number;
};

/** One grouped query over the outbox's unsent and failed rows (mail_outbox_due_idx covers status). */
export async function readMailOutboxStats(db: Db, now = new Date()): Promise<MailOutboxStats> {
  const rows = await db
    .select({
      status: mailOutbox.status,
      count: sql<number>`count(*)::int`,
      oldest: sql<Date | string | null>`min(${mailOutbox.createdAt})`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']))
    .groupBy(mailOutbox.status);
  let pending = 0;
  let failed = 0;
  let oldest: number | null = null;
  for (const row of rows) {
    const count = Number(row.count);
    if (row.status === 'failed') {
      failed += count;
      continue;
    }
    pending += count;
    if (row.oldest) {
      const at = new Date(row.oldest).getTime();
      oldest = oldest === null ? at : Math.min(oldest, at);
    }
  }
  return {
    pending,
    failed,
    oldestPendingAgeSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
  };
}
