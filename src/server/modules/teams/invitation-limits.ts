import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvent } from '../../db/schema/signatures.schema';
import { user } from '../../db/schema/auth.schema';
import { forbidden } from '../../errors';
import { tooMany } from '../../http';
import { waitPhrase } from '../../rate-limit/wait-phrase';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Invitations put mail in strangers' inboxes, so they are counted like mail: per organization and
 * per inviter, every one sent (a re-invite is another mail; a withdrawn one was still sent).
 */
export const INVITATION_LIMITS = [
  { windowMs: HOUR, limit: 20, label: 'an hour' },
  { windowMs: DAY, limit: 100, label: 'a day' },
] as const;

/** The analytics event each sent invitation records: the ledger the limits count. */
export const INVITATION_SENT_EVENT = 'invitation_sent';

export type InvitationSendSlot = { release(): Promise<void> };

/**
 * Counted in the database, not in memory: the limits hold across processes and restarts. A
 * transaction-scoped advisory lock per organization makes "count, then record" one step, so
 * parallel invitations cannot slip past the limit together.
 */
export function createInvitationLimits(db: Db) {
  return {
    /** Invitations go out under the inviter's name: only from an address its owner has proved. */
    async assertVerifiedInviter(inviterId: string) {
      const [row] = await db
        .select({ emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, inviterId))
        .limit(1);
      if (!row?.emailVerified) {
        throw forbidden(
          'Please verify your email address before inviting people: use the link or code we emailed you (you can ask for a new one on the editor page).',
        );
      }
    },

    /** Counts one invitation mail against both limits, or refuses (429) with when to try again. */
    async reserve(input: { organizationId: string; inviterId: string }, now = new Date()): Promise<InvitationSendSlot> {
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitations:${input.organizationId}`}))`);
        for (const rule of INVITATION_LIMITS) {
          const since = new Date(now.getTime() - rule.windowMs);
          const scopes = [
            {
              who: 'Your organization has',
              where: sql`${analyticsEvent.properties}->>'organizationId' = ${input.organizationId}`,
            },
            { who: 'You have', where: eq(analyticsEvent.userId, input.inviterId) },
          ];
          for (const scope of scopes) {
            const [row] = await tx
              .select({ n: count(), oldest: min(analyticsEvent.createdAt) })
              .from(analyticsEvent)
              .where(
                and(eq(analyticsEvent.name, INVITATION_SENT_EVENT), gt(analyticsEvent.createdAt, since), scope.where),
              );
            if (Number(row?.n ?? 0) >= rule.limit) {
              const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
              const retryAfterMs = Math.max(1000, oldest + rule.windowMs - now.getTime());
              throw tooMany(
                retryAfterMs,
                `${scope.who} sent ${rule.limit} invitations in the last ${rule.label === 'an hour' ? 'hour' : 'day'}, the most we allow ${rule.label}. Please try again ${waitPhrase(retryAfterMs)}.`,
              );
            }
          }
        }
        await tx.insert(analyticsEvent).values({
          id,
          name: INVITATION_SENT_EVENT,
          userId: input.inviterId,
          properties: { organizationId: input.organizationId },
          createdAt: now,
        });
      });
      return {
        /** The invitation was refused after all (already a member, seats full): it does not count. */
        async release() {
          await db.delete(analyticsEvent).where(eq(analyticsEvent.id, id));
        },
      };
    },
  };
}
export type InvitationLimits = ReturnType<typeof createInvitationLimits>;
