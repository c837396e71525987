import { watermarkText } from '../billing/watermark';
import { escapeHtml } from './escape-html';
import { SOCIAL_PLATFORMS, type SocialPlatform } from './signature-schema';
import { socialIconPath } from './social-icons';

/** Strings that depend only on the public URL, escaped once for every render on that origin. */
export type OriginAssets = {
  publicUrl: string;
  publicUrlAttr: string;
  iconSrcAttr: Readonly<Record<SocialPlatform, string>>;
  watermarkText: string;
  watermarkHtml: string;
};

// One entry is enough: a process (or a browser tab) renders for a single public URL. Caching keeps
// the URL parse inside watermarkText and nine icon URLs out of the per-render cost.
let lastAssets: OriginAssets | undefined;

function buildOriginAssets(publicUrl: string): OriginAssets {
  const iconSrcAttr = {} as Record<SocialPlatform, string>;
  for (const platform of SOCIAL_PLATFORMS) iconSrcAttr[platform] = escapeHtml(publicUrl + socialIconPath(platform));
  const text = watermarkText(publicUrl);
  return {
    publicUrl,
    publicUrlAttr: escapeHtml(publicUrl),
    iconSrcAttr,
    watermarkText: text,
    watermarkHtml: escapeHtml(text),
  };
}

export function readOriginAssets(publicUrl: string): OriginAssets {
  if (lastAssets?.publicUrl !== publicUrl) lastAssets = buildOriginAssets(publicUrl);
  return lastAssets;
}
