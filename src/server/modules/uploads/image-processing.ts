import sharp from 'sharp';
import { AppError, invalid } from '../../errors';

export type UploadImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = 'Please upload an image smaller than 5MB.';
export const UNSUPPORTED_IMAGE_MESSAGE = 'Please upload a PNG, JPEG, GIF or WebP image.';
export const UNREADABLE_IMAGE_MESSAGE = 'That file is not a readable image.';

/** The logo is shown at up to 80x80 in the signature; it is stored at twice that for sharp screens. */
export const IMAGE_DISPLAY_SIZE = 80;
export const IMAGE_PIXEL_SIZE = IMAGE_DISPLAY_SIZE * 2;

// A 5 MB file can still decode to gigabytes (a flat-colour PNG compresses extremely well); refuse
// anything over 50 megapixels before decoding it.
const MAX_INPUT_PIXELS = 50_000_000;

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

export type EncodedImage = {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
};

/**
 * Re-encodes an upload into what every mail client can show: turned upright, metadata (EXIF, GPS,
 * ICC) stripped, at most 160x160 without enlargement, PNG when the source has transparency or is
 * a PNG or GIF, otherwise JPEG at quality 85.
 *
 * Animated GIFs keep only their first frame, as a PNG. Gmail's image proxy re-encodes what it
 * fetches, and a GIF re-encode at 2x display size is limited to 256 colours and hard-edged
 * transparency, so edges band and fringe on exactly the high-density screens the 2x rule is for;
 * a still PNG stays sharp everywhere.
 */
export async function reencodeImage(input: Buffer): Promise<EncodedImage> {
  try {
    // sharp reads only the first frame unless asked for more (pages: 1 by default).
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await source.metadata();
    const keepTransparency = meta.hasAlpha || meta.format === 'png' || meta.format === 'gif';
    const pipeline = source
      .autoOrient()
      .resize(IMAGE_PIXEL_SIZE, IMAGE_PIXEL_SIZE, { fit: 'inside', withoutEnlargement: true });
    const { data, info } = await (keepTransparency
      ? pipeline.png({ compressionLevel: 9 })
      : pipeline.jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: keepTransparency ? 'image/png' : 'image/jpeg',
      extension: keepTransparency ? 'png' : 'jpg',
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw invalid('That image has too many pixels. Please upload one under 50 megapixels.');
    }
    throw invalid(UNREADABLE_IMAGE_MESSAGE);
  }
}
