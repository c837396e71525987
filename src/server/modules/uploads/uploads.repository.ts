import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signature, upload } from '../../db/schema/signatures.schema';

export type UploadRow = typeof upload.$inferSelect;

/** 'public/<uuid>.png' or '.jpg': how uploads were stored before decision 0070. */
export const LEGACY_OBJECT_KEY_PATTERN = '^public/[0-9a-f-]{36}\\.(png|jpg)$';

export function createUploadsRepository(db: Db) {
  return {
    async insertUploadSlot(values: { id: string; userId: string; expiresAt: Date }) {
      await db.insert(upload).values({ ...values, status: 'pending' });
    },

    /** A re-hosted image: no slot or raw bytes, stored at once. */
    async insertStoredUpload(values: {
      id: string;
      userId: string;
      objectKey: string;
      contentType: string;
      width: number;
      height: number;
      bytes: number;
    }) {
      // expiresAt only matters for slots; a stored row never expires.
      await db.insert(upload).values({ ...values, status: 'stored', expiresAt: new Date() });
    },

    async findUploadById(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(upload).where(eq(upload.id, id)).limit(1);
      return row;
    },

    /** Claims a pending, unexpired slot of its owner; undefined when someone else got there first. */
    async markUploadReceived(
      id: string,
      userId: string,
      values: { rawKey: string; contentType: string; bytes: number },
    ) {
      const [row] = await db
        .update(upload)
        .set({ ...values, status: 'received' })
        .where(
          and(
            eq(upload.id, id),
            eq(upload.userId, userId),
            eq(upload.status, 'pending'),
            gt(upload.expiresAt, sql`now()`),
          ),
        )
        .returning();
      return row;
    },

    /** Records the public file of a received upload; undefined when another request stored it first. */
    async markUploadStored(
      id: string,
      userId: string,
      values: { objectKey: string; contentType: string; width: number; height: number; bytes: number },
    ) {
      const [row] = await db
        .update(upload)
        .set({ ...values, rawKey: null, status: 'stored' })
        .where(and(eq(upload.id, id), eq(upload.userId, userId), eq(upload.status, 'received')))
        .returning();
      return row;
    },

    /** Stored images older than decision 0070: one file named by a UUID, no geometry in its name. */
    async listLegacyStoredUploads(): Promise<UploadRow[]> {
      return db
        .select()
        .from(upload)
        .where(and(eq(upload.status, 'stored'), sql`${upload.objectKey} ~ ${LEGACY_OBJECT_KEY_PATTERN}`))
        .orderBy(upload.createdAt, upload.id);
    },

    /**
     * Points a legacy upload at its re-processed files. The legacy file stays (mail already sent
     * shows it) and is recorded as the row's source, rawKey, so deleting the upload deletes it too.
     * Undefined when another process upgraded the row first.
     */
    async markLegacyUpgraded(
      id: string,
      legacyKey: string,
      values: { objectKey: string; contentType: string; width: number; height: number; bytes: number },
    ) {
      const [row] = await db
        .update(upload)
        .set({ ...values, rawKey: legacyKey })
        .where(and(eq(upload.id, id), eq(upload.status, 'stored'), eq(upload.objectKey, legacyKey)))
        .returning();
      return row;
    },

    /** The ids of a user's signatures whose photo is one of these URLs. */
    async findSignaturesWithPhoto(userId: string, photoUrls: string[]): Promise<string[]> {
      const rows = await db
        .select({ id: signature.id })
        .from(signature)
        .where(and(eq(signature.userId, userId), inArray(signature.photoUrl, photoUrls)));
      return rows.map((row) => row.id);
    },

    async listStoredUploads(userId: string): Promise<UploadRow[]> {
      return db
        .select()
        .from(upload)
        .where(and(eq(upload.userId, userId), eq(upload.status, 'stored')))
        .orderBy(desc(upload.createdAt), desc(upload.id));
    },

    async listUploadsByUser(userId: string): Promise<UploadRow[]> {
      return db.select().from(upload).where(eq(upload.userId, userId));
    },

    /** Slots never finished (abandoned uploads), older than the cut-off. */
    async listAbandonedUploads(userId: string, createdBefore: Date): Promise<UploadRow[]> {
      return db
        .select()
        .from(upload)
        .where(and(eq(upload.userId, userId), ne(upload.status, 'stored'), lt(upload.createdAt, createdBefore)));
    },

    async deleteUpload(id: string, userId: string) {
      const [row] = await db
        .delete(upload)
        .where(and(eq(upload.id, id), eq(upload.userId, userId)))
        .returning();
      return row;
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
