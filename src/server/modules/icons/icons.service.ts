import { SOCIAL_PLATFORMS, type SocialPlatform } from '../../../shared/signature/signature-schema';
import {
  SOCIAL_ICON_VERSION,
  SOCIAL_ICON_VERSIONS,
  type SocialIconVersion,
} from '../../../shared/signature/social-icons';
import { socialIconSvg } from './icon-artwork';

function isSocialPlatform(value: string): value is SocialPlatform {
  return (SOCIAL_PLATFORMS as readonly string[]).includes(value);
}

/** Social icons as PNG (Gmail shows no SVG), each drawn once and then served from memory. */
export function createIconsService() {
  const rendered = new Map<string, Promise<Buffer>>();

  function renderIcon(platform: SocialPlatform, version: SocialIconVersion = SOCIAL_ICON_VERSION): Promise<Buffer> {
    const key = `${version}/${platform}`;
    let png = rendered.get(key);
    if (!png) {
      // sharp (a native library) is loaded by the first drawing, not at start-up (decision 0092).
      png = import('sharp').then(({ default: sharp }) =>
        sharp(Buffer.from(socialIconSvg(platform, version)))
          .png({ compressionLevel: 9 })
          .toBuffer(),
      );
      // A failed render is not cached, so the next request tries again.
      png.catch(() => rendered.delete(key));
      rendered.set(key, png);
    }
    return png;
  }

  return {
    /** The PNG for a platform as a version drew it, or null when there is no such platform or version. */
    async findSocialIcon(platform: string, version: string = SOCIAL_ICON_VERSION): Promise<Buffer | null> {
      if (!(SOCIAL_ICON_VERSIONS as readonly string[]).includes(version)) return null;
      return isSocialPlatform(platform) ? renderIcon(platform, version as SocialIconVersion) : null;
    },

    /** Draws every icon ahead of the first request. */
    async renderAllIcons(): Promise<void> {
      await Promise.all(SOCIAL_PLATFORMS.map((platform) => renderIcon(platform)));
    },
  };
}
export type IconsService = ReturnType<typeof createIconsService>;
