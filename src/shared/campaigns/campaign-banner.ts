import { escapeHtml } from '../signature/escape-html';
import { TABLE_ATTRS } from '../signature/signature-markup';
import { storedImageOf, UNKNOWN_IMAGE_WIDTH } from '../signature/image-geometry';
import { safeImageSrc } from '../signature/url-normalise';

/**
 * A campaign's banner as it goes under a signature (docs/decisions/0222-campaigns.md): one table row
 * with the linked image at its stored display size. Rendered here once, by the server; the editor's
 * preview and Copy to Gmail append the same markup through `renderSignature`'s `banner` option, so the
 * size guard counts it wherever a signature is measured.
 */
export type BannerMarkup = { html: string; text: string };

export type BannerInput = {
  /** The image's public path (`/objects/…`, the image pipeline's) or address. */
  imageUrl: string;
  altText: string;
  /** Where a click goes: the campaign's redirect on the public origin, or the link itself. */
  href: string;
};

export function campaignBannerMarkup(banner: BannerInput, publicUrl: string): BannerMarkup {
  const src = safeImageSrc(banner.imageUrl, publicUrl);
  // The server builds it: the campaign's redirect on PUBLIC_URL (a loopback or private host included),
  // or a web address the campaign's schema accepted.
  const href = /^https?:\/\/[^\s"<>]+$/i.test(banner.href) ? banner.href : '';
  const alt = escapeHtml(banner.altText.trim());
  const stored = storedImageOf(src);
  const size = stored ? ` width="${stored.width}" height="${stored.height}"` : ` width="${UNKNOWN_IMAGE_WIDTH}"`;
  const img = `<img src="${escapeHtml(src)}"${size} alt="${alt}" style="display:block;border:0">`;
  const linked = href === '' ? img : `<a href="${escapeHtml(href)}">${img}</a>`;
  return {
    html: `<table${TABLE_ATTRS} style="margin-top:12px"><tr><td>${linked}</td></tr></table>`,
    text: `\n\n${banner.altText.trim()}${href ? `: ${href}` : ''}`,
  };
}
