import { and, asc, count, desc, eq, gt, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail-outbox.schema';
import { invitation, member, organization, session, user, verification } from '../../db/schema/auth.schema';
import { analyticsEvent, signature, upload } from '../../db/schema/signatures.schema';
import { storedKeys } from '../uploads/stored-images';
import { findPasswordHash } from '../auth/credentials';

export type DeleteAccountOutcome = 'deleted' | 'owner-with-members' | 'missing';

/** An upload of the person's that someone else still shows, and who keeps it once the person is gone. */
export type KeptUpload = { id: string; keys: string[]; newOwnerId: string };

/** The stored file's name without folder or extension: every URL of it (and of its variants) contains it. */
const fileStem = (objectKey: string) => (objectKey.split('/').pop() ?? objectKey).replace(/\.[a-z0-9]+$/i, '');

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
      const rows = await db
        .select({ rawKey: upload.rawKey, objectKey: upload.objectKey })
        .from(upload)
        .where(eq(upload.userId, userId));
      // An image is one file per shape (decision 0070): every one of them.
      return rows
        .flatMap((r) => [r.rawKey, ...(r.objectKey ? storedKeys(r.objectKey) : [])])
        .filter((k): k is string => !!k);
    },

    /** The hash of the person's password, or null for an account that signs in by email link only. */
    findPasswordHash: (userId: string) => findPasswordHash(db, userId),

    /** When the session making this request was created (a sign-in by link counts as fresh for a while). */
    async findSessionCreatedAt(userId: string, sessionId: string): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: session.createdAt })
        .from(session)
        .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
        .limit(1);
      return row?.createdAt ?? null;
    },

    /**
     * The person's stored images that others still show: the organization's logo, or another
     * person's signature. Each stays, handed to the organization's owner (for the logo) or to the
     * first other person whose signature shows it.
     */
    async findUploadsUsedByOthers(userId: string): Promise<KeptUpload[]> {
      const rows = await db
        .select({ id: upload.id, objectKey: upload.objectKey, rawKey: upload.rawKey })
        .from(upload)
        .where(and(eq(upload.userId, userId), eq(upload.status, 'stored')));
      const kept: KeptUpload[] = [];
      for (const row of rows) {
        if (!row.objectKey) continue;
        const pattern = `%/objects/%${fileStem(row.objectKey)}%`;
        const [logoOf] = await db
          .select({ ownerId: member.userId })
          .from(organization)
          .innerJoin(member, and(eq(member.organizationId, organization.id), eq(member.role, 'owner')))
          .where(and(like(organization.logo, pattern), ne(member.userId, userId)))
          .limit(1);
        const [shownBy] = logoOf
          ? [logoOf]
          : await db
              .select({ ownerId: signature.userId })
              .from(signature)
              .where(and(like(signature.photoUrl, pattern), ne(signature.userId, userId)))
              .limit(1);
        if (shownBy)
          kept.push({
            id: row.id,
            keys: [...storedKeys(row.objectKey), row.rawKey].filter((k): k is string => !!k),
            newOwnerId: shownBy.ownerId,
          });
      }
      return kept;
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
    async deleteAccount(userId: string, keep: KeptUpload[] = []): Promise<DeleteAccountOutcome> {
      return db.transaction(async (tx) => {
        const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId)).for('update');
        if (!person) return 'missing';
        // What the organization and others still use stays with them.
        for (const item of keep) await tx.update(upload).set({ userId: item.newOwnerId }).where(eq(upload.id, item.id));
        const memberships = await tx
          .select({ organizationId: member.organizationId })
          .from(member)
          .where(eq(member.userId, userId));
        const orgIds = memberships.map((m) => m.organizationId);
        if (orgIds.length > 0) {
          const owners = await tx
            .select({ organizationId: member.organizationId, ownerId: member.userId })
            .from(member)
            .where(and(inArray(member.organizationId, orgIds), eq(member.role, 'owner'), ne(member.userId, userId)));
          // Invitations the person sent stay the organization's (its owner is named as the inviter).
          for (const { organizationId, ownerId } of owners) {
            await tx
              .update(invitation)
              .set({ inviterId: ownerId })
              .where(and(eq(invitation.organizationId, organizationId), eq(invitation.inviterId, userId)));
          }
        }
        const owned = await tx
          .select({ organizationId: member.organizationId })
          .from(member)
          .where(and(eq(member.userId, userId), eq(member.role, 'owner')));
        for (const { organizationId } of owned) {
          // Locked so nobody joins between this count and the delete.
          await tx
            .select({ id: organization.id })
            .from(organization)
            .where(eq(organization.id, organizationId))
            .for('update');
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
