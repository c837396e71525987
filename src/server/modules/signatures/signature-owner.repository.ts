import { and, eq, sql } from 'drizzle-orm';
import { session } from '../../db/schema/auth.schema';
import { signature } from '../../db/schema/signatures.schema';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../auth/auth.service';

export type SignatureRow = typeof signature.$inferSelect;

/** Who may write a signature: its owner, named by id or by a live session's token. */
export type Writer = { userId: string } | { sessionToken: string; now: Date };

export const isOwnedBy = (id: string, userId: string) => and(eq(signature.id, id), eq(signature.userId, userId));

/**
 * The signature, if the writer owns it. A session token is resolved inside the same statement
 * (session.token is unique and indexed), so a save is one round trip to the database.
 */
export const isWritableBy = (id: string, writer: Writer) =>
  'userId' in writer
    ? isOwnedBy(id, writer.userId)
    : and(
        eq(signature.id, id),
        eq(
          signature.userId,
          sql`(select s.user_id from ${session} s where s.token = ${writer.sessionToken} and s.expires_at > ${writer.now} and s.created_at > ${oldestLiveSession(writer.now)})`,
        ),
      );

/** The oldest a session may have been made and still write (its absolute lifetime). */
export function oldestLiveSession(now: Date): Date {
  return new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS);
}
