/**
 * The files of one image (decisions 0070 and 0170): geometry first (display size, file size,
 * refusals), then the still files from the first frame and, for an animation, the GIF files from
 * one decode of every frame. Called through the queue in image-processing.ts.
 */
import type { default as SharpFunction, Metadata, Sharp } from 'sharp';
import { invalid } from '../../errors';
import {
  IMAGE_DENSITY,
  MIN_DISPLAY_SIZE,
  PHOTO_SIZE,
  fitLogo,
  isPhotoShaped,
  photoSide,
  storedImageName,
  variantFileName,
  type ImageFormat,
  type ImageVariant,
  type StoredImageName,
} from '../../../shared/signature/image-geometry';
import { needsHalo, withHalo } from './image-halo';
import { cropFrames, maskFrames, shapeMask, type Raster } from './image-raster';

type PublicImageType = 'image/png' | 'image/jpeg' | 'image/gif';
export type ImageFile = { name: string; bytes: Buffer; contentType: PublicImageType; width: number; height: number };

// A 5 MB file can still decode to gigabytes (a flat-colour PNG compresses extremely well); refuse
// anything over 50 megapixels before decoding it. An animated GIF counts every frame.
export const MAX_INPUT_PIXELS = 50_000_000;
/** An animation longer than this is refused: each frame costs CPU once and bytes in every mail. */
export const MAX_ANIMATION_FRAMES = 200;
/** All files of one image together; beyond this the image is refused rather than stored. */
export const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;
// cgif's palette search: 3 costs a third of the default 7 with files within a few per cent.
const GIF_EFFORT = 3;

const CONTENT_TYPES: Record<ImageFormat, PublicImageType> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };
const PHOTO_VARIANTS = ['q', 'r', 'o'] as const;

type Size = { width: number; height: number };
/** Display and file sizes of the logo and the photo, and their densities (file px per display px). */
export type ImagePlan = {
  logo: Size;
  logoFile: Size;
  photo: number;
  photoFile: number;
  density: { logo: number; photo: number };
};

const MB = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * Sizes for a source: up to 2x display pixels, never more than the source has. Refuses a source
 * that cannot be shown at least MIN_DISPLAY_SIZE at 1x (on its longer side; on both for a photo).
 */
export function planImage(source: Size): ImagePlan {
  const { width: sw, height: sh } = source;
  const photoShaped = isPhotoShaped(sw, sh);
  if (Math.max(sw, sh) < MIN_DISPLAY_SIZE || (photoShaped && Math.min(sw, sh) < MIN_DISPLAY_SIZE)) {
    const where = photoShaped ? 'on each side' : 'on its longer side';
    throw invalid(
      `That image is ${sw}×${sh} pixels, too small to be read in a signature. Please upload one with at least ${MIN_DISPLAY_SIZE} pixels ${where}; ${MIN_DISPLAY_SIZE * IMAGE_DENSITY} or more look sharp.`,
    );
  }
  const logo = fitLogo(sw, sh);
  const logoDensity = Math.min(IMAGE_DENSITY, sw / logo.width, sh / logo.height);
  const logoFile = {
    width: Math.min(sw, Math.max(1, Math.round(logo.width * logoDensity))),
    height: Math.min(sh, Math.max(1, Math.round(logo.height * logoDensity))),
  };
  const photo = photoSide(sw, sh);
  const photoFile = Math.min(IMAGE_DENSITY * photo, sw, sh);
  return { logo, logoFile, photo, photoFile, density: { logo: logoDensity, photo: photoFile / photo } };
}

function encoder(pipeline: Sharp, format: ImageFormat, meta?: Metadata): Sharp {
  if (format === 'gif') return pipeline.gif({ effort: GIF_EFFORT, delay: meta?.delay, loop: meta?.loop });
  if (format === 'png') return pipeline.png({ compressionLevel: 9 });
  return pipeline.jpeg({ quality: 85, mozjpeg: true });
}

async function toRaster(pipeline: Sharp): Promise<Raster & { offset: { left: number; top: number } }> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const height = info.pageHeight ?? info.height;
  return {
    data,
    width: info.width,
    height,
    channels: info.channels,
    pages: Math.max(1, Math.round(info.height / height)),
    offset: { left: -(info.cropOffsetLeft ?? 0), top: -(info.cropOffsetTop ?? 0) },
  };
}

type Job = { sharp: typeof SharpFunction; input: Buffer; image: StoredImageName; meta: Metadata; files: ImageFile[] };

async function encodeRaster(
  job: Job,
  raster: Raster,
  variant: ImageVariant,
  animated: boolean,
  halo = false,
): Promise<void> {
  const name = variantFileName(job.image, variant, animated, halo);
  const format = name.slice(name.lastIndexOf('.') + 1) as ImageFormat;
  const raw = { width: raster.width, height: raster.height * raster.pages, channels: raster.channels as 3 | 4 };
  const pipeline = job.sharp(raster.data, { raw: animated ? { ...raw, pageHeight: raster.height } : raw });
  const bytes = await encoder(pipeline, format, animated ? job.meta : undefined).toBuffer();
  job.files.push({ name, bytes, contentType: CONTENT_TYPES[format], width: raster.width, height: raster.height });
  const total = job.files.reduce((sum, file) => sum + file.bytes.length, 0);
  if (total > MAX_OUTPUT_BYTES) {
    throw invalid(
      `That image makes more than ${MB(MAX_OUTPUT_BYTES)} MB of signature files. Please use a shorter or smaller animation.`,
    );
  }
}

