import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findEffectiveSubscriptionStatus } from '../billing/team-entitlement.repository';
import { signature } from '../../db/schema/signatures.schema';
import { uniqueViolation } from '../../db/unique-violation';
import type { SignatureFields } from '../../../shared/signature/signature-schema';
import { isOwnedBy, isWritableBy, type SignatureRow, type Writer } from './signature-owner.repository';
import { createSignaturePatchRepository } from './signature-patch.repository';

export type { SignatureRow, Writer };
export { uniqueViolation };

export function createSignaturesRepository(db: Db) {
  const patches = createSignaturePatchRepository(db);

  return {
    /** The default first, then oldest first: the editor opens the first one (docs/decisions/0120). */
    async listSignaturesByUser(userId: string): Promise<SignatureRow[]> {
      return db
        .select()
        .from(signature)
        .where(eq(signature.userId, userId))
        .orderBy(desc(signature.isDefault), asc(signature.createdAt), asc(signature.id));
    },

    async findOwnedSignature(id: string, userId: string): Promise<SignatureRow | undefined> {
      const [row] = await db.select().from(signature).where(isOwnedBy(id, userId)).limit(1);
      return row;
    },

    /**
     * A person's first signature becomes their default, decided in the INSERT itself; two first
     * signatures created at once meet the one-default index, and the second is stored as not default.
     */
    async insertSignature(
      values: SignatureFields & { id: string; userId: string; label: string; sendAsEmail: string | null },
    ): Promise<SignatureRow> {
      const firstOfPerson = sql<boolean>`not exists (select 1 from ${signature} s where s.user_id = ${values.userId})`;
      try {
        const [row] = await db
          .insert(signature)
          .values({ ...values, isDefault: firstOfPerson })
          .returning();
        return row!;
      } catch (error) {
        if (uniqueViolation(error) !== 'signature_one_default_per_user') throw error;
        const [row] = await db
          .insert(signature)
          .values({ ...values, isDefault: false })
          .returning();
        return row!;
      }
    },

    /**
     * Label and send-as address in one UPDATE without a version bump (they are not the content a
     * full save compares, decision 0006). Making it the default first clears the person's other
     * default, in the same transaction, so there is exactly one at every moment.
     */
    async updateSignatureMeta(
      id: string,
      writer: Writer,
      meta: { label?: string; sendAsEmail?: string | null; isDefault?: true },
    ): Promise<SignatureRow | undefined> {
      const { isDefault, ...columns } = meta;
      if (!isDefault) {
        if (Object.keys(columns).length === 0) {
          const [row] = await db.select().from(signature).where(isWritableBy(id, writer)).limit(1);
          return row;
        }
        const [row] = await db.update(signature).set(columns).where(isWritableBy(id, writer)).returning();
        return row;
      }
      return db.transaction(async (tx) => {
        const [target] = await tx.select().from(signature).where(isWritableBy(id, writer)).for('update').limit(1);
        if (!target) return undefined;
        await tx
          .update(signature)
          .set({ isDefault: false })
          .where(and(eq(signature.userId, target.userId), eq(signature.isDefault, true), ne(signature.id, id)));
        const [row] = await tx
          .update(signature)
          .set({ ...columns, isDefault: true })
          .where(eq(signature.id, id))
          .returning();
        return row;
      });
    },

    /**
     * Deletes one of the person's signatures, never the last one; when it was the default, the
     * oldest one left becomes the default. The person's signatures are locked meanwhile, so two
     * deletes at once cannot remove both of the last two.
     */
    async deleteOwnedSignature(id: string, userId: string): Promise<'deleted' | 'missing' | 'last'> {
      return db.transaction(async (tx) => {
        const mine = await tx
          .select({ id: signature.id, isDefault: signature.isDefault })
          .from(signature)
          .where(eq(signature.userId, userId))
          .orderBy(asc(signature.createdAt), asc(signature.id))
          .for('update');
        const target = mine.find((row) => row.id === id);
        if (!target) return 'missing';
        if (mine.length === 1) return 'last';
        await tx.delete(signature).where(isOwnedBy(id, userId));
        if (target.isDefault) {
          const next = mine.find((row) => row.id !== id)!;
          await tx.update(signature).set({ isDefault: true }).where(eq(signature.id, next.id));
        }
        return 'deleted';
      });
    },

    updateOwnedSignature: patches.updateOwnedSignature,

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
