import { and, asc, count, desc, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/accounts.schema';
import { member, organization, session, user, verification } from '../../db/schema/auth.schema';
import { analyticsEvent, upload } from '../../db/schema/signatures.schema';

export type DeleteAccountOutcome = 'deleted' | 'owner-with-members' | 'missing';

export function createAccountRepository(db: Db) {
  return {
    async findUser(userId: string) {
      const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
      return row;
    },

    async updateProfile(userId: string, values: { name: string; timezone: string }) {
      const [row] = await db.update(user).set(values).where(eq(user.id, userId)).returning();
      return row;
    },

    /** Live sessions, the most recently used first. */
    async listSessions(userId: string, now: Date) {
      return db
        .select({
          id: session.id,
          userAgent: session.userAgent,
          ipAddress: session.ipAddress,
          createdAt: session.createdAt,
          updatedAt: session.updatedAt,
        })
        .from(session)
        .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
        .orderBy(desc(session.updatedAt), asc(session.id));
    },

    async deleteSession(userId: string, sessionId: string) {
      const [row] = await db
        .delete(session)
        .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
        .returning({ id: session.id });
      return row;
    },

    /** Signs out every other device: their next request finds no session. */
    async deleteOtherSessions(userId: string, keepSessionId: string) {
      return db
        .delete(session)
        .where(and(eq(session.userId, userId), ne(session.id, keepSessionId)))
        .returning({ id: session.id });
    },

    /** Every stored file of the user's uploads, finished or not. */
    async listUploadKeys(userId: string): Promise<string[]> {
      const rows = await db.select({ rawKey: upload.rawKey, objectKey: upload.objectKey }).from(upload).where(eq(upload.userId, userId));
      return rows.flatMap((r) => [r.rawKey, r.objectKey]).filter((k): k is string => !!k);
    },

    /** Whether the user owns an organization that has anyone else in it. */
    async ownsTeamWithMembers(userId: string): Promise<boolean> {
      const owned = await db
        .select({ organizationId: member.organizationId })
        .from(member)
        .where(and(eq(member.userId, userId), eq(member.role, 'owner')));
      for (const { organizationId } of owned) {
        const [row] = await db
          .select({ n: count() })
          .from(member)
          .where(and(eq(member.organizationId, organizationId), ne(member.userId, userId)));
        if ((row?.n ?? 0) > 0) return true;
      }
      return false;
    },

    /**
     * Removes the user and everything that is theirs in one transaction. Sessions, credentials,
     * signatures, upload rows, memberships, tokens and billing records go with the user row (their
     * foreign keys cascade); the rows that only name the user by id or address are deleted here,
     * and so is an organization they own alone.
     */
    async deleteAccount(userId: string): Promise<DeleteAccountOutcome> {
      return db.transaction(async (tx) => {
        const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId)).for('update');
        if (!person) return 'missing';
        const owned = await tx
          .select({ organizationId: member.organizationId })
          .from(member)
          .where(and(eq(member.userId, userId), eq(member.role, 'owner')));
        for (const { organizationId } of owned) {
          // Locked so nobody joins between this count and the delete.
          await tx.select({ id: organization.id }).from(organization).where(eq(organization.id, organizationId)).for('update');
          const [others] = await tx
            .select({ n: count() })
            .from(member)
            .where(and(eq(member.organizationId, organizationId), ne(member.userId, userId)));
          if ((others?.n ?? 0) > 0) return 'owner-with-members';
          await tx.delete(organization).where(eq(organization.id, organizationId));
        }
        await tx.delete(analyticsEvent).where(eq(analyticsEvent.userId, userId));
        // Better Auth's tokens name the user by id (value) or by address (identifier).
        await tx
          .delete(verification)
          .where(or(eq(verification.value, userId), sql`position(${person.email} in ${verification.identifier}) > 0`));
        await tx.delete(mailOutbox).where(eq(mailOutbox.recipient, person.email));
        await tx.delete(user).where(eq(user.id, userId));
        return 'deleted';
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
