import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { attachedImageSchema, attachImageSchema, uploadedImageSchema } from '../../../shared/api/uploads';
import { AppError, invalid } from '../../errors';
import type { ObjectStorage } from '../../storage/object-storage';
import type { SafeFetchOptions } from '../../net/safe-fetch';
import type { LimitRule, RateLimiter } from '../../rate-limit/rate-limiter';
import { STORED_FILE_NAME } from '../../../shared/signature/image-geometry';
import {
  MAX_UPLOAD_BYTES,
  processImage,
  sniffImageType,
  unsupportedImageError,
  UNSUPPORTED_IMAGE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  type PublicImageType,
} from './image-processing';
import { createImageRehost } from './image-rehost';
import { createLegacyImageUpgrade } from './legacy-images';
import {
  LEGACY_IMAGE_NAME,
  logoFile,
  objectPathFor,
  publicKeyFor,
  putFiles,
  resolutionNote,
  storedKeys,
  totalBytes,
} from './stored-images';
import type { UploadRow, UploadsRepository } from './uploads.repository';
import { DAY_MS } from '../../../shared/duration';

export const UPLOAD_SLOT_TTL_MS = 15 * 60 * 1000;
// Slots the browser never finished (closed tab, failed upload) are cleared after a day.
const ABANDONED_AFTER_MS = DAY_MS;

const UPLOAD_URL_PATH = /\/api\/objects\/uploads\/([0-9a-f-]{36})$/i;
const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, PublicImageType>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
};

const uploadURLFor = (id: string) => `/api/objects/uploads/${id}`;

const uploadNotFound = () => new AppError('NOT_FOUND', 'We could not find that upload. Please upload the image again.');
const imageNotFound = () => new AppError('NOT_FOUND', 'That image was not found. It may have been deleted.');

/** What the uploads service needs from signatures: an owner check and the photo field. */
export type SignaturePhotoTarget = {
  assertSignatureOwned(userId: string, signatureId: string): Promise<void>;
  setSignaturePhoto(userId: string, signatureId: string, photoUrl: string): Promise<unknown>;
};

export type UploadedImage = z.infer<typeof uploadedImageSchema>;

