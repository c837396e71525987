import { randomBytes } from 'node:crypto';
import type { default as SharpFunction } from 'sharp';
import { AppError, invalid } from '../../errors';
import { allVariantFileNames, type StoredImageName } from '../../../shared/signature/image-geometry';
import { createWorkQueue } from './image-queue';
import { renderImageFiles, type ImageFile } from './image-render';

export type UploadImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
export type PublicImageType = 'image/png' | 'image/jpeg' | 'image/gif';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = 'Please upload an image smaller than 5MB.';
export const UNSUPPORTED_IMAGE_MESSAGE = 'Please upload a PNG, JPEG, GIF or WebP image.';
export const UNREADABLE_IMAGE_MESSAGE = 'That file is not a readable image.';
export const SVG_IMAGE_MESSAGE =
  'That is an SVG image, and Gmail does not show SVG images. Please use a PNG or JPEG version of it.';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type read from the file's first bytes, or null. The declared content type is never
 * trusted: SVG (which can carry script and which Gmail does not show) and everything else is refused.
 */
export function sniffImageType(bytes: Buffer): UploadImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** True when the bytes look like an SVG document, so the refusal can say why. */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 2048)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return (
    head.startsWith('<svg') || ((head.startsWith('<?xml') || head.startsWith('<!doctype svg')) && head.includes('<svg'))
  );
}

/** The refusal for bytes that are no image we take: SVG named as such, anything else as unsupported. */
export function unsupportedImageError(bytes: Buffer): AppError {
  return looksLikeSvg(bytes)
    ? new AppError('UNSUPPORTED_MEDIA_TYPE', SVG_IMAGE_MESSAGE)
    : new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_IMAGE_MESSAGE);
}

export type { ImageFile };

export type ProcessedImage = {
  /** The logo's name, kept as photoUrl; every variant's name derives from it. */
  image: StoredImageName;
  name: string;
  files: ImageFile[];
  /** The source's upright size. */
  source: { width: number; height: number };
  /** File pixels per display pixel, between 1 and 2, of the logo and of the photo. */
  density: { logo: number; photo: number };
};

/** A short random id: 100 bits, lower-case letters and digits, so URLs stay short. */
export function newImageId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % 32];
  return id;
}

/** sharp (a native library), loaded by the first image processed instead of at start-up (decision 0092). */
let loadedSharp: typeof SharpFunction | undefined;
async function loadSharp(): Promise<typeof SharpFunction> {
  return (loadedSharp ??= (await import('sharp')).default);
}

// One image at a time per process, a few dozen waiting (decision 0170): the other core stays free
// for every other request.
const imageQueue = createWorkQueue({ concurrency: 1, maxWaiting: 32 });

/**
 * Turns an upload (or a fetched image) into every file a signature may show: the logo whole and
 * fitted in LOGO_BOX, and the photo cropped square on its point of attention, square, rounded and
 * round, each with as many pixels as the source has up to twice its display size; a source is never
 * drawn larger than it is (decision 0170). Rounded and round corners are cut into transparent PNGs,
 * so Outlook shows the shape Gmail shows. Metadata (EXIF, GPS, ICC) goes.
 *
 * An animated GIF (or animated WebP) also gets animated GIF versions of each, frames kept; the
 * still versions are its first frame. Opaque stills are JPEG, anything with transparency PNG.
 * Images wait their turn in a per-process queue.
 */
export async function processImage(input: Buffer, id: string = newImageId()): Promise<ProcessedImage> {
  return imageQueue.run(async () => {
    try {
      return await renderImageFiles(await loadSharp(), input, id);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw invalid('That image has too many pixels. Please upload one under 50 megapixels.');
      }
      throw invalid(UNREADABLE_IMAGE_MESSAGE);
    }
  });
}

export { allVariantFileNames };
