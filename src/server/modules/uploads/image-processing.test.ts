import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeImage, sniffImageType, UNREADABLE_IMAGE_MESSAGE } from './image-processing';

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 30, g: 90, b: 200, alpha: 0.5 } } });

describe('sniffImageType', () => {
  it('reads the type from the bytes, whatever the name or declared type', async () => {
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await solid(4, 4).gif().toBuffer())).toBe('image/gif');
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe('image/webp');
  });

  it('refuses SVG, HTML and anything else', () => {
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<!doctype html><p>hi'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF0000WAVE'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('reencodeImage', () => {
  it('keeps transparency as PNG and fits within 160x160 without enlarging', async () => {
    const big = await reencodeImage(await solid(800, 400, 4).png().toBuffer());
    expect(big).toMatchObject({ contentType: 'image/png', extension: 'png', width: 160, height: 80 });
    const small = await reencodeImage(await solid(40, 30).png().toBuffer());
    expect(small).toMatchObject({ width: 40, height: 30, contentType: 'image/png' });
  });

  it('turns an opaque photo into a JPEG, upright, with its metadata gone', async () => {
    // 300x200 pixels stored sideways: EXIF orientation 6 means "rotate 90° clockwise to view".
    const input = await solid(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'Ada Lovelace', Copyright: 'Private' } })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();

    const out = await reencodeImage(input);
    expect(out).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 107, height: 160 });
    const after = await sharp(out.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.bytes.includes(Buffer.from('Ada Lovelace'))).toBe(false);
  });

  it('keeps only the first frame of an animated GIF, as a PNG', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
        sharp({ create: { width: 200, height: 200, channels: 3, background } }).png().toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);

    const out = await reencodeImage(gif);
    expect(out).toMatchObject({ contentType: 'image/png', width: 160, height: 160 });
    const meta = await sharp(out.bytes).metadata();
    expect(meta.pages ?? 1).toBe(1);
    const { data } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
  });

  it('turns an opaque WebP into a JPEG', async () => {
    const out = await reencodeImage(await solid(320, 320).webp().toBuffer());
    expect(out).toMatchObject({ contentType: 'image/jpeg', width: 160, height: 160 });
  });

  it('answers 400 in plain words for a corrupt image', async () => {
    const png = await solid(100, 100).png().toBuffer();
    const truncated = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    await expect(reencodeImage(truncated)).rejects.toMatchObject({ code: 'VALIDATION', message: UNREADABLE_IMAGE_MESSAGE });
  });
});
