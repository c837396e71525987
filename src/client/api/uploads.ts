import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiErrorBody } from '../../shared/api/contract';
import { uploadsApi, type attachedImageSchema, type uploadedImageSchema } from '../../shared/api/uploads';
import { ApiError, NetworkError } from '../lib/api';
import { callApi } from '../lib/api-client';
import { queryKeys } from './cache';
import { useSave } from './cache';

export type UploadedImage = z.infer<typeof uploadedImageSchema>;
/** The stored image: its public path (the new photoUrl), and a note when it has too few pixels. */
export type AttachedImage = z.infer<typeof attachedImageSchema>;

/** The images the person uploaded (the account's Assets tab). */
export const useUploads = () => useQuery({ queryKey: queryKeys.uploads, queryFn: () => callApi(uploadsApi.list) });

export const useDeleteUpload = () =>
  useSave((id: string) => callApi(uploadsApi.remove, { params: { id } }), null, [queryKeys.uploads]);

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