function toUploadedImage(row: UploadRow): UploadedImage {
  return {
    id: row.id,
    objectPath: objectPathFor(row.objectKey ?? ''),
    width: row.width ?? 0,
    height: row.height ?? 0,
    bytes: row.bytes ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the editor shows after adding an image: its path, and a note when it has too few pixels. */
export type AttachedImage = z.infer<typeof attachedImageSchema>;

/** What PUT {uploadURL} received: the bytes, nothing, or a body that is not raw bytes (JSON, a form). */
export type UploadBody = Buffer | 'empty' | 'not bytes';
/** Parsed by the route (shared/api/uploads.ts); without a signature id the image is for an unsaved one. */
export type AttachImageInput = Omit<z.output<typeof attachImageSchema>, 'signatureId'> & { signatureId?: string };

export function createUploadsService(deps: {
  repository: UploadsRepository;
  storage: ObjectStorage;
  signatures: SignaturePhotoTarget;
  /** The public origin: an address already on it is one of our images, not fetched again. */
  publicUrl?: string;
  /** Resolver, connector and limits of the image fetcher; tests inject theirs. */
  fetchOptions?: SafeFetchOptions;
  /** Counts fetches of typed addresses per person (IMAGE_FETCH_LIMIT unless given). */
  limiter?: RateLimiter;
  fetchLimit?: LimitRule;
}) {
  const { repository, storage, signatures } = deps;
  const { rehostImageUrl, ownImagePath } = createImageRehost(deps);
  const { upgradeLegacyImages } = createLegacyImageUpgrade(deps);

  async function findOwnedUpload(userId: string, id: string): Promise<UploadRow> {
    const row = await repository.findUploadById(id);
    // Someone else's upload answers exactly like a missing one.
    if (!row || row.userId !== userId) throw uploadNotFound();
    return row;
  }

  /** Files first: if storage fails the row stays, so nothing is left that no row points at. */
  async function removeUpload(row: UploadRow) {
    if (row.rawKey) await storage.delete(row.rawKey);
    if (row.objectKey) for (const key of storedKeys(row.objectKey)) await storage.delete(key);
    await repository.deleteUpload(row.id, row.userId);
  }

  async function purgeAbandonedUploads(userId: string) {
    for (const row of await repository.listAbandonedUploads(userId, new Date(Date.now() - ABANDONED_AFTER_MS))) {
      await removeUpload(row);
    }
  }

  /** Re-encodes a received upload into its public files and returns the logo's key. */
  async function storeReceivedUpload(
    userId: string,
    row: UploadRow & { rawKey: string },
  ): Promise<{ objectKey: string; note?: string }> {
    const raw = await storage.get(row.rawKey);
    if (!raw) throw uploadNotFound();
    // A new name for every upload: Gmail's image proxy caches by URL, so a reused URL stays stale.
    const processed = await processImage(raw.bytes);
    await putFiles(storage, processed);
    const objectKey = publicKeyFor(processed.name);
    const logo = logoFile(processed);
    const stored = await repository.markUploadStored(row.id, userId, {
      objectKey,
      contentType: logo.contentType,
      width: logo.width,
      height: logo.height,
      bytes: totalBytes(processed),
    });
    if (!stored) {
      // A second request for the same upload finished first: use its files, drop ours.
      for (const key of storedKeys(objectKey)) await storage.delete(key);
      const winner = await repository.findUploadById(row.id);
      if (winner?.objectKey) return { objectKey: winner.objectKey };
      throw uploadNotFound();
    }
    await storage.delete(row.rawKey);
    return { objectKey, note: resolutionNote(processed) };
  }

  return {
    upgradeLegacyImages,

    /** Step 1: a one-time URL, valid for 15 minutes, that only its owner can upload to. */
    async createUploadSlot(userId: string): Promise<{ uploadURL: string }> {
      await purgeAbandonedUploads(userId);
      const id = randomUUID();
      await repository.insertUploadSlot({ id, userId, expiresAt: new Date(Date.now() + UPLOAD_SLOT_TTL_MS) });
      return { uploadURL: uploadURLFor(id) };
    },

    /** Step 2: the raw bytes, checked by size and by their own first bytes, kept until step 3. */
    async receiveUpload(userId: string, uploadId: string, body: UploadBody) {
      const slot = await findOwnedUpload(userId, uploadId);
      if (slot.status !== 'pending') {
        throw new AppError('CONFLICT', 'This upload link has already been used. Please upload the image again.');
      }
      if (slot.expiresAt.getTime() <= Date.now()) {
        throw new AppError('NOT_FOUND', 'This upload link has expired. Please upload the image again.');
      }
      if (body === 'empty' || (Buffer.isBuffer(body) && body.length === 0)) {
        throw invalid('The upload was empty. Please choose an image file.');
      }
      if (!Buffer.isBuffer(body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_IMAGE_MESSAGE);
      if (body.length > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_MESSAGE);
      const contentType = sniffImageType(body);
      if (!contentType) throw unsupportedImageError(body);

      // Each attempt writes its own key, so two racing uploads to one slot cannot mix their bytes.
      const rawKey = `raw/${uploadId}-${randomUUID()}`;
      await storage.put(rawKey, body, contentType);
      const received = await repository.markUploadReceived(uploadId, userId, {
        rawKey,
        contentType,
        bytes: body.length,
      });
      if (!received) {
        await storage.delete(rawKey);
        throw new AppError('CONFLICT', 'This upload link has already been used. Please upload the image again.');
      }
      return { id: uploadId, contentType, bytes: body.length };
    },

    /**
     * Step 3: re-encodes the upload as public images and, for a saved signature, makes it the
     * photo. A typed address (not one of the caller's upload slots) is fetched once and re-hosted.
     */
    async attachUploadedImage(
      userId: string,
      { imageURL, signatureId = 'temp' }: AttachImageInput,
    ): Promise<AttachedImage> {
      const path = imageURL.split(/[?#]/)[0] ?? '';
      const uploadId = UPLOAD_URL_PATH.exec(path)?.[1];
      const targetId = signatureId === 'temp' ? null : signatureId;
      // Checked before any work, so a wrong signature leaves no orphaned image behind.
      if (targetId) await signatures.assertSignatureOwned(userId, targetId);

      let stored: { objectKey: string; note?: string };
      const own = uploadId ? null : ownImagePath(imageURL);
      if (own) {
        stored = { objectKey: publicKeyFor(own.slice('/objects/'.length)) };
      } else if (!uploadId) {
        if (!/^https?:\/\//i.test(imageURL)) {
          throw invalid('That image link is not one of your uploads. Please upload the image again.');
        }
        stored = await rehostImageUrl(userId, imageURL);
      } else {
        const slot = await findOwnedUpload(userId, uploadId.toLowerCase());
        if (slot.status === 'stored' && slot.objectKey) stored = { objectKey: slot.objectKey };
        else if (slot.status === 'received' && slot.rawKey)
          stored = await storeReceivedUpload(userId, { ...slot, rawKey: slot.rawKey });
        else throw invalid('The image has not finished uploading. Please upload it again.');
      }

      const objectPath = objectPathFor(stored.objectKey);
      if (targetId) await signatures.setSignaturePhoto(userId, targetId, objectPath);
      return stored.note ? { objectPath, note: stored.note } : { objectPath };
    },

    /**
     * The image policy of every save (docs/decisions/0162-images-are-ours-on-every-save.md): an
     * address that names one of our stored images is kept; any other is fetched once through the
     * SSRF-safe fetcher and re-hosted (its stored path is what the signature keeps), or refused
     * with the fetcher's words, tagged with the field so the editor shows them there.
     */
    async hostedImage(userId: string, imageURL: string, field = 'photoUrl'): Promise<string> {
      const trimmed = imageURL.trim();
      if (trimmed === '' || ownImagePath(trimmed)) return trimmed;
      try {
        return objectPathFor((await rehostImageUrl(userId, trimmed)).objectKey);
      } catch (error) {
        if (error instanceof AppError && error.code === 'VALIDATION')
          throw invalid(error.message, { [field]: error.message });
        throw error;
      }
    },

    /** A public image by its file name, for GET /objects/{name}. */
    async readPublicImage(name: string): Promise<{ bytes: Buffer; contentType: PublicImageType }> {
      if (!STORED_FILE_NAME.test(name) && !LEGACY_IMAGE_NAME.test(name)) throw imageNotFound();
      const found = await storage.get(publicKeyFor(name));
      if (!found) throw imageNotFound();
      // The type follows the name the app gave the file, never anything stored beside it.
      const contentType = CONTENT_TYPE_BY_EXTENSION[name.slice(name.lastIndexOf('.') + 1)];
      if (!contentType) throw imageNotFound();
      return { bytes: found.bytes, contentType };
    },

    async listUploadedImages(userId: string): Promise<UploadedImage[]> {
      return (await repository.listStoredUploads(userId)).map(toUploadedImage);
    },

    async deleteUploadedImage(userId: string, id: string): Promise<void> {
      await removeUpload(await findOwnedUpload(userId, id));
    },

    /** Every file and row of a user, for account deletion (the rows alone would cascade, the files not). */
    async deleteUserUploads(userId: string): Promise<void> {
      for (const row of await repository.listUploadsByUser(userId)) await removeUpload(row);
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
/** A saved image address made ours: kept when it is, re-hosted, or refused with words at `field`. */
export type HostedImage = UploadsService['hostedImage'];
