import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SESSION_ABSOLUTE_LIFETIME_MS } from './auth';
import { findEffectiveSubscriptionStatus } from '../billing/team-entitlement.repository';
import { account, member, organization, session, user } from '../../db/schema/auth.schema';

export const TRIAL_DAYS = 7;
export const TRIAL_SEATS = 10;

export function createAccountsRepository(db: Db) {
  return {
    findEffectiveSubscriptionStatus: (userId: string) => findEffectiveSubscriptionStatus(db, userId),

    /**
     * The user of a session that exists, has not expired and is younger than the absolute
     * lifetime (renewals move expiresAt, never createdAt): one indexed read (session.token is unique).
     */
    async findLiveSessionUserId(token: string, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ userId: session.userId })
        .from(session)
        .where(
          and(
            eq(session.token, token),
            gt(session.expiresAt, now),
            gt(session.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS)),
          ),
        )
        .limit(1);
      return row?.userId ?? null;
    },

    async findUserById(id: string) {
      const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1);
      return row;
    },

    async findUserByEmail(email: string) {
      const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase())).limit(1);
      return row;
    },

    /** Marks the address verified only if it is still the account's address (a link proves one address). */
    async markEmailVerified(userId: string, email: string): Promise<boolean> {
      const rows = await db
        .update(user)
        .set({ emailVerified: true })
        .where(and(eq(user.id, userId), eq(user.email, email)))
        .returning({ id: user.id });
      return rows.length === 1;
    },

    /**
     * After an address is proved: every session other than `keepSessionToken` ends, and without a
     * session to keep (the proof came from someone who may not have set the password) the password
     * goes too. An account squatted on someone's address does not survive their verification.
     */
    async endCredentialsBefore(userId: string, keepSessionToken: string | null) {
      return db.transaction(async (tx) => {
        const ended = await tx
          .delete(session)
          .where(keepSessionToken ? and(eq(session.userId, userId), ne(session.token, keepSessionToken)) : eq(session.userId, userId))
          .returning({ id: session.id });
        const removed = keepSessionToken
          ? []
          : await tx
              .delete(account)
              .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
              .returning({ id: account.id });
        return { endedSessions: ended.length, removedPassword: removed.length > 0 };
      });
    },

    /** The stored password hash, or null for an account that signs in by link only. */
    async findPasswordHash(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
        .limit(1);
      return row?.password ?? null;
    },

    /** The organization a user works in: the oldest membership. */
    async findPrimaryMembership(userId: string) {
      const [row] = await db
        .select({ organization, role: member.role })
        .from(member)
        .innerJoin(organization, eq(member.organizationId, organization.id))
        .where(eq(member.userId, userId))
        .orderBy(asc(member.createdAt))
        .limit(1);
      return row;
    },

    /** Every new account gets its own organization on a 7-day trial with 10 seats. */
    async createOwnOrganization(owner: { id: string; email: string; name: string }) {
      const orgId = randomUUID();
      const base = owner.name.trim() || owner.email.split('@')[0] || 'My';
      await db.insert(organization).values({
        id: orgId,
        name: `${base}'s organization`.slice(0, 100),
        slug: `org-${orgId}`,
        plan: 'trial',
        trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
        seats: TRIAL_SEATS,
      });
      await db.insert(member).values({ id: randomUUID(), organizationId: orgId, userId: owner.id, role: 'owner' });
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
