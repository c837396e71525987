import { GMAIL_SIGNATURE_MAX_CHARS } from './export-checks';

/** From this many stored characters the editor warns that the signature is close to Gmail's limit. */
export const GMAIL_SIGNATURE_WARN_CHARS = 8000;
/** Gmail re-hosts every image of a saved signature under its own proxy URL of about this length. */
export const GMAIL_REHOSTED_IMAGE_URL_CHARS = 125;

export type GmailSizeStatus = 'ok' | 'warn' | 'over';

export type GmailSize = {
  /** Characters of the HTML we hand over (escaped output, as pasted or pushed). */
  characters: number;
  /** What Gmail will store: image URLs replaced by its ~125-character proxy URLs, colours as rgb(). */
  stored: number;
  limit: typeof GMAIL_SIGNATURE_MAX_CHARS;
  warnAt: typeof GMAIL_SIGNATURE_WARN_CHARS;
  status: GmailSizeStatus;
};

const IMG_SRC = /<img\b[^>]*?\ssrc="([^"]*)"/gi;
const HEX_COLOUR = /#([0-9a-f]{6}|[0-9a-f]{3})\b/gi;

/** `rgb(r, g, b)` as Gmail writes it for a `#rrggbb` or `#rgb` colour. */
function rgbLength(hex: string): number {
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const parts = [0, 2, 4].map((i) => String(Number.parseInt(full.slice(i, i + 2), 16)));
  return `rgb(${parts.join(', ')})`.length;
}

/**
 * Counts a rendered signature the way Gmail's 10,000-character limit will see it once saved:
 * every image URL becomes Gmail's re-hosted URL and every hex colour its rgb() form. The HTML
 * given is the escaped output, so `&amp;` counts as the five characters it is.
 */
export function measureGmailSize(html: string): GmailSize {
  let stored = html.length;
  for (const match of html.matchAll(IMG_SRC)) stored += GMAIL_REHOSTED_IMAGE_URL_CHARS - (match[1] ?? '').length;
  for (const match of html.matchAll(HEX_COLOUR)) stored += rgbLength(match[1] ?? '') - (match[0] ?? '').length;
  const worst = Math.max(stored, html.length);
  const status: GmailSizeStatus =
    worst > GMAIL_SIGNATURE_MAX_CHARS ? 'over' : worst >= GMAIL_SIGNATURE_WARN_CHARS ? 'warn' : 'ok';
  return {
    characters: html.length,
    stored,
    limit: GMAIL_SIGNATURE_MAX_CHARS,
    warnAt: GMAIL_SIGNATURE_WARN_CHARS,
    status,
  };
}
