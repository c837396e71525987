import { randomBytes } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { AppError, invalid } from '../../errors';
import {
  IMAGE_DENSITY,
  PHOTO_SIZE,
  ROUNDED_RADIUS,
  allVariantFileNames,
  fitLogo,
  storedImageName,
  variantFileName,
  type ImageFormat,
  type ImageVariant,
  type StoredImageName,
} from '../../../shared/signature/image-geometry';

export type UploadImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
export type PublicImageType = 'image/png' | 'image/jpeg' | 'image/gif';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = 'Please upload an image smaller than 5MB.';
export const UNSUPPORTED_IMAGE_MESSAGE = 'Please upload a PNG, JPEG, GIF or WebP image.';
export const UNREADABLE_IMAGE_MESSAGE = 'That file is not a readable image.';
export const SVG_IMAGE_MESSAGE =
  'That is an SVG image, and Gmail does not show SVG images. Please use a PNG or JPEG version of it.';

// A 5 MB file can still decode to gigabytes (a flat-colour PNG compresses extremely well); refuse
// anything over 50 megapixels before decoding it. An animated GIF counts every frame.
const MAX_INPUT_PIXELS = 50_000_000;
// Within 2% of the 2x size is 2x: a 1-pixel rounding must not cost a whole density step.
const DENSITY_TOLERANCE = 0.98;
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

export type ImageFile = { name: string; bytes: Buffer; contentType: PublicImageType; width: number; height: number };

export type ProcessedImage = {
  /** The logo's name, kept as photoUrl; every variant's name derives from it. */
  image: StoredImageName;
  name: string;
  files: ImageFile[];
  /** The source's upright size. */
  source: { width: number; height: number };
  /** False when the source has fewer pixels than twice the display size (the logo or the photo). */
  sharp: { logo: boolean; photo: boolean };
};

const CONTENT_TYPES: Record<ImageFormat, PublicImageType> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

/** A short random id: 100 bits, lower-case letters and digits, so URLs stay short. */
export function newImageId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % 32];
  return id;
}

/** 2 when the source covers twice the display size (within DENSITY_TOLERANCE), else 1. */
function densityFor(source: { width: number; height: number }, width: number, height: number): number {
  const covers =
    source.width >= IMAGE_DENSITY * width * DENSITY_TOLERANCE &&
    source.height >= IMAGE_DENSITY * height * DENSITY_TOLERANCE;
  return covers ? IMAGE_DENSITY : 1;
}

/** An alpha mask (white where the image stays) for a photo of `size` pixels, or null for square. */
function shapeMask(variant: ImageVariant, size: number, density: number): Buffer | null {
  if (variant === 'r') {
    const r = ROUNDED_RADIUS * density;
    return Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${r}" ry="${r}" fill="#fff"/></svg>`,
    );
  }
  if (variant === 'o') {
    const half = size / 2;
    return Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${half}" cy="${half}" r="${half}" fill="#fff"/></svg>`,
    );
  }
  return null;
}

type Source = { input: Buffer; animated: boolean };

/** A fresh pipeline over the source: all frames for animated output, else the first frame upright. */
function open(source: Source, animated: boolean): Sharp {
  const image = sharp(source.input, { limitInputPixels: MAX_INPUT_PIXELS, animated });
  return animated ? image : image.autoOrient();
}

