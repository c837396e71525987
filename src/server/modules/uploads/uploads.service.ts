import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, invalid } from '../../errors';
import type { ObjectStorage } from '../../storage/object-storage';
import {
  MAX_UPLOAD_BYTES,
  reencodeImage,
  sniffImageType,
  UNSUPPORTED_IMAGE_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from './image-processing';
import { createUploadsRepository, type UploadRow } from './uploads.repository';

export const UPLOAD_SLOT_TTL_MS = 15 * 60 * 1000;
// Slots the browser never finished (closed tab, failed upload) are cleared after a day.
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

const UPLOAD_URL_PATH = /\/api\/objects\/uploads\/([0-9a-f-]{36})$/i;
const PUBLIC_IMAGE_NAME = /^[0-9a-f-]{36}\.(?:png|jpg)$/;

const uploadURLFor = (id: string) => `/api/objects/uploads/${id}`;
const publicKeyFor = (name: string) => `public/${name}`;
/** 'public/<name>' in storage is '/objects/<name>' on the web. */
const objectPathFor = (objectKey: string) => `/objects/${objectKey.slice('public/'.length)}`;

const uploadNotFound = () => new AppError('NOT_FOUND', 'We could not find that upload. Please upload the image again.');
const imageNotFound = () => new AppError('NOT_FOUND', 'That image was not found. It may have been deleted.');

const attachImageSchema = z.object({
  imageURL: z
    .string('Please choose an image to upload.')
    .trim()
    .min(1, 'Please choose an image to upload.')
    .max(2000, 'That image link is too long.'),
  /** 'temp' while the editor has not saved the signature yet. */
  signatureId: z.string('Please save the signature first.').trim().min(1).max(200).default('temp'),
});

/** What the uploads service needs from signatures: an owner check and the photo field. */
export type SignaturePhotoTarget = {
  assertSignatureOwned(userId: string, signatureId: string): Promise<void>;
  setSignaturePhoto(userId: string, signatureId: string, photoUrl: string): Promise<unknown>;
};

export type UploadedImage = { id: string; objectPath: string; width: number; height: number; bytes: number; createdAt: string };

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

export function createUploadsService(deps: { db: Db; storage: ObjectStorage; signatures: SignaturePhotoTarget }) {
  const { storage, signatures } = deps;
  const repository = createUploadsRepository(deps.db);

  async function findOwnedUpload(userId: string, id: string): Promise<UploadRow> {
    const row = await repository.findUploadById(id);
    // Someone else's upload answers exactly like a missing one.
    if (!row || row.userId !== userId) throw uploadNotFound();
    return row;
  }

  /** Files first: if storage fails the row stays, so nothing is left that no row points at. */
  async function removeUpload(row: UploadRow) {
    if (row.rawKey) await storage.delete(row.rawKey);
    if (row.objectKey) await storage.delete(row.objectKey);
    await repository.deleteUpload(row.id, row.userId);
  }

  async function purgeAbandonedUploads(userId: string) {
    for (const row of await repository.listAbandonedUploads(userId, new Date(Date.now() - ABANDONED_AFTER_MS))) {
      await removeUpload(row);
    }
  }

  /** Re-encodes a received upload into its own public file and returns the file's key. */
  async function storeReceivedUpload(userId: string, row: UploadRow & { rawKey: string }): Promise<string> {
    const raw = await storage.get(row.rawKey);
    if (!raw) throw uploadNotFound();
    const image = await reencodeImage(raw.bytes);
    // A new name for every upload: Gmail's image proxy caches by URL, so a reused URL stays stale.
    const objectKey = publicKeyFor(`${randomUUID()}.${image.extension}`);
    await storage.put(objectKey, image.bytes, image.contentType);
    const stored = await repository.markUploadStored(row.id, userId, {
      objectKey,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes.length,
    });
    if (!stored) {
      // A second request for the same upload finished first: use its file, drop ours.
      await storage.delete(objectKey);
      const winner = await repository.findUploadById(row.id);
      if (winner?.objectKey) return winner.objectKey;
      throw uploadNotFound();
    }
    await storage.delete(row.rawKey);
    return objectKey;
  }

  return {
    /** Step 1: a one-time URL, valid for 15 minutes, that only its owner can upload to. */
    async createUploadSlot(userId: string): Promise<{ uploadURL: string }> {
      await purgeAbandonedUploads(userId);
      const id = randomUUID();
      await repository.insertUploadSlot({ id, userId, expiresAt: new Date(Date.now() + UPLOAD_SLOT_TTL_MS) });
      return { uploadURL: uploadURLFor(id) };
    },

    /** Step 2: the raw bytes, checked by size and by their own first bytes, kept until step 3. */
    async receiveUpload(userId: string, uploadId: string, body: unknown) {
      const slot = await findOwnedUpload(userId, uploadId);
      if (slot.status !== 'pending') {
        throw new AppError('CONFLICT', 'This upload link has already been used. Please upload the image again.');
      }
      if (slot.expiresAt.getTime() <= Date.now()) {
        throw new AppError('NOT_FOUND', 'This upload link has expired. Please upload the image again.');
      }
      if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0)) {
        throw invalid('The upload was empty. Please choose an image file.');
      }
      if (!Buffer.isBuffer(body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_IMAGE_MESSAGE);
      if (body.length > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_MESSAGE);
      const contentType = sniffImageType(body);
      if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_IMAGE_MESSAGE);

      // Each attempt writes its own key, so two racing uploads to one slot cannot mix their bytes.
      const rawKey = `raw/${uploadId}-${randomUUID()}`;
      await storage.put(rawKey, body, contentType);
      const received = await repository.markUploadReceived(uploadId, userId, { rawKey, contentType, bytes: body.length });
      if (!received) {
        await storage.delete(rawKey);
        throw new AppError('CONFLICT', 'This upload link has already been used. Please upload the image again.');
      }
      return { id: uploadId, contentType, bytes: body.length };
    },

    /** Step 3: re-encodes the upload as a public image and, for a saved signature, makes it the photo. */
    async attachUploadedImage(userId: string, input: unknown): Promise<{ objectPath: string }> {
      const { imageURL, signatureId } = attachImageSchema.parse(input);
      const path = imageURL.split(/[?#]/)[0] ?? '';
      const uploadId = UPLOAD_URL_PATH.exec(path)?.[1];
      if (!uploadId) throw invalid('That image link is not one of your uploads. Please upload the image again.');
      const targetId = signatureId === 'temp' ? null : signatureId;
      // Checked before any work, so a wrong signature leaves no orphaned image behind.
      if (targetId) await signatures.assertSignatureOwned(userId, targetId);

      const slot = await findOwnedUpload(userId, uploadId.toLowerCase());
      let objectKey: string;
      if (slot.status === 'stored' && slot.objectKey) objectKey = slot.objectKey;
      else if (slot.status === 'received' && slot.rawKey) objectKey = await storeReceivedUpload(userId, { ...slot, rawKey: slot.rawKey });
      else throw invalid('The image has not finished uploading. Please upload it again.');

      const objectPath = objectPathFor(objectKey);
      if (targetId) await signatures.setSignaturePhoto(userId, targetId, objectPath);
      return { objectPath };
    },

    /** A public image by its file name, for GET /objects/{name}. */
    async readPublicImage(name: string): Promise<{ bytes: Buffer; contentType: 'image/png' | 'image/jpeg' }> {
      if (!PUBLIC_IMAGE_NAME.test(name)) throw imageNotFound();
      const found = await storage.get(publicKeyFor(name));
      if (!found) throw imageNotFound();
      // The type follows the name the app gave the file, never anything stored beside it.
      return { bytes: found.bytes, contentType: name.endsWith('.png') ? 'image/png' : 'image/jpeg' };
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
