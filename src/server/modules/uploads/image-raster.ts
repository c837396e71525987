/**
 * Decoded pixels of an image, one frame or a strip of frames, and the few operations the pipeline
 * does on them in memory (decision 0170): a square crop and a shape mask applied frame by frame.
 * Done here rather than in libvips because libvips treats a strip of raw frames as one tall image:
 * its composite tiles a mask from the strip's centre (an even frame count then shows two half
 * discs per frame) and its resize ignores the frame boundaries.
 */
import type { default as SharpFunction } from 'sharp';
import { ROUNDED_RADIUS, type ImageVariant } from '../../../shared/signature/image-geometry';

/** `height` is one frame's height; the data holds `pages` frames one under the other. */
export type Raster = { data: Buffer; width: number; height: number; channels: number; pages: number };

/** The same crop (left, top, side × side) from every frame. */
export function cropFrames(raster: Raster, left: number, top: number, side: number): Raster {
  const { width, height, channels, pages } = raster;
  if (left === 0 && top === 0 && side === width && side === height) return raster;
  const rowBytes = side * channels;
  const out = Buffer.allocUnsafe(rowBytes * side * pages);
  for (let page = 0; page < pages; page += 1) {
    for (let y = 0; y < side; y += 1) {
      const from = ((page * height + top + y) * width + left) * channels;
      raster.data.copy(out, (page * side + y) * rowBytes, from, from + rowBytes);
    }
  }
  return { data: out, width: side, height: side, channels, pages };
}

/** Every frame with an alpha channel (opaque where there was none). */
export function withAlpha(raster: Raster): Raster {
  if (raster.channels === 4) return raster;
  const pixels = raster.width * raster.height * raster.pages;
  const out = Buffer.allocUnsafe(pixels * 4);
  for (let i = 0; i < pixels; i += 1) {
    out[i * 4] = raster.data[i * 3]!;
    out[i * 4 + 1] = raster.data[i * 3 + 1]!;
    out[i * 4 + 2] = raster.data[i * 3 + 2]!;
    out[i * 4 + 3] = 255;
  }
  return { ...raster, data: out, channels: 4 };
}

// The masking loop runs on the event loop: hand it back between frames every few milliseconds'
// work, so other requests are not held up behind a long animation.
const FRAMES_PER_TURN = 8;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The alpha of a frame-sized mask laid on every frame, each from its own top-left corner. */
export async function maskFrames(raster: Raster, mask: Uint8Array): Promise<Raster> {
  const source = withAlpha(raster);
  const out = Buffer.from(source.data);
  const frame = source.width * source.height;
  for (let page = 0; page < source.pages; page += 1) {
    if (page > 0 && page % FRAMES_PER_TURN === 0) await nextTurn();
    for (let i = 0; i < frame; i += 1) {
      const at = (page * frame + i) * 4 + 3;
      out[at] = Math.round((out[at]! * mask[i]!) / 255);
    }
  }
  return { ...source, data: out };
}

/** The shape of a photo variant as alpha (255 where the photo stays), or null for the square one. */
export async function shapeMask(
  sharp: typeof SharpFunction,
  variant: ImageVariant,
  side: number,
  density: number,
): Promise<Uint8Array | null> {
  let shape: string;
  if (variant === 'r') {
    const r = ROUNDED_RADIUS * density;
    shape = `<rect width="${side}" height="${side}" rx="${r}" ry="${r}" fill="#fff"/>`;
  } else if (variant === 'o') {
    shape = `<circle cx="${side / 2}" cy="${side / 2}" r="${side / 2}" fill="#fff"/>`;
  } else {
    return null;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">${shape}</svg>`;
  const alpha = await sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer();
  return new Uint8Array(alpha.buffer, alpha.byteOffset, side * side);
}