async function encode(pipeline: Sharp, format: ImageFormat): Promise<{ data: Buffer; width: number; height: number }> {
  let encoded: Sharp;
  if (format === 'gif') encoded = pipeline.gif({ effort: 7 });
  else if (format === 'png') encoded = pipeline.png({ compressionLevel: 9 });
  else encoded = pipeline.jpeg({ quality: 85, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  // For animated output sharp reports the strip of frames; one frame is pageHeight tall.
  return { data, width: info.width, height: info.pageHeight ?? info.height };
}

async function renderVariant(
  source: Source,
  image: StoredImageName,
  variant: ImageVariant,
  animated: boolean,
  size: { width: number; height: number; density: number },
): Promise<ImageFile> {
  const name = variantFileName(image, variant, animated);
  const format = name.slice(name.lastIndexOf('.') + 1) as ImageFormat;
  const width = size.width * size.density;
  const height = size.height * size.density;
  // cover: the file has exactly the display proportions; at most a pixel's sliver is cut.
  let pipeline = open(source, animated).resize(width, height, { fit: 'cover', position: 'centre' });
  const mask = shapeMask(variant, width, size.density);
  // dest-in keeps the image only where the mask is opaque; tiled, the mask covers every frame.
  if (mask) pipeline = pipeline.ensureAlpha().composite([{ input: mask, blend: 'dest-in', tile: animated }]);
  const out = await encode(pipeline, format);
  return { name, bytes: out.data, contentType: CONTENT_TYPES[format], width: out.width, height: out.height };
}

/**
 * Turns an upload (or a fetched image) into every file a signature may show: the logo whole and
 * fitted in LOGO_BOX, and the photo cropped square, square, rounded and round, each at twice its
 * display size when the source has the pixels (never enlarged beyond 1x display size's need:
 * a smaller source is stretched to 1x and reported in `sharp`). Rounded and round corners are cut
 * into transparent PNGs, so Outlook shows the shape Gmail shows. Metadata (EXIF, GPS, ICC) goes.
 *
 * An animated GIF (or animated WebP) also gets animated GIF versions of each, frames kept; the
 * still versions are its first frame. Opaque stills are JPEG, anything with transparency PNG.
 */
export async function processImage(input: Buffer, id: string = newImageId()): Promise<ProcessedImage> {
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const animated = (meta.pages ?? 1) > 1 && (meta.format === 'gif' || meta.format === 'webp');
    if (animated) {
      // Refuse a frame count that would blow the pixel budget before decoding every frame.
      const frameHeight = meta.pageHeight ?? meta.height ?? 0;
      if ((meta.width ?? 0) * frameHeight * (meta.pages ?? 1) > MAX_INPUT_PIXELS) throw new Error('pixel limit');
    }
    const upright = (meta.orientation ?? 1) >= 5;
    const frameHeight = animated ? (meta.pageHeight ?? meta.height ?? 0) : (meta.height ?? 0);
    const sourceSize = upright
      ? { width: frameHeight, height: meta.width ?? 0 }
      : { width: meta.width ?? 0, height: frameHeight };
    if (sourceSize.width < 1 || sourceSize.height < 1) throw invalid(UNREADABLE_IMAGE_MESSAGE);

    const transparent = meta.hasAlpha === true || meta.format === 'png' || meta.format === 'gif';
    const logo = fitLogo(sourceSize.width, sourceSize.height);
    const image: StoredImageName = {
      id,
      width: logo.width,
      height: logo.height,
      animated,
      ext: transparent ? 'png' : 'jpg',
    };
    const logoSize = { ...logo, density: densityFor(sourceSize, logo.width, logo.height) };
    const photoSize = { width: PHOTO_SIZE, height: PHOTO_SIZE, density: 1 };
    const square = Math.min(sourceSize.width, sourceSize.height);
    photoSize.density = densityFor({ width: square, height: square }, PHOTO_SIZE, PHOTO_SIZE);

    const source: Source = { input, animated };
    const jobs: Promise<ImageFile>[] = [];
    for (const withFrames of animated ? [false, true] : [false]) {
      jobs.push(renderVariant(source, image, 'logo', withFrames, logoSize));
      for (const variant of ['q', 'r', 'o'] as const)
        jobs.push(renderVariant(source, image, variant, withFrames, photoSize));
    }
    const files = await Promise.all(jobs);
    return {
      image,
      name: storedImageName(image),
      files,
      source: sourceSize,
      sharp: { logo: logoSize.density === IMAGE_DENSITY, photo: photoSize.density === IMAGE_DENSITY },
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw invalid('That image has too many pixels. Please upload one under 50 megapixels.');
    }
    throw invalid(UNREADABLE_IMAGE_MESSAGE);
  }
}

export { allVariantFileNames };
