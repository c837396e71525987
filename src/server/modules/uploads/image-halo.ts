/**
 * A transparent image whose ink is too dark for a dark message (decision 0171). Gmail's apps show
 * images exactly as sent on a dark background, so a black logo on a transparent background
 * vanishes there. We measure the ink against the two dark backgrounds and, below 3:1, store
 * versions with a light halo baked into the pixels: invisible on white, an outline on dark.
 */
import type { default as SharpFunction } from 'sharp';
import type { Raster } from './image-raster';

/** Below this the ink is hard to see on a dark message (WCAG's figure for large text and marks). */
export const HALO_MIN_CONTRAST = 3;
/** #000000 (the iPhone app) and #202124 (Gmail's dark theme), as WCAG relative luminance. */
const DARK_BACKGROUNDS = [0, 0.0156];
/** The share of the ink that must reach the contrast: a few dark details in a light logo are fine. */
const INK_SHARE = 0.8;
/** A pixel this opaque is ink; the rest is background showing through. */
const INK_ALPHA = 128;
/** Halo width in display pixels, and how soft its edge is. */
const HALO_DISPLAY_PX = 1.5;

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/**
 * The contrast that INK_SHARE of the ink reaches on the darker-looking of the two backgrounds, or
 * null when the first frame has no transparency to speak of (its own background shows instead).
 */
export function inkContrast(raster: Raster): number | null {
  if (raster.channels !== 4) return null;
  const pixels = raster.width * raster.height;
  const contrasts: number[] = [];
  let clear = 0;
  for (let i = 0; i < pixels; i += 1) {
    const at = i * 4;
    const alpha = raster.data[at + 3]!;
    if (alpha < INK_ALPHA) {
      clear += 1;
      continue;
    }
    const l =
      0.2126 * linear(raster.data[at]!) + 0.7152 * linear(raster.data[at + 1]!) + 0.0722 * linear(raster.data[at + 2]!);
    contrasts.push(Math.min(...DARK_BACKGROUNDS.map((bg) => (Math.max(l, bg) + 0.05) / (Math.min(l, bg) + 0.05))));
  }
  // Fewer than 2% see-through pixels: an opaque picture, whatever its format.
  if (clear < pixels * 0.02 || contrasts.length === 0) return null;
  contrasts.sort((a, b) => a - b);
  return contrasts[Math.floor(contrasts.length * (1 - INK_SHARE))]!;
}

/** True when the image should get halo versions, used by default. */
export function needsHalo(raster: Raster): boolean {
  const contrast = inkContrast(raster);
  return contrast !== null && contrast < HALO_MIN_CONTRAST;
}

/**
 * Every frame over a white halo that follows its ink's outline (alpha widened and softened). The
 * frames of a strip are blurred in one pass with blank rows between them, wider than the blur
 * reaches, so no frame's halo spills into the next (decision 0167) and a 150-frame animation costs
 * two libvips calls, not three hundred.
 */
export async function withHalo(sharp: typeof SharpFunction, raster: Raster, density: number): Promise<Raster> {
  const { width, height, pages } = raster;
  const sigma = Math.max(0.5, HALO_DISPLAY_PX * density * 0.6);
  const gap = pages > 1 ? Math.ceil(sigma * 4) + 1 : 0;
  const stride = (height + gap) * width;
  const framePixels = width * height;
  const alpha = Buffer.alloc(stride * pages);
  for (let page = 0; page < pages; page += 1) {
    for (let i = 0; i < framePixels; i += 1) alpha[page * stride + i] = raster.data[(page * framePixels + i) * 4 + 3]!;
  }
  const spread = await sharp(alpha, { raw: { width, height: (height + gap) * pages, channels: 1 } })
    .blur(sigma)
    .linear(4, 0)
    // libvips hands a one-band raw image back as three bands (sRGB): keep one.
    .extractChannel(0)
    .raw()
    .toBuffer();
  const halo = Buffer.allocUnsafe(framePixels * pages * 4);
  for (let page = 0; page < pages; page += 1) {
    for (let i = 0; i < framePixels; i += 1) {
      const at = (page * framePixels + i) * 4;
      halo[at] = 255;
      halo[at + 1] = 255;
      halo[at + 2] = 255;
      halo[at + 3] = Math.max(spread[page * stride + i]!, raster.data[at + 3]!);
    }
  }
  const strip = { width, height: height * pages, channels: 4 as const };
  const data = await sharp(halo, { raw: strip })
    .composite([{ input: raster.data, raw: strip }])
    .raw()
    .toBuffer();
  return { data, width, height, channels: 4, pages };
}
