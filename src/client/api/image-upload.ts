import type { z } from 'zod';
import type { ApiErrorBody } from '../../shared/api/contract';
import { uploadsApi, type attachedImageSchema } from '../../shared/api/uploads';
import { ApiError, NetworkError } from '../lib/api';
import { callApi } from '../lib/api-client';

/**
 * The editor's three-step image upload (uploads module of the contract). Kept apart from
 * api/uploads.ts, the account's list of uploads, so that the editor does not load the account's
 * hooks (its 250 KB budget; decision 0127).
 */

/** The stored image: its public path (the new photoUrl), and a note when it has too few pixels. */
export type AttachedImage = z.infer<typeof attachedImageSchema>;

/** Step 1 of an upload: a one-time URL to send the bytes to. */
export const createUploadSlot = () => callApi(uploadsApi.createSlot);

/** Step 2: the bytes, to the one-time URL (ours, or the object store's when one is configured). */
export async function sendImageBytes(uploadURL: string, file: File): Promise<void> {
  let res: Response;
  try {
    res = await fetch(uploadURL, {
      method: 'PUT',
      credentials: 'include',
      headers: { 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw new NetworkError();
  }
  if (res.ok) return;
  // 413 and 415 carry { error } in the person's words.
  let message = '';
  try {
    const data = (await res.json()) as Partial<Record<keyof ApiErrorBody, unknown>>;
    if (typeof data.error === 'string') message = data.error;
  } catch {
    message = '';
  }
  throw new ApiError(res.status, message || `${res.status}: ${res.statusText}`);
}

/** Step 3: the uploaded (or a typed) image becomes the signature's ('temp' before it exists). */
export const attachImage = (body: { imageURL: string; signatureId: string }) => callApi(uploadsApi.attach, { body });