/** A still file, and its halo version when the image has them (decision 0171). */
async function encodeStill(job: Job, raster: Raster, variant: ImageVariant, density: number): Promise<void> {
  await encodeRaster(job, raster, variant, false);
  if (job.image.halo) await encodeRaster(job, await withHalo(job.sharp, raster, density), variant, false, true);
}

/**
 * An animated file, and its halo version when the image has them (decision 0167): the halo is
 * drawn frame by frame (libvips would blur across the frames of a strip) and GIF's one-bit alpha
 * keeps its solid part, an outline around the ink on every frame.
 */
async function encodeAnimation(job: Job, raster: Raster, variant: ImageVariant, density: number): Promise<void> {
  await encodeRaster(job, raster, variant, true);
  if (job.image.haloGif) await encodeRaster(job, await withHalo(job.sharp, raster, density), variant, true, true);
}

/** The photo variants from one square raster: square as is, rounded and round cut in. */
async function encodePhotos(job: Job, square: Raster, density: number, animated: boolean): Promise<void> {
  for (const variant of PHOTO_VARIANTS) {
    const mask = await shapeMask(job.sharp, variant, square.width, density);
    const shaped = mask ? await maskFrames(square, mask) : square;
    if (animated) await encodeAnimation(job, shaped, variant, density);
    else await encodeStill(job, shaped, variant, density);
  }
}

/** The first frame, upright: the still files. Returns the photo crop's offset for the animation. */
async function renderStills(job: Job, plan: ImagePlan): Promise<{ left: number; top: number }> {
  const still = () => job.sharp(job.input, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  const logo = await toRaster(still().resize(plan.logoFile.width, plan.logoFile.height, { fit: 'cover' }));
  // Measured on the logo as stored (the first frame); the name says which halo files exist.
  if (needsHalo(logo)) {
    job.image.halo = true;
    if (job.image.animated) job.image.haloGif = true;
  }
  await encodeStill(job, logo, 'logo', plan.density.logo);
  // attention: the crop keeps the part of the picture people look at (a face, the subject).
  const photo = await toRaster(still().resize(plan.photoFile, plan.photoFile, { fit: 'cover', position: 'attention' }));
  await encodePhotos(job, photo, plan.photoFile / plan.photo, false);
  return photo.offset;
}

/** Every frame, decoded once per size: the GIF files, cropped where the still photo was. */
async function renderAnimation(job: Job, plan: ImagePlan, offset: { left: number; top: number }): Promise<void> {
  const frames = (size: Size, fit: 'outside' | 'cover') =>
    toRaster(
      job
        .sharp(job.input, { limitInputPixels: MAX_INPUT_PIXELS, animated: true })
        .resize(size.width, size.height, { fit })
        .ensureAlpha(),
    );
  const side = plan.photoFile;
  const covering = await frames({ width: side, height: side }, 'outside');
  const left = Math.min(Math.max(0, offset.left), covering.width - side);
  const top = Math.min(Math.max(0, offset.top), covering.height - side);
  const sameSize = covering.width === plan.logoFile.width && covering.height === plan.logoFile.height;
  await encodeAnimation(job, sameSize ? covering : await frames(plan.logoFile, 'cover'), 'logo', plan.density.logo);
  await encodePhotos(job, cropFrames(covering, left, top, side), side / plan.photo, true);
}

export async function renderImageFiles(sharp: typeof SharpFunction, input: Buffer, id: string) {
  const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const pages = meta.pages ?? 1;
  const animated = pages > 1 && (meta.format === 'gif' || meta.format === 'webp');
  const frameHeight = animated ? (meta.pageHeight ?? meta.height ?? 0) : (meta.height ?? 0);
  if (animated) {
    if (pages > MAX_ANIMATION_FRAMES) {
      throw invalid(
        `That animation has ${pages} frames; a signature takes at most ${MAX_ANIMATION_FRAMES}. Please shorten it.`,
      );
    }
    // Refuse a frame count that would blow the pixel budget before decoding every frame.
    if ((meta.width ?? 0) * frameHeight * pages > MAX_INPUT_PIXELS) throw new Error('pixel limit');
  }
  const upright = (meta.orientation ?? 1) >= 5;
  const source = upright
    ? { width: frameHeight, height: meta.width ?? 0 }
    : { width: meta.width ?? 0, height: frameHeight };
  // Not an AppError: processImage answers it as an unreadable image.
  if (source.width < 1 || source.height < 1) throw new Error('no pixels');
  const plan = planImage(source);
  const transparent = meta.hasAlpha === true || meta.format === 'png' || meta.format === 'gif';
  const image: StoredImageName = { id, ...plan.logo, animated, ext: transparent ? 'png' : 'jpg' };
  if (plan.photo < PHOTO_SIZE) image.photo = plan.photo;

  const job: Job = { sharp, input, image, meta, files: [] };
  const offset = await renderStills(job, plan);
  if (animated) await renderAnimation(job, plan, offset);
  return { image, name: storedImageName(image), files: job.files, source, density: plan.density };
}
