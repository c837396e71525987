import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { allVariantFileNames, imageGeometry, parseStoredImageName } from '../../../shared/signature/image-geometry';
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

/** A 300x100 animated wordmark: one black bar on a transparent background, a step further right each frame. */
async function animatedDarkLogo(frames: number): Promise<Buffer> {
  const bar = await sharp({ create: { width: 60, height: 60, channels: 4, background: '#000000' } })
    .png()
    .toBuffer();
  const pictures = await Promise.all(
    Array.from({ length: frames }, (_, frame) =>
      sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([{ input: bar, left: 20 + frame * 50, top: 20 }])
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pictures, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** Each frame of a GIF laid on a background: the lightest pixel sum per frame, and the frames' pixels. */
async function framesOn(bytes: Buffer, background: string) {
  const { data, info } = await sharp(bytes, { animated: true })
    .flatten({ background })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frameHeight = info.pageHeight ?? info.height;
  const frames = info.height / frameHeight;
  const frameBytes = info.width * frameHeight * 3;
  return Array.from({ length: frames }, (_, f) => {
    const pixels = data.subarray(f * frameBytes, (f + 1) * frameBytes);
    let lightest = 0;
    for (let i = 0; i < pixels.length; i += 3)
      lightest = Math.max(lightest, pixels[i]! + pixels[i + 1]! + pixels[i + 2]!);
    return { lightest, pixels, width: info.width, height: frameHeight };
  });
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

  it('an animated dark logo gets halo GIFs too, outlined on every frame and never across frames', async () => {
    const out = await processImage(await animatedDarkLogo(4));
    expect(out.image).toMatchObject({ animated: true, halo: true, haloGif: true });
    expect(out.name).toMatch(/ahg\.png$/);
    // Every stored file is one deletion knows, the halo GIFs included.
    const names = out.files.map((f) => f.name).sort();
    expect(names).toEqual([...allVariantFileNames(out.image)].sort());
    for (const suffix of ['ahg-h.gif', 'ahg-q-h.gif', 'ahg-r-h.gif', 'ahg-o-h.gif'])
      expect(
        names.some((n) => n.endsWith(suffix)),
        suffix,
      ).toBe(true);

    const plain = await framesOn(file(out, 'ahg.gif').bytes, '#202124');
    const haloed = await framesOn(file(out, 'ahg-h.gif').bytes, '#202124');
    expect(haloed).toHaveLength(4);
    for (const [f, frame] of haloed.entries()) {
      expect(plain[f]!.lightest, `plain frame ${f}`).toBeLessThan(200);
      expect(frame.lightest, `halo frame ${f}`).toBeGreaterThan(600);
      // The halo stays inside its frame: the top and bottom rows (far from the bar) stay dark.
      for (const y of [0, frame.height - 1]) {
        for (let x = 0; x < frame.width; x += 1) {
          const at = (y * frame.width + x) * 3;
          expect(frame.pixels[at]! + frame.pixels[at + 1]! + frame.pixels[at + 2]!, `frame ${f} row ${y}`).toBeLessThan(
            200,
          );
        }
      }
    }
    // The renderer picks the halo GIF when Animate is on, and the plain GIF when the person turns the halo off.
    const src = `https://app.example/objects/${out.name}`;
    expect(imageGeometry(src, 'round', true).src).toMatch(/ahg-h\.gif$/);
    expect(imageGeometry(src, 'round', true, { halo: false }).src).toMatch(/ahg\.gif$/);
    expect(imageGeometry(src, 'round', true, { kind: 'photo' }).src).toMatch(/ahg-o-h\.gif$/);
  });

  it('an image stored before animated halos keeps its plain GIFs', () => {
    const older = parseStoredImageName('q7mz4kx2vb5nw3hj6tpa-160x53ah.png')!;
    expect(older).toMatchObject({ animated: true, halo: true });
    expect(older.haloGif).toBeUndefined();
    expect(imageGeometry(`/objects/q7mz4kx2vb5nw3hj6tpa-160x53ah.png`, 'round', true).src).toMatch(/ah\.gif$/);
    expect(imageGeometry(`/objects/q7mz4kx2vb5nw3hj6tpa-160x53ah.png`, 'round', false).src).toMatch(/ah-h\.png$/);
  });
});
