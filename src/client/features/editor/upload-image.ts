import type { z } from 'zod';
import { uploadsApi, type attachedImageSchema } from '../../../shared/api/uploads';
import { ApiError, NetworkError } from '../../lib/api';
import { callApi } from '../../lib/api-client';

/** The spec's upload limit, checked before any byte leaves the browser. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const FILE_TOO_LARGE = {
  title: 'File too large',
  description: 'Please upload an image smaller than 5MB.',
} as const;
export const UPLOAD_FAILED = { title: 'Upload failed', fallback: 'Failed to upload image. Please try again.' } as const;

export class FileTooLargeError extends Error {
  constructor() {
    super(FILE_TOO_LARGE.description);
  }
}

/** Drops the signed query: the server identifies the upload by its path. */
export function stripQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

async function putFileBytes(uploadURL: string, file: File): Promise<void> {
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
    const data = (await res.json()) as { error?: unknown };
    if (typeof data.error === 'string') message = data.error;
  } catch {
    message = '';
  }
  throw new ApiError(res.status, message || `${res.status}: ${res.statusText}`);
}

/** The stored image: its public path (the new photoUrl), and a note when it has too few pixels. */
export type AttachedImage = z.infer<typeof attachedImageSchema>;

/**
 * The three-step upload: ask for a slot, send the bytes, then attach the image to the signature
 * ('temp' before the signature exists). Resolves to the public path that becomes photoUrl.
 */
export async function uploadSignatureImage(file: File, signatureId: string | null): Promise<AttachedImage> {
  if (file.size > MAX_UPLOAD_BYTES) throw new FileTooLargeError();
  const { uploadURL } = await callApi(uploadsApi.createSlot);
  await putFileBytes(uploadURL, file);
  return callApi(uploadsApi.attach, { body: { imageURL: stripQuery(uploadURL), signatureId: signatureId ?? 'temp' } });
}

/**
 * A typed image address: the server fetches it once and stores it like an upload (decision
 * 0070), so the signature only ever points at images on the public origin.
 */
export async function rehostImageUrl(url: string, signatureId: string | null): Promise<AttachedImage> {
  return callApi(uploadsApi.attach, { body: { imageURL: url, signatureId: signatureId ?? 'temp' } });
}
