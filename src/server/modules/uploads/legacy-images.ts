import type { ObjectStorage } from '../../storage/object-storage';
import { processImage } from './image-processing';
import { logoFile, objectPathFor, publicKeyFor, putFiles, storedKeys, totalBytes } from './stored-images';
import type { UploadRow, UploadsRepository } from './uploads.repository';

/** Uploads stored before decision 0070 (UUID names, drawn 80 px wide with no shape) get their geometry. */
export function createLegacyImageUpgrade(deps: {
  repository: UploadsRepository;
  storage: ObjectStorage;
  /** Signatures that show the old address are moved to the new one. */
  signatures: { setSignaturePhoto(userId: string, signatureId: string, photoUrl: string): Promise<unknown> };
  publicUrl?: string;
}) {
  const { repository, storage, signatures } = deps;

  /**
   * Gives one upload stored before decision 0070 its geometry: the legacy file goes through the
   * image pipeline (true proportions, 2x pixels, every shape cut in), the row points at the new
   * files, and the owner's signatures that show the old URL show the new one. The old file stays
   * for mail already sent. False when the file is gone or another process did it first.
   */
  async function upgradeLegacyUpload(row: UploadRow & { objectKey: string }): Promise<boolean> {
    const legacy = await storage.get(row.objectKey);
    if (!legacy) return false;
    const processed = await processImage(legacy.bytes);
    await putFiles(storage, processed);
    const objectKey = publicKeyFor(processed.name);
    const logo = logoFile(processed);
    const upgraded = await repository.markLegacyUpgraded(row.id, row.objectKey, {
      objectKey,
      contentType: logo.contentType,
      width: logo.width,
      height: logo.height,
      bytes: totalBytes(processed) + legacy.bytes.length,
    });
    if (!upgraded) {
      for (const key of storedKeys(objectKey)) await storage.delete(key);
      return false;
    }
    const oldPath = objectPathFor(row.objectKey);
    const newPath = objectPathFor(objectKey);
    const origin = deps.publicUrl?.replace(/\/$/, '');
    // Signatures hold the path, or (typed before re-hosting) the address on the public origin.
    const forms: Array<[string, string]> = [[oldPath, newPath]];
    if (origin) forms.push([origin + oldPath, origin + newPath]);
    for (const [from, to] of forms) {
      for (const id of await repository.findSignaturesWithPhoto(row.userId, [from])) {
        await signatures.setSignaturePhoto(row.userId, id, to);
      }
    }
    return true;
  }

  return {
    /**
     * The one-off start-up step for uploads older than decision 0070 (UUID names, drawn 80 px wide
     * with no shape): each gets its geometry, once. Safe to run in several processes at once.
     */
    async upgradeLegacyImages(log?: {
      warn(obj: object, msg: string): void;
    }): Promise<{ upgraded: number; failed: number }> {
      let upgraded = 0;
      let failed = 0;
      for (const row of await repository.listLegacyStoredUploads()) {
        if (!row.objectKey) continue;
        try {
          if (await upgradeLegacyUpload({ ...row, objectKey: row.objectKey })) upgraded += 1;
        } catch (error) {
          // An unreadable file stays as it was (drawn 80 px wide); the others go on.
          failed += 1;
          log?.warn(
            { err: { message: (error as Error).message }, uploadId: row.id },
            'could not give an older image its geometry',
          );
        }
      }
      return { upgraded, failed };
    },
  };
}
