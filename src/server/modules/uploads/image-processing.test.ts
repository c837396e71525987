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
    expect(out.density.logo).toBe(2);
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
    expect(out.density.photo).toBe(2);
  });

  it('draws a small image no larger than it is, and says it is not sharp', async () => {
    const out = await processImage(await solid(40, 30).png().toBuffer());
    expect(exported(out, 'round')).toMatchObject({ kind: 'logo', width: 40, height: 30 });
    expect(fileOf(out, '-40x30p30.png')).toMatchObject({ width: 40, height: 30 });
    expect(out.density).toEqual({ logo: 1, photo: 1 });
  });

  // The density table: display size, file size and density for the sizes people upload.
  it.each([
    // source, shown as, logo display, logo file, photo display, photo file
    [300, 100, 'logo', [160, 53], [300, 99], 80, 100],
    [120, 120, 'photo', [80, 80], [120, 120], 80, 120],
    [1200, 400, 'logo', [160, 53], [320, 106], 80, 160],
  ] as const)(
    'stores %ix%i with every pixel it has, up to 2x',
    async (width, height, kind, logoDisplay, logoFile, photoDisplay, photoFile) => {
      const out = await processImage(await solid(width, height).png().toBuffer());
      expect(exported(out, 'round')).toMatchObject({ kind });
      expect([out.image.width, out.image.height]).toEqual(logoDisplay);
      const logo = fileOf(out, `-${logoDisplay[0]}x${logoDisplay[1]}.png`);
      expect([logo.width, logo.height]).toEqual(logoFile);
      const photo = exported(out, 'round', false);
      const photoShown = kind === 'photo' ? photo : imageGeometry(photo.src, 'round', false, { kind: 'photo' });
      expect([photoShown.width, photoShown.height]).toEqual([photoDisplay, photoDisplay]);
      expect([fileOf(out, '-o.png').width, fileOf(out, '-o.png').height]).toEqual([photoFile, photoFile]);
      expect(out.density.logo).toBeCloseTo(logoFile[0] / logoDisplay[0], 1);
      expect(out.density.photo).toBeCloseTo(photoFile / photoDisplay, 5);
    },
  );

  it('refuses a 10x10 image in words instead of drawing it 80x80', async () => {
    await expect(processImage(await solid(10, 10).png().toBuffer())).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/10×10 pixels, too small.*at least 40 pixels on each side/),
    });
    await expect(processImage(await solid(39, 12).png().toBuffer())).rejects.toMatchObject({
      message: expect.stringMatching(/at least 40 pixels on its longer side/),
    });
  });

  it('shows a photo smaller than 80 pixels at its own size, named so the renderer knows', async () => {
    const out = await processImage(await solid(60, 64).jpeg().toBuffer());
    expect(out.name).toMatch(/-60x64p60\.jpg$/);
    expect(exported(out, 'rounded')).toMatchObject({ kind: 'photo', width: 60, height: 60 });
    expect(fileOf(out, '-r.png')).toMatchObject({ width: 60, height: 60 });
  });

  it('crops a photo on its point of attention, not its centre', async () => {
    // A white 600x400 picture with a red subject near its right edge.
    const subject = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const input = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffffff' } })
      .composite([{ input: subject, left: 460, top: 140 }])
      .jpeg()
      .toBuffer();
    const out = await processImage(input);
    const square = await sharp(fileOf(out, '-q.jpg').bytes).raw().toBuffer({ resolveWithObject: true });
    // Somewhere in the right half of the square is the red subject (a centre crop shows only white).
    let red = 0;
    for (let i = 0; i < square.data.length; i += 3) if (square.data[i]! > 150 && square.data[i + 1]! < 100) red += 1;
    expect(red).toBeGreaterThan(1000);
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

  it('cuts rounded and round corners into every frame, whatever the frame count (1 to 20)', async () => {
    for (let count = 1; count <= 20; count += 1) {
      const colours = Array.from({ length: count }, (_, i) => `#${((i * 37) % 200) + 40}2080`.slice(0, 7));
      const input = count === 1 ? await solid(200, 200).gif().toBuffer() : await animatedGif(200, 200, colours);
      const out = await processImage(input);
      for (const variant of ['r', 'o'] as const) {
        const file = fileOf(out, count === 1 ? `-${variant}.png` : `-${variant}.gif`);
        const { data, info } = await sharp(file.bytes, { animated: true })
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const side = info.width;
        const pages = info.height / side;
        expect(pages, `${count} frames`).toBe(count);
        const alpha = (frame: number, x: number, y: number) => data[((frame * side + y) * side + x) * 4 + 3];
        for (let frame = 0; frame < count; frame += 1) {
          const where = `${variant}, frame ${frame + 1} of ${count}`;
          // Transparent corners, an opaque middle and opaque edge middles: one whole shape per frame.
          for (const [x, y] of [
            [0, 0],
            [side - 1, 0],
            [0, side - 1],
            [side - 1, side - 1],
          ] as const)
            expect(alpha(frame, x, y), `${where} corner ${x},${y}`).toBe(0);
          for (const [x, y] of [
            [side / 2, side / 2],
            [side / 2, 2],
            [side / 2, side - 3],
            [2, side / 2],
          ] as const)
            expect(alpha(frame, x, y), `${where} at ${x},${y}`).toBe(255);
        }
      }
    }
  }, 120_000);

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

  it('for any size and shape: the file has the shown proportions within a pixel, 1x to 2x, never enlarged', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1400 }),
        fc.integer({ min: 1, max: 1400 }),
        fc.constantFrom('square', 'rounded', 'round'),
        fc.boolean(),
        async (width, height, shape, alpha) => {
          const input = await solid(width, height, alpha ? 4 : 3)
            .png()
            .toBuffer();
          const photoShaped = width / height >= 0.8 && width / height <= 1.25;
          const tooSmall = Math.max(width, height) < 40 || (photoShaped && Math.min(width, height) < 40);
          if (tooSmall) {
            await expect(processImage(input)).rejects.toMatchObject({ code: 'VALIDATION' });
            return;
          }
          const out = await processImage(input);
          const shown = exported(out, shape);
          const name = shown.src.slice(shown.src.lastIndexOf('/') + 1);
          const file = out.files.find((f) => f.name === name)!;
          expect(file).toBeDefined();
          expect(shown.height).not.toBeNull();
          // Proportions: the file's shorter side is the shown proportion of its longer, to within a pixel.
          const [long, short, ratio] =
            file.width >= file.height
              ? [file.width, file.height, shown.height! / shown.width]
              : [file.height, file.width, shown.width / shown.height!];
          expect(Math.abs(short - long * ratio)).toBeLessThanOrEqual(1);
          expect(shown.width).toBeLessThanOrEqual(LOGO_BOX.width);
          expect(shown.height).toBeLessThanOrEqual(LOGO_BOX.height);
          // Never drawn larger than the source; as many pixels as it has, up to 2x.
          const density = file.width / shown.width;
          expect(density).toBeGreaterThanOrEqual(1);
          expect(density).toBeLessThanOrEqual(2);
          expect(file.width).toBeLessThanOrEqual(width);
          expect(file.height).toBeLessThanOrEqual(height);
          // Every pixel the source has, up to 2x, on the side that limits it.
          if (shown.kind === 'photo') expect(file.width).toBe(Math.min(2 * shown.width, width, height));
          else
            expect(
              file.width >= Math.min(2 * shown.width, width) - 1 ||
                file.height >= Math.min(2 * shown.height!, height) - 1,
            ).toBe(true);
          if (shown.kind === 'photo' && shape !== 'square') expect(await alphaAt(file.bytes, 0, 0)).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
