import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspacePersonTurn } from '../../db/schema/workspace-push.schema';

const turn = workspacePersonTurn;

/**
 * Queries only: one writer per person's Gmail, and the action asked for last
 * (docs/decisions/0143-one-writer-per-mailbox.md). Each statement is atomic on its own, so two
 * processes on one PostgreSQL never both hold a person's turn.
 */
export function createTurnsRepository(db: Db) {
  return {
    /** `action` is now the last asked for, for each of these people. */
    async ask(organizationId: string, emails: string[], action: string, at = new Date()): Promise<void> {
      for (let i = 0; i < emails.length; i += 500) {
        await db
          .insert(turn)
          .values(
            emails
              .slice(i, i + 500)
              .map((personEmail) => ({ organizationId, personEmail, asked: action, askedAt: at })),
          )
          .onConflictDoUpdate({
            target: [turn.organizationId, turn.personEmail],
            set: { asked: sql`excluded.asked`, askedAt: sql`excluded.asked_at` },
          });
      }
    },

    /**
     * Takes the person's turn for `holder` until `seconds` from now, when nobody holds it (or the
     * holder's lease ended: its process died). Answers the action asked for last, or null while
     * another job writes. A person nobody asked for anything yet counts as asked for `action`.
     */
    async take(
      organizationId: string,
      email: string,
      holder: string,
      seconds: number,
      action: string,
    ): Promise<{ asked: string } | null> {
      const until = sql`clock_timestamp() + make_interval(secs => ${seconds})`;
      const [row] = await db
        .insert(turn)
        .values({ organizationId, personEmail: email, asked: action, askedAt: new Date(), holder, heldUntil: until })
        .onConflictDoUpdate({
          target: [turn.organizationId, turn.personEmail],
          set: { holder, heldUntil: until },
          setWhere: or(isNull(turn.holder), lt(turn.heldUntil, sql`clock_timestamp()`)),
        })
        .returning({ asked: turn.asked });
      return row ?? null;
    },

    /** Gives the turn back (only the holder's own). */
    async release(organizationId: string, email: string, holder: string): Promise<void> {
      await db
        .update(turn)
        .set({ holder: null, heldUntil: null })
        .where(and(eq(turn.organizationId, organizationId), eq(turn.personEmail, email), eq(turn.holder, holder)));
    },
  };
}

export type TurnsRepository = ReturnType<typeof createTurnsRepository>;
