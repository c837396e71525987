import { SOCIAL_PLATFORM_INFO, type SocialPlatform } from '../../../shared/signature/signature-schema';
import { relativeLuminance } from '../../../shared/signature/dark-mode';
import {
  SOCIAL_ICON_PIXEL_SIZE,
  SOCIAL_ICON_VERSION,
  type SocialIconVersion,
} from '../../../shared/signature/social-icons';

/**
 * The artwork of each social icon: a rounded square in the platform's colour with a simple white
 * mark, drawn on a 40x40 grid. Marks are paths, not text, so they look the same whatever fonts
 * the server has.
 */
const WHITE = '#ffffff';

const GLYPHS: Record<SocialPlatform, (color: string) => string> = {
  // 'in'
  linkedin: () =>
    `<circle cx="13" cy="12.2" r="2.6" fill="${WHITE}"/>` +
    `<rect x="10.8" y="16.2" width="4.4" height="13.3" fill="${WHITE}"/>` +
    `<path fill="${WHITE}" d="M18.2 16.2h4.2v1.9c.8-1.4 2.5-2.3 4.6-2.3 3.6 0 4.9 2.3 4.9 5.9v7.8h-4.4v-7c0-1.7-.5-2.9-2.2-2.9-1.8 0-2.7 1.3-2.7 3.1v6.8h-4.4z"/>`,
  // 'X': one broad stroke and one fine one, as in the mark.
  twitter: () =>
    `<path fill="${WHITE}" d="M10.5 10.5h6.3l12.7 19h-6.3z"/>` +
    `<path stroke="${WHITE}" stroke-width="2.2" stroke-linecap="round" d="M28.3 11.2 11.7 28.8"/>`,
  // 'f' sitting on the bottom edge.
  facebook: () =>
    `<path fill="${WHITE}" d="M22.3 36V22.6h4.3l.7-5h-5v-3.1c0-1.4.4-2.4 2.5-2.4h2.7V7.6c-.5-.1-2-.2-3.8-.2-3.8 0-6.3 2.3-6.3 6.5v3.7h-4.3v5h4.3V36z"/>`,
  // Camera outline: rounded body, lens, flash dot.
  instagram: () =>
    `<rect x="10.5" y="10.5" width="19" height="19" rx="5.5" fill="none" stroke="${WHITE}" stroke-width="2.6"/>` +
    `<circle cx="20" cy="20" r="4.4" fill="none" stroke="${WHITE}" stroke-width="2.6"/>` +
    `<circle cx="25.4" cy="14.6" r="1.5" fill="${WHITE}"/>`,
  // White play button with the triangle cut out in the brand colour.
  youtube: (color) =>
    `<rect x="8" y="12" width="24" height="16" rx="4.5" fill="${WHITE}"/>` +
    `<path fill="${color}" d="M17.5 15.6v8.8l7.4-4.4z"/>`,
  // A cat's head with ears, over a short neck: the shape people know GitHub by.
  github: () =>
    `<path fill="${WHITE}" d="M13.2 11.2c1.6.1 3.3 1 4.4 2.1a10 10 0 0 1 4.8 0c1.1-1.1 2.8-2 4.4-2.1.5 1.3.6 2.8.3 4.1 1.1 1.2 1.7 2.7 1.7 4.5 0 4.4-2.9 6.4-6.6 6.9.8.6 1.2 1.6 1.2 2.9V33h-6.8v-3.4c-2.6.5-4.2-.4-5.1-2.2-.5-.9-1.2-1.5-2-1.7l.3-.9c1.2.1 2 .8 2.6 1.7.8 1.2 2.1 1.6 4.2 1.1.1-.8.5-1.5 1-1.9-3.7-.5-6.6-2.5-6.6-6.9 0-1.8.6-3.3 1.7-4.5-.3-1.3-.2-2.8.5-4z"/>`,
  // Music-note 'd' with the cyan and pink offsets of the mark.
  tiktok: () => {
    const note = 'M21.5 9.5v15.3a4.6 4.6 0 1 1-4.6-4.6M21.5 9.5c.2 3.3 2.6 5.7 5.9 5.9';
    const stroke = (c: string, dx: number, dy: number) =>
      `<path d="${note}" transform="translate(${dx} ${dy})" fill="none" stroke="${c}" stroke-width="3.2" stroke-linecap="round"/>`;
    return stroke('#25f4ee', -1, -1) + stroke('#fe2c55', 1, 1) + stroke(WHITE, 0, 0);
  },
  // The controller-shaped face with two eyes.
  discord: (color) =>
    `<path fill="${WHITE}" d="M13 13.6c2-1.5 4.2-2.2 5.9-2.5l.6 1.2a16 16 0 0 1 5 0l.6-1.2c1.7.3 3.9 1 5.9 2.5 2 3.3 2.9 7.1 2.6 11.4-2.1 1.6-4.3 2.5-6.2 3l-1.4-2.1c.9-.3 1.8-.8 2.6-1.3-4.7 2.2-9.5 2.2-14.2 0 .8.5 1.7 1 2.6 1.3l-1.4 2.1c-1.9-.5-4.1-1.4-6.2-3-.3-4.3.6-8.1 2.6-11.4z"/>` +
    `<ellipse cx="16.6" cy="20.3" rx="2" ry="2.2" fill="${color}"/>` +
    `<ellipse cx="23.4" cy="20.3" rx="2" ry="2.2" fill="${color}"/>`,
  // A basketball: the outline and its seams.
  dribbble: () =>
    `<g fill="none" stroke="${WHITE}" stroke-width="2.2">` +
    `<circle cx="20" cy="20" r="10.5"/>` +
    '<path d="M11.2 15.8c6.3.9 12.4-.6 16.4-4.3M12.6 27c3.2-5 9.2-7.4 17.7-5.7M16.3 10.2c4.4 5.3 7.3 11.5 8.4 19.2"/>' +
    '</g>',
};

/**
 * A tile darker than this (WCAG relative luminance) gets a ring from v2 on: X, GitHub and TikTok
 * are near black and vanish on a dark message (1.0–1.3:1 against #000000 and #202124).
 */
const RING_BELOW_LUMINANCE = 0.05;
/** Grey enough to sit quietly on white, light enough for 2.5:1 or more on both dark backgrounds. */
export const ICON_RING_COLOUR = '#80868b';

/** The icon as an SVG document at the served pixel size (2x the 20px display size), as a version drew it. */
export function socialIconSvg(platform: SocialPlatform, version: SocialIconVersion = SOCIAL_ICON_VERSION): string {
  const color = SOCIAL_PLATFORM_INFO[platform].color;
  const size = SOCIAL_ICON_PIXEL_SIZE;
  const ringed = version !== 'v1' && relativeLuminance(color) < RING_BELOW_LUMINANCE;
  // Inside the tile (1 display pixel), so the icon keeps its size and the ring its rounded corners.
  const ring = ringed
    ? `<rect x="1" y="1" width="38" height="38" rx="7" fill="none" stroke="${ICON_RING_COLOUR}" stroke-width="2"/>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 40 40">` +
    `<rect width="40" height="40" rx="8" fill="${color}"/>${ring}${GLYPHS[platform](color)}</svg>`
  );
}
