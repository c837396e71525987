import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { contrastRatio } from '../../../shared/signature/dark-mode';
import { SOCIAL_PLATFORM_INFO, SOCIAL_PLATFORMS } from '../../../shared/signature/signature-schema';
import { socialIconPath } from '../../../shared/signature/social-icons';

describeEachDatabase('social icons', (kind) => {
  const t = useTestApp(kind);

  it.each(SOCIAL_PLATFORMS)(
    'serves %s as a 40x40 PNG in its brand colour, cacheable from any origin',
    async (platform) => {
      const res = await t.app.inject({ method: 'GET', url: socialIconPath(platform) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');

      const image = sharp(res.rawPayload);
      const meta = await image.metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 40, 40]);
      // A pixel near the edge shows the platform colour; the rounded corner is see-through.
      const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
      const hex = SOCIAL_PLATFORM_INFO[platform].color;
      const brand = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      expect(at(20, 2).slice(0, 3)).toEqual(brand);
      expect(at(0, 0)[3]).toBeLessThan(40);
      // And the mark is there: some pixels are white.
      let white = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240) white++;
      expect(white).toBeGreaterThan(40);
    },
  );

  // The tile's edge, laid on a dark message: what outlines the icon when the tile is near black.
  it.each(SOCIAL_PLATFORMS)('keeps %s at least 1.5:1 against #000000 and #202124 at its edge', async (platform) => {
    const res = await t.app.inject({ method: 'GET', url: socialIconPath(platform) });
    for (const background of ['#000000', '#202124']) {
      const data = await sharp(res.rawPayload).flatten({ background }).raw().toBuffer();
      const hexAt = (x: number, y: number) =>
        `#${[0, 1, 2].map((c) => data[(y * 40 + x) * 3 + c]!.toString(16).padStart(2, '0')).join('')}`;
      // The middle of each side, one pixel in: the outermost opaque ring of the tile.
      const edge = [hexAt(20, 1), hexAt(1, 20), hexAt(38, 20), hexAt(20, 38)];
      const lowest = Math.min(...edge.map((hex) => contrastRatio(hex, background)));
      expect(lowest, `${platform} on ${background}: ${edge.join(' ')}`).toBeGreaterThanOrEqual(1.5);
    }
  });

  it('still serves the unringed v1 icons, for mail already sent', async () => {
    const v1 = await t.app.inject({ method: 'GET', url: '/icons/v1/github.png' });
    const v2 = await t.app.inject({ method: 'GET', url: socialIconPath('github') });
    expect(socialIconPath('github')).toBe('/icons/v2/github.png');
    expect(v1.statusCode).toBe(200);
    expect(v1.rawPayload.equals(v2.rawPayload)).toBe(false);
    const edgeRed = async (png: Buffer) =>
      (await sharp(png).flatten({ background: '#000000' }).raw().toBuffer())[(1 * 40 + 20) * 3]!;
    expect(await edgeRed(v1.rawPayload)).toBeLessThan(40);
    expect(await edgeRed(v2.rawPayload)).toBeGreaterThan(100);
  });

  it('answers 404 for an unknown platform, file or version', async () => {
    for (const url of [
      '/icons/v1/myspace.png',
      '/icons/v1/linkedin.svg',
      '/icons/v0/linkedin.png',
      '/icons/v3/linkedin.png',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
