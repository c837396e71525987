import { attachImage, createUploadSlot, sendImageBytes, type AttachedImage } from '../../api/image-upload';

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

/**
 * The three-step upload: ask for a slot, send the bytes, then attach the image to the signature
 * ('temp' before the signature exists). Resolves to the public path that becomes photoUrl.
 */
export async function uploadSignatureImage(file: File, signatureId: string | null): Promise<AttachedImage> {
  if (file.size > MAX_UPLOAD_BYTES) throw new FileTooLargeError();
  const { uploadURL } = await createUploadSlot();
  await sendImageBytes(uploadURL, file);
  return attachImage({ imageURL: stripQuery(uploadURL), signatureId: signatureId ?? 'temp' });
}

/**
 * A typed image address: the server fetches it once and stores it like an upload (decision
 * 0070), so the signature only ever points at images on the public origin.
 */
export async function rehostImageUrl(url: string, signatureId: string | null): Promise<AttachedImage> {
  return attachImage({ imageURL: url, signatureId: signatureId ?? 'temp' });
}
