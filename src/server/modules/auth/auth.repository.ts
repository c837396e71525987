import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { AuthChanges } from '../../db/auth-changes';
import type { Db } from '../../db/client';
import { createSessionCache } from './session-cache';
import type { TeamMemberFacts } from '../../../shared/billing/team-entitlement';
import { SESSION_ABSOLUTE_LIFETIME_MS } from './auth';
import { findEffectiveSubscriptionStatus } from '../billing/team-entitlement.repository';
import { credentialAccountOf, findPasswordHash } from './credentials';
import { account, member, organization, session, user } from '../../db/schema/auth.schema';
import { daysAfter } from '../../../shared/duration';

export const TRIAL_DAYS = 7;
export const TRIAL_SEATS = 10;

export type SessionAccount = NonNullable<
  Awaited<ReturnType<ReturnType<typeof prepareSessionAccount>['execute']>>[number]
>;

/** The session the `token` placeholder names, if it is live at `now` and younger than `oldest`. */
function liveSessionByToken() {
  return and(
    eq(session.token, sql.placeholder('token')),
    gt(session.expiresAt, sql.placeholder('now')),
    // Younger than the absolute lifetime: renewals move expiresAt, never createdAt.
    gt(session.createdAt, sql.placeholder('oldest')),
  );
}

/**
 * The session, its person, their organization and role, and the organization's members with their
 * own statuses (for the team plan's seats): what GET /api/auth/me answers, in one statement
 * through the unique index on session.token. Prepared once per process, so PostgreSQL plans it once.
 */
function prepareSessionAccount(db: Db) {
  const primary = db
    .select({ organizationId: member.organizationId, role: member.role })
    .from(member)
    .where(eq(member.userId, session.userId))
    .orderBy(asc(member.createdAt))
    .limit(1)
    .as('primary_member');
  return db
    .select({
      sessionExpiresAt: session.expiresAt,
      sessionCreatedAt: session.createdAt,
      user,
      organization,
      role: primary.role,
      // Everyone in the organization with their own status: the seat rule (owner first, then by join
      // date) decides whether the team's plan covers this person.
      members: sql<
        TeamMemberFacts[] | null
      >`(select json_agg(json_build_object('userId', m2.user_id, 'role', m2.role, 'joinedAt', m2.created_at, 'ownStatus', u2.subscription_status, 'name', u2.name, 'email', u2.email)) from ${member} m2 join ${user} u2 on u2.id = m2.user_id where m2.organization_id = ${organization.id})`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoinLateral(primary, sql`true`)
    .leftJoin(organization, eq(organization.id, primary.organizationId))
    .where(liveSessionByToken())
    .limit(1)
    .prepare('session_account');
}

/** A cached session is used only while still live by the clock (the database checked it when read). */
function stillLive(row: { sessionExpiresAt: Date; sessionCreatedAt: Date } | undefined, now: Date): boolean {
  return (
    !row ||
    (row.sessionExpiresAt.getTime() > now.getTime() &&
      row.sessionCreatedAt.getTime() > now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS)
  );
}

/** `changes` (the database's auth-change feed) lets session reads be cached (session-cache.ts); without it every read goes to the database. */
export function createAuthRepository(db: Db, changes?: AuthChanges) {
  const accountCache = createSessionCache<SessionAccount | undefined>(changes);
  const userIdCache = createSessionCache<{ userId: string; expiresAt: Date; createdAt: Date } | undefined>(changes);
  const liveSessionUser = db
    .select({ userId: session.userId, expiresAt: session.expiresAt, createdAt: session.createdAt })
    .from(session)
    .where(liveSessionByToken())
    .limit(1)
    .prepare('live_session_user');
  const sessionAccount = prepareSessionAccount(db);
  return {
    /** A live session with its account, or undefined (unknown token or expired): one indexed read. */
    async findSessionAccount(token: string, now: Date): Promise<SessionAccount | undefined> {
      return accountCache.through(
        token,
        async () => {
          const [row] = await sessionAccount.execute({
            token,
            now,
            oldest: new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS),
          });
          return row;
        },
        (row) => stillLive(row, now),
      );
    },

    findEffectiveSubscriptionStatus: (userId: string) => findEffectiveSubscriptionStatus(db, userId),

    /**
     * The user of a session that exists, has not expired and is younger than the absolute
     * lifetime (renewals move expiresAt, never createdAt): one indexed read (session.token is unique).
     */
    async findLiveSessionUserId(token: string, now: Date): Promise<string | null> {
      const row = await userIdCache.through(
        token,
        async () => {
          const [found] = await liveSessionUser.execute({
            token,
            now,
            oldest: new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS),
          });
          return found;
        },
        (found) =>
          !found || (found.expiresAt > now && found.createdAt.getTime() > now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS),
      );
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
          .where(
            keepSessionToken
              ? and(eq(session.userId, userId), ne(session.token, keepSessionToken))
              : eq(session.userId, userId),
          )
          .returning({ id: session.id });
        const removed = keepSessionToken
          ? []
          : await tx.delete(account).where(credentialAccountOf(userId)).returning({ id: account.id });
        return { endedSessions: ended.length, removedPassword: removed.length > 0 };
      });
    },

    /** The stored password hash, or null for an account that signs in by link only. */
    findPasswordHash: (userId: string) => findPasswordHash(db, userId),

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
        trialEndsAt: daysAfter(Date.now(), TRIAL_DAYS),
        seats: TRIAL_SEATS,
      });
      await db.insert(member).values({ id: randomUUID(), organizationId: orgId, userId: owner.id, role: 'owner' });
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
