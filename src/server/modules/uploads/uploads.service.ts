import { tooMany } from '../../http';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { attachedImageSchema, attachImageSchema, uploadedImageSchema } from '../../../shared/api/uploads';
import { AppError, invalid } from '../../errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { safeFetch, type SafeFetchOptions } from '../../net/safe-fetch';
import type { LimitRule, RateLimiter } from '../../rate-limit/rate-limiter';
import { isOnOrigin } from '../../../shared/signature/url-normalise';
import {
  IMAGE_DENSITY,
  LOGO_BOX,
  PHOTO_SIZE,
  STORED_FILE_NAME,
  allVariantFileNames,
  isPhotoShaped,
  parseStoredImageName,
} from '../../../shared/signature/image-geometry';
import {
  MAX_UPLOAD_BYTES,
  processImage,
  sniffImageType,
  unsupportedImageError,
  looksLikeSvg,
  UNSUPPORTED_IMAGE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  type ProcessedImage,
  type PublicImageType,
} from './image-processing';
import { DRIVE_NOT_SHARED_MESSAGE, DROPBOX_NOT_SHARED_MESSAGE, resolveShareLink } from './share-links';
import type { UploadRow, UploadsRepository } from './uploads.repository';
import { DAY_MS } from '../../../shared/duration';

export const UPLOAD_SLOT_TTL_MS = 15 * 60 * 1000;
// Slots the browser never finished (closed tab, failed upload) are cleared after a day.
const ABANDONED_AFTER_MS = DAY_MS;

