import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signature, signatureVersion } from '../../db/schema/signatures.schema';

export type SignatureVersionRow = typeof signatureVersion.$inferSelect;

/** The versions the database keeps: migration 0020's trigger writes them on saves, and its function before a restore. */
export function createSignatureVersionsRepository(db: Db) {
  const ownedBy = (signatureId: string, userId: string) =>
    and(eq(signatureVersion.signatureId, signatureId), eq(signatureVersion.userId, userId));
  return {
    /** Newest first. */
    async listVersions(signatureId: string, userId: string): Promise<SignatureVersionRow[]> {
      return db
        .select()
        .from(signatureVersion)
        .where(ownedBy(signatureId, userId))
        .orderBy(desc(signatureVersion.createdAt), desc(signatureVersion.id));
    },

    async findVersion(
      signatureId: string,
      versionId: string,
      userId: string,
    ): Promise<SignatureVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(signatureVersion)
        .where(and(ownedBy(signatureId, userId), eq(signatureVersion.id, versionId)))
        .limit(1);
      return row;
    },

    /** Keeps the signature's content as it is now (unless the newest version already holds it). */
    async keepCurrentContent(signatureId: string, userId: string): Promise<void> {
      await db.execute(
        sql`select "signature_keep_content"(s) from ${signature} s where s.id = ${signatureId} and s.user_id = ${userId}`,
      );
    },
  };
}
export type SignatureVersionsRepository = ReturnType<typeof createSignatureVersionsRepository>;
