import sharp from 'sharp';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '../../../shared/signature/signature-schema';
import { socialIconSvg } from './icon-artwork';

function isSocialPlatform(value: string): value is SocialPlatform {
  return (SOCIAL_PLATFORMS as readonly string[]).includes(value);
}

/** Social icons as PNG (Gmail shows no SVG), each drawn once and then served from memory. */
export function createIconsService() {
  const rendered = new Map<SocialPlatform, Promise<Buffer>>();

  function renderIcon(platform: SocialPlatform): Promise<Buffer> {
    let png = rendered.get(platform);
    if (!png) {
      png = sharp(Buffer.from(socialIconSvg(platform)))
        .png({ compressionLevel: 9 })
        .toBuffer();
      // A failed render is not cached, so the next request tries again.
      png.catch(() => rendered.delete(platform));
      rendered.set(platform, png);
    }
    return png;
  }

  return {
    /** The PNG for a platform, or null when there is no such platform. */
    async findSocialIcon(platform: string): Promise<Buffer | null> {
      return isSocialPlatform(platform) ? renderIcon(platform) : null;
    },

    /** Draws every icon ahead of the first request. */
    async renderAllIcons(): Promise<void> {
      await Promise.all(SOCIAL_PLATFORMS.map(renderIcon));
    },
  };
}
export type IconsService = ReturnType<typeof createIconsService>;