const UPLOAD_URL_PATH = /\/api\/objects\/uploads\/([0-9a-f-]{36})$/i;
/** Files stored before decision 0070: one file per upload, named by a UUID. */
const LEGACY_IMAGE_NAME = /^[0-9a-f-]{36}\.(?:png|jpg)$/;
const PUBLIC_PATH = /^\/objects\/([^/?#]+)$/;
const WEB_PAGE = /^\s*(?:<!doctype html|<html|<head|<body|<meta|<title)/i;
const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, PublicImageType>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
};

const uploadURLFor = (id: string) => `/api/objects/uploads/${id}`;
const publicKeyFor = (name: string) => `public/${name}`;
/** 'public/<name>' in storage is '/objects/<name>' on the web. */
const objectPathFor = (objectKey: string) => `/objects/${objectKey.slice('public/'.length)}`;

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

/** Typed addresses make this server fetch on a person's behalf: a few an hour is plenty for a signature. */
export const IMAGE_FETCH_LIMIT: LimitRule = { name: 'image-fetch', limit: 30, windowMs: 60 * 60_000 };

/** What the editor shows after adding an image: its path, and a note when it has too few pixels. */
export type AttachedImage = z.infer<typeof attachedImageSchema>;

/** What PUT {uploadURL} received: the bytes, nothing, or a body that is not raw bytes (JSON, a form). */
export type UploadBody = Buffer | 'empty' | 'not bytes';
/** Parsed by the route (shared/api/uploads.ts); without a signature id the image is for an unsaved one. */
export type AttachImageInput = Omit<z.output<typeof attachImageSchema>, 'signatureId'> & { signatureId?: string };

/** The storage keys of every file of an upload: its variants, or the single file of an older upload. */
export function storedKeys(objectKey: string): string[] {
  const image = parseStoredImageName(objectKey.slice('public/'.length));
  return image ? allVariantFileNames(image).map(publicKeyFor) : [objectKey];
}

// Within 2% of 2x is 2x: a 1-pixel rounding is not worth a note.
const SHARP_DENSITY = IMAGE_DENSITY * 0.98;

/** The note for an image stored below twice its display size; undefined when it is sharp. */
function resolutionNote(processed: ProcessedImage): string | undefined {
  const { source, image, density } = processed;
  // The renderer shows photo-shaped images as photos (image-geometry.ts), so that file is the one that counts.
  const photo = isPhotoShaped(image.width, image.height);
  const side = image.photo ?? PHOTO_SIZE;
  const [width, height] = photo ? [side, side] : [image.width, image.height];
  const shown = photo ? density.photo : density.logo;
  if (shown >= SHARP_DENSITY) return undefined;
  // What a sharp version needs: twice the size this shape is shown at when the source is big enough.
  const scale = Math.min(LOGO_BOX.width / source.width, LOGO_BOX.height / source.height);
  const [fullWidth, fullHeight] = photo
    ? [PHOTO_SIZE, PHOTO_SIZE]
    : [Math.round(source.width * scale), Math.round(source.height * scale)];
  return `This image is ${source.width}×${source.height} pixels. It is shown at ${width}×${height}, with ${shown.toFixed(1)}× its pixels, so it looks soft on high-density screens; ${fullWidth * IMAGE_DENSITY}×${fullHeight * IMAGE_DENSITY} pixels or more look sharp.`;
}

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

  /** Writes every file of a processed image; undoes the written ones if one fails. */
  async function putFiles(processed: ProcessedImage): Promise<void> {
    const written: string[] = [];
    try {
      for (const file of processed.files) {
        await storage.put(publicKeyFor(file.name), file.bytes, file.contentType);
        written.push(publicKeyFor(file.name));
      }
    } catch (error) {
      for (const key of written) await storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  const totalBytes = (processed: ProcessedImage) => processed.files.reduce((sum, file) => sum + file.bytes.length, 0);
  const logoFile = (processed: ProcessedImage) => processed.files.find((file) => file.name === processed.name)!;

  /** Re-encodes a received upload into its public files and returns the logo's key. */
  async function storeReceivedUpload(
    userId: string,
    row: UploadRow & { rawKey: string },
  ): Promise<{ objectKey: string; note?: string }> {
    const raw = await storage.get(row.rawKey);
    if (!raw) throw uploadNotFound();
    // A new name for every upload: Gmail's image proxy caches by URL, so a reused URL stays stale.
    const processed = await processImage(raw.bytes);
    await putFiles(processed);
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

  /** The files behind a typed address: fetched once, safely, then stored like an upload. */
  async function rehostImageUrl(userId: string, imageURL: string): Promise<{ objectKey: string; note?: string }> {
    let typed: URL;
    try {
      typed = new URL(imageURL);
    } catch {
      throw invalid('Please enter a full image address, such as https://example.com/logo.png.');
    }
    const { url, service } = resolveShareLink(typed);
    if (deps.limiter) {
      const counted = await deps.limiter.hit(deps.fetchLimit ?? IMAGE_FETCH_LIMIT, userId);
      if (!counted.allowed) {
        const minutes = Math.max(1, Math.ceil(counted.retryAfterMs / 60_000));
        throw tooMany(
          counted.retryAfterMs,
          `You have added many images by address in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or upload the image.`,
        );
      }
    }
    const fetched = await safeFetch(url.href, deps.fetchOptions);
    if (fetched.bytes.length === 0) throw invalid('That address sent an empty file. Please check the image address.');
    if (!sniffImageType(fetched.bytes)) {
      if (looksLikeSvg(fetched.bytes)) throw unsupportedImageError(fetched.bytes);
      if (service === 'google-drive') throw invalid(DRIVE_NOT_SHARED_MESSAGE);
      if (service === 'dropbox') throw invalid(DROPBOX_NOT_SHARED_MESSAGE);
      if (WEB_PAGE.test(fetched.bytes.subarray(0, 512).toString('utf8'))) {
        throw invalid(
          'That address opens a web page, not an image. Right-click the image, choose Copy image address, and paste that address.',
        );
      }
      throw unsupportedImageError(fetched.bytes);
    }
    const processed = await processImage(fetched.bytes);
    await putFiles(processed);
    const logo = logoFile(processed);
    const objectKey = publicKeyFor(processed.name);
    await repository.insertStoredUpload({
      id: randomUUID(),
      userId,
      objectKey,
      contentType: logo.contentType,
      width: logo.width,
      height: logo.height,
      bytes: totalBytes(processed),
    });
    return { objectKey, note: resolutionNote(processed) };
  }

  /** The public path of an address that already names one of our images, or null. */
  function ownImagePath(imageURL: string): string | null {
    const onOrigin = deps.publicUrl !== undefined && isOnOrigin(imageURL, deps.publicUrl);
    const path = onOrigin ? imageURL.slice(deps.publicUrl!.replace(/\/$/, '').length) : imageURL;
    const name = PUBLIC_PATH.exec(path)?.[1];
    if (!name || (!onOrigin && !imageURL.startsWith('/'))) return null;
    return STORED_FILE_NAME.test(name) || LEGACY_IMAGE_NAME.test(name) ? `/objects/${name}` : null;
  }

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
    await putFiles(processed);
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
