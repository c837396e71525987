import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageGeometry, LOGO_BOX, PHOTO_SIZE, type ImageVariant } from '../../../shared/signature/image-geometry';
import {
  looksLikeSvg,
  processImage,
  sniffImageType,
  UNREADABLE_IMAGE_MESSAGE,
  type ProcessedImage,
} from './image-processing';

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 30, g: 90, b: 200, alpha: channels === 4 ? 0.5 : 1 } } });

const animatedGif = async (width: number, height: number, colours = ['#ff0000', '#00ff00', '#0000ff']) => {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
};

const fileOf = (processed: ProcessedImage, suffix: string) => {
  const file = processed.files.find((f) => f.name.endsWith(suffix));
  if (!file) throw new Error(`no file ending ${suffix} in ${processed.files.map((f) => f.name).join(', ')}`);
  return file;
};

/** The <img> the renderer would write for this image, shape and Animate setting. */
const exported = (processed: ProcessedImage, shape: string, animate = false) =>
  imageGeometry(`https://app.example/objects/${processed.name}`, shape, animate);

async function alphaAt(bytes: Buffer, x: number, y: number, frame = 0): Promise<number> {
  const { data, info } = await sharp(bytes, { animated: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pageHeight = info.pageHeight ?? info.height;
  return data[((frame * pageHeight + y) * info.width + x) * 4 + 3]!;
}

describe('sniffImageType', () => {
  it('reads the type from the bytes, whatever the name or declared type', async () => {
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await solid(4, 4).gif().toBuffer())).toBe('image/gif');
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe('image/webp');
  });

  it('refuses SVG, HTML and anything else, and knows an SVG when it sees one', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(sniffImageType(svg)).toBeNull();
    expect(looksLikeSvg(svg)).toBe(true);
    expect(looksLikeSvg(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<svg width="1"></svg>'))).toBe(true);
    expect(sniffImageType(Buffer.from('<!doctype html><p>hi'))).toBeNull();
    expect(looksLikeSvg(Buffer.from('<!doctype html><p>hi'))).toBe(false);
    expect(sniffImageType(Buffer.from('RIFF0000WAVE'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage', () => {
  it('keeps a wide logo whole: 1200x400 is shown 160x53 from a 320x106 file', async () => {
    const out = await processImage(await solid(1200, 400).png().toBuffer());
    expect(out.name).toMatch(/^[a-z2-7]{20}-160x53\.png$/);
    const logo = exported(out, 'round');
    expect(logo).toMatchObject({ kind: 'logo', width: 160, height: 53 });
    expect(logo.src.endsWith(out.name)).toBe(true);
    expect(fileOf(out, '-160x53.png')).toMatchObject({ width: 320, height: 106, contentType: 'image/png' });
    expect(out.sharp.logo).toBe(true);
  });

  it('keeps a tall logo whole, fitted in the box', async () => {
    const out = await processImage(await solid(300, 900).jpeg().toBuffer());
    expect(exported(out, 'round')).toMatchObject({ kind: 'logo', width: 27, height: 80 });
    expect(fileOf(out, '-27x80.jpg')).toMatchObject({ width: 54, height: 160, contentType: 'image/jpeg' });
  });

  it('crops a photo square and cuts rounded and round corners into transparent PNGs, at 2x', async () => {
    const out = await processImage(await solid(600, 500).jpeg().toBuffer());
    expect(exported(out, 'square')).toMatchObject({ kind: 'photo', width: PHOTO_SIZE, height: PHOTO_SIZE });
    expect(exported(out, 'square').src).toMatch(/-q\.jpg$/);
    expect(exported(out, 'rounded').src).toMatch(/-r\.png$/);
    expect(exported(out, 'round').src).toMatch(/-o\.png$/);
    expect(exported(out, 'circle').src).toMatch(/-o\.png$/);
    for (const variant of ['q', 'r', 'o'] as ImageVariant[]) {
      const file = out.files.find((f) => f.name.includes(`-${variant}.`))!;
      expect([file.width, file.height]).toEqual([160, 160]);
    }
    const square = fileOf(out, '-q.jpg').bytes;
    const rounded = fileOf(out, '-r.png').bytes;
    const round = fileOf(out, '-o.png').bytes;
    expect(await alphaAt(square, 0, 0)).toBe(255);
    for (const bytes of [rounded, round]) {
      for (const [x, y] of [
        [0, 0],
        [159, 0],
        [0, 159],
        [159, 159],
      ] as const)
        expect(await alphaAt(bytes, x, y)).toBe(0);
      expect(await alphaAt(bytes, 80, 80)).toBe(255);
    }
    // Rounded keeps the edge's middle; round cuts in from the corner much further.
    expect(await alphaAt(rounded, 8, 1)).toBeGreaterThan(0);
    expect(await alphaAt(round, 20, 20)).toBe(0);
    expect(await alphaAt(rounded, 20, 20)).toBe(255);
    expect(out.sharp.photo).toBe(true);
  });

  it('accepts a tiny image at 1x and says it is not sharp', async () => {
    const out = await processImage(await solid(40, 30).png().toBuffer());
    expect(exported(out, 'round')).toMatchObject({ kind: 'logo', width: 107, height: 80 });
    expect(fileOf(out, '-107x80.png')).toMatchObject({ width: 107, height: 80 });
    expect(out.sharp).toEqual({ logo: false, photo: false });
  });

  it('keeps transparency as PNG and makes opaque photos JPEG, upright, with their metadata gone', async () => {
    const transparent = await processImage(await solid(400, 400, 4).png().toBuffer());
    expect(transparent.name).toMatch(/\.png$/);
    expect(await alphaAt(fileOf(transparent, '-q.png').bytes, 80, 80)).toBeLessThan(255);

    // 300x200 pixels stored sideways: EXIF orientation 6 means "rotate 90° clockwise to view".
    const input = await solid(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'Ada Lovelace', Copyright: 'Private' } })
      .toBuffer();
    const out = await processImage(input);
    expect(out.source).toEqual({ width: 200, height: 300 });
    expect(exported(out, 'round')).toMatchObject({ kind: 'logo', width: 53, height: 80 });
    for (const file of out.files) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file.bytes.includes(Buffer.from('Ada Lovelace'))).toBe(false);
    }
    expect(fileOf(out, '-53x80.jpg')).toMatchObject({ width: 106, height: 160 });
  });

  it('keeps every frame of an animated GIF for Animate on, and its first frame for Animate off', async () => {
    const out = await processImage(await animatedGif(200, 200));
    expect(out.name).toMatch(/-80x80a\.png$/);
    const still = exported(out, 'round', false);
    const moving = exported(out, 'round', true);
    expect(still.src).toMatch(/-80x80a-o\.png$/);
    expect(moving.src).toMatch(/-80x80a-o\.gif$/);
    expect(exported(out, 'square', true).src).toMatch(/-q\.gif$/);
    expect(exported(out, 'rounded', true).src).toMatch(/-r\.gif$/);

    const gif = fileOf(out, '-o.gif');
    const meta = await sharp(gif.bytes).metadata();
    expect(meta.pages).toBe(3);
    expect([gif.width, gif.height]).toEqual([160, 160]);
    const { data, info } = await sharp(gif.bytes, { animated: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (frame: number, x: number, y: number) => [
      ...data.subarray(((frame * 160 + y) * info.width + x) * 4, ((frame * 160 + y) * info.width + x) * 4 + 4),
    ];
    expect(pixel(0, 80, 80).slice(0, 3)).toEqual([255, 0, 0]);
    expect(pixel(1, 80, 80).slice(0, 3)).toEqual([0, 255, 0]);
    expect(pixel(2, 80, 80).slice(0, 3)).toEqual([0, 0, 255]);
    for (const frame of [0, 1, 2]) expect(pixel(frame, 0, 0)[3]).toBe(0);

    const first = fileOf(out, '-o.png');
    expect((await sharp(first.bytes).metadata()).pages ?? 1).toBe(1);
    const { data: firstData } = await sharp(first.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([firstData[(80 * 160 + 80) * 4], firstData[(80 * 160 + 80) * 4 + 1]]).toEqual([255, 0]);
  });

  it('converts WebP', async () => {
    const out = await processImage(await solid(320, 320).webp().toBuffer());
    expect(out.files.every((file) => file.contentType !== ('image/webp' as string))).toBe(true);
    expect(fileOf(out, '-q.jpg')).toMatchObject({ width: 160, height: 160, contentType: 'image/jpeg' });
  });

  it('answers 400 in plain words for a corrupt image', async () => {
    const png = await solid(100, 100).png().toBuffer();
    const truncated = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    await expect(processImage(truncated)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: UNREADABLE_IMAGE_MESSAGE,
    });
  });

  it("for any size and shape: the exported proportions equal the file's within 1%, at 2x when the source allows", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1400 }),
        fc.integer({ min: 1, max: 1400 }),
        fc.constantFrom('square', 'rounded', 'round'),
        fc.boolean(),
        async (width, height, shape, alpha) => {
          const out = await processImage(
            await solid(width, height, alpha ? 4 : 3)
              .png()
              .toBuffer(),
          );
          const shown = exported(out, shape);
          const name = shown.src.slice(shown.src.lastIndexOf('/') + 1);
          const file = out.files.find((f) => f.name === name)!;
          expect(file).toBeDefined();
          expect(shown.height).not.toBeNull();
          const shownRatio = shown.width / shown.height!;
          expect(Math.abs(file.width / file.height - shownRatio) / shownRatio).toBeLessThanOrEqual(0.01);
          expect(shown.width).toBeLessThanOrEqual(LOGO_BOX.width);
          expect(shown.height).toBeLessThanOrEqual(LOGO_BOX.height);
          // 2x exactly when the source had the pixels, else 1x (and reported).
          const density = file.width / shown.width;
          expect([1, 2]).toContain(density);
          expect(file.height / shown.height!).toBe(density);
          const covers =
            shown.kind === 'photo'
              ? Math.min(width, height) >= 160
              : width >= shown.width * 2 && height >= shown.height! * 2;
          if (covers) expect(density).toBe(2);
          if (shown.kind === 'photo' && shape !== 'square') expect(await alphaAt(file.bytes, 0, 0)).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
