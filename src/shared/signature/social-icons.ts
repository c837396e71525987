import type { SocialPlatform } from './signature-schema';

/** Icons are drawn at this size in the signature… */
export const SOCIAL_ICON_DISPLAY_SIZE = 20;
/** …and served at twice that, so they stay sharp on high-density screens. */
export const SOCIAL_ICON_PIXEL_SIZE = SOCIAL_ICON_DISPLAY_SIZE * 2;
/**
 * Bump when the artwork changes: Gmail's image proxy caches by URL. Every earlier version stays
 * served, for mail already sent. v2 rings the near-black tiles so they keep an outline on dark
 * backgrounds (decision 0171).
 */
export const SOCIAL_ICON_VERSIONS = ['v1', 'v2'] as const;
export type SocialIconVersion = (typeof SOCIAL_ICON_VERSIONS)[number];
export const SOCIAL_ICON_VERSION: SocialIconVersion = 'v2';

/** The stable public path of a platform's PNG icon, served by the app. */
export function socialIconPath(platform: SocialPlatform): string {
  return `/icons/${SOCIAL_ICON_VERSION}/${platform}.png`;
}
