import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findEffectiveSubscriptionStatus } from '../billing/team-entitlement.repository';
import { session } from '../../db/schema/auth.schema';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../auth/auth';
import { signature } from '../../db/schema/signatures.schema';
import type { SignatureFields, SignaturePatch } from '../../../shared/signature/signature-schema';

export type SignatureRow = typeof signature.$inferSelect;

/** Who may write a signature: its owner, named by id or by a live session's token. */
export type Writer = { userId: string } | { sessionToken: string; now: Date };

const isOwnedBy = (id: string, userId: string) => and(eq(signature.id, id), eq(signature.userId, userId));

/**
 * The signature, if the writer owns it. A session token is resolved inside the same statement
 * (session.token is unique and indexed), so a save is one round trip to the database.
 */
const isWritableBy = (id: string, writer: Writer) =>
  'userId' in writer
    ? isOwnedBy(id, writer.userId)
    : and(
        eq(signature.id, id),
        eq(signature.userId, sql`(select s.user_id from ${session} s where s.token = ${writer.sessionToken} and s.expires_at > ${writer.now} and s.created_at > ${new Date(writer.now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS)})`),
      );

export function createSignaturesRepository(db: Db) {
  return {
    /** Oldest first: the editor opens the first one. */
    async listSignaturesByUser(userId: string): Promise<SignatureRow[]> {
      return db
        .select()
        .from(signature)
        .where(eq(signature.userId, userId))
        .orderBy(asc(signature.createdAt), asc(signature.id));
    },

    async findOwnedSignature(id: string, userId: string): Promise<SignatureRow | undefined> {
      const [row] = await db.select().from(signature).where(isOwnedBy(id, userId)).limit(1);
      return row;
    },

    async insertSignature(values: SignatureFields & { id: string; userId: string }): Promise<SignatureRow> {
      const [row] = await db.insert(signature).values(values).returning();
      return row!;
    },

    /**
     * Applies a patch in a single UPDATE. The design is merged by the database
     * (`design || patch`), which evaluates it against the row as it is when the row lock is
     * granted: two concurrent patches to different fields or design keys both survive.
     */
    async updateOwnedSignature(id: string, writer: Writer, patch: SignaturePatch): Promise<SignatureRow | undefined> {
      const { design, ...fields } = patch;
      const [row] = await db
        .update(signature)
        .set({
          ...fields,
          ...(design && Object.keys(design).length > 0
            ? { design: sql`${signature.design} || ${JSON.stringify(design)}::jsonb` }
            : {}),
          version: sql`${signature.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(isWritableBy(id, writer))
        .returning();
      return row;
    },

    /** The generated HTML is derived from the fields, so saving it is not an edit: no version bump. */
    async saveHtmlSignature(id: string, userId: string, html: string): Promise<SignatureRow | undefined> {
      const [row] = await db.update(signature).set({ htmlSignature: html }).where(isOwnedBy(id, userId)).returning();
      return row;
    },

    /** The status the watermark rule reads: the person's own, or their team's paid plan. */
    async findSubscriptionStatus(userId: string): Promise<string | undefined> {
      return (await findEffectiveSubscriptionStatus(db, userId))?.status;
    },
  };
}
export type SignaturesRepository = ReturnType<typeof createSignaturesRepository>;
