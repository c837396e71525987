import { and, asc, eq, gt, inArray, lte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/mail-outbox.schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A row may be claimed when it is due, or when the worker that claimed it died mid-send. */
const claimable = (now: Date) =>
  or(
    and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
    and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.lockedUntil, now)),
  );

export function createMailOutboxRepository(db: Db) {
  return {
    async insert(row: { id: string; kind: string; recipient: string; subject: string; sealedBody: string; now: Date }) {
      await db.insert(mailOutbox).values({
        id: row.id,
        kind: row.kind,
        recipient: row.recipient,
        subject: row.subject,
        sealedBody: row.sealedBody,
        status: 'pending',
        nextAttemptAt: row.now,
        createdAt: row.now,
      });
    },

    async findDueIds(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(claimable(now))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** One conditional UPDATE: of several processes racing for a row, exactly one gets it back. */
    async claim(id: string, now: Date, lockedUntil: Date): Promise<OutboxRow | undefined> {
      const [row] = await db
        .update(mailOutbox)
        .set({ status: 'sending', lockedUntil, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(and(eq(mailOutbox.id, id), claimable(now)))
        .returning();
      return row;
    },

    async markSent(id: string, now: Date) {
      // The body goes as soon as it has done its job: no code or link lingers in the table.
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now, sealedBody: null, lockedUntil: null, lastError: null })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
    },

    async markFailed(id: string, error: string, retryAt: Date | null) {
      await db
        .update(mailOutbox)
        .set(
          retryAt
            ? { status: 'pending', nextAttemptAt: retryAt, lockedUntil: null, lastError: error }
            : { status: 'failed', sealedBody: null, lockedUntil: null, lastError: error },
        )
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
    },

    /** Hands rows a stopping process claimed back to the outbox, due now (only if still claimed). */
    async release(ids: string[], now: Date) {
      if (ids.length === 0) return;
      await db
        .update(mailOutbox)
        .set({ status: 'pending', nextAttemptAt: now, lockedUntil: null })
        .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'sending')));
    },

    async findById(id: string) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row;
    },

    /** The mail waiting longest for a retry that is not due yet: the one a probe tries early. */
    async findWaitingId(now: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), gt(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.createdAt))
        .limit(1);
      return row?.id;
    },

    /** Claims a waiting mail before its retry is due (still one conditional UPDATE: one winner). */
    async claimEarly(id: string, lockedUntil: Date): Promise<OutboxRow | undefined> {
      const [row] = await db
        .update(mailOutbox)
        .set({ status: 'sending', lockedUntil, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')))
        .returning();
      return row;
    },

    /** The mail server answers again: every mail waiting for a retry is due now. */
    async bringForward(now: Date): Promise<number> {
      const rows = await db
        .update(mailOutbox)
        .set({ nextAttemptAt: now })
        .where(and(eq(mailOutbox.status, 'pending'), gt(mailOutbox.nextAttemptAt, now)))
        .returning({ id: mailOutbox.id });
      return rows.length;
    },

    async countUnsent(): Promise<number> {
      const rows = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(or(eq(mailOutbox.status, 'pending'), eq(mailOutbox.status, 'sending')));
      return rows.length;
    },
  };
}
export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
