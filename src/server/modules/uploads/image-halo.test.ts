import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageGeometry } from '../../../shared/signature/image-geometry';
import { processImage, type ProcessedImage } from './image-processing';
import { inkContrast } from './image-halo';

/** A 300x100 "wordmark": three bars of `ink` on a transparent background. */
async function transparentLogo(ink: string): Promise<Buffer> {
  const bar = await sharp({ create: { width: 60, height: 60, channels: 4, background: ink } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([20, 120, 220].map((left) => ({ input: bar, left, top: 20 })))
    .png()
    .toBuffer();
}

const file = (out: ProcessedImage, suffix: string) => out.files.find((f) => f.name.endsWith(suffix))!;

/** The file laid on a background colour, as the lightest pixel and the raw pixels. */
async function onBackground(bytes: Buffer, background: string) {
  const data = await sharp(bytes).flatten({ background }).raw().toBuffer();
  let lightest = 0;
  for (let i = 0; i < data.length; i += 3) lightest = Math.max(lightest, data[i]! + data[i + 1]! + data[i + 2]!);
  return { lightest, data };
}

describe('a light halo for dark ink on a transparent background', () => {
  it('measures a black wordmark below 3:1 on dark backgrounds and stores halo versions of every still', async () => {
    const out = await processImage(await transparentLogo('#000000'));
    expect(out.image.halo).toBe(true);
    expect(out.name).toMatch(/^[a-z2-7]{20}-160x53h\.png$/);
    for (const suffix of ['h-h.png', '-q-h.png', '-r-h.png', '-o-h.png']) expect(file(out, suffix)).toBeDefined();

    const plain = file(out, 'h.png');
    const haloed = file(out, 'h-h.png');
    // On black: the plain file is black throughout; the halo file outlines the ink in light pixels.
    expect((await onBackground(plain.bytes, '#000000')).lightest).toBeLessThan(30);
    expect((await onBackground(haloed.bytes, '#202124')).lightest).toBeGreaterThan(600);
    // The halo hugs the ink on every side and nowhere else (display 160x53 at 300/160 density: the
    // first bar spans x 20-79, y 20-79 of the 300x99 file).
    const dark = (await onBackground(haloed.bytes, '#202124')).data;
    const sum = (x: number, y: number) => dark[(y * haloed.width + x) * 3]! + dark[(y * haloed.width + x) * 3 + 1]!;
    expect(haloed.width).toBe(300);
    for (const [x, y] of [
      [18, 50],
      [81, 50],
      [50, 18],
      [50, 80],
    ] as const)
      expect(sum(x, y), `halo at ${x},${y}`).toBeGreaterThan(250);
    for (const [x, y] of [
      [2, 2],
      [100, 50],
      [50, 95],
      [297, 2],
    ] as const)
      expect(sum(x, y), `no halo at ${x},${y}`).toBeLessThan(120);
    // On white the halo cannot be seen: the two files look the same there.
    const a = (await onBackground(plain.bytes, '#ffffff')).data;
    const b = (await onBackground(haloed.bytes, '#ffffff')).data;
    let differ = 0;
    for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i]! - b[i]!) > 8) differ += 1;
    expect(differ).toBe(0);
  });

  it('the renderer uses the halo file unless the person turns it off', async () => {
    const out = await processImage(await transparentLogo('#1f1f1f'));
    const src = `https://app.example/objects/${out.name}`;
    expect(imageGeometry(src, 'round', false).src).toMatch(/h-h\.png$/);
    expect(imageGeometry(src, 'round', false, { halo: false }).src).toMatch(/h\.png$/);
    expect(imageGeometry(src, 'round', false, { halo: false }).src).not.toMatch(/-h\.png$/);
    expect(imageGeometry(src, 'round', false, { kind: 'photo' }).src).toMatch(/-o-h\.png$/);
  });

  it('leaves light ink and opaque images alone', async () => {
    const light = await processImage(await transparentLogo('#f5f5f5'));
    expect(light.image.halo).toBeUndefined();
    expect(light.files.some((f) => f.name.includes('-h.'))).toBe(false);
    const opaque = await processImage(
      await sharp({ create: { width: 300, height: 100, channels: 3, background: '#000000' } })
        .png()
        .toBuffer(),
    );
    expect(opaque.image.halo).toBeUndefined();
  });

  it('reports the contrast most of the ink reaches: black 1.0, mid grey about 5', () => {
    const raster = (rgb: number, pixels: number) => {
      const data = Buffer.alloc(pixels * 2 * 4);
      for (let i = 0; i < pixels; i += 1) data.set([rgb, rgb, rgb, 255], i * 4);
      return { data, width: pixels * 2, height: 1, channels: 4, pages: 1 };
    };
    expect(inkContrast(raster(0, 50))).toBeCloseTo(1, 1);
    expect(inkContrast(raster(128, 50))).toBeGreaterThan(3);
    const opaque = raster(0, 50);
    for (let i = 3; i < opaque.data.length; i += 4) opaque.data[i] = 255;
    expect(inkContrast(opaque)).toBeNull();
  });
});
