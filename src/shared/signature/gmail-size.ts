/**
 * How long a signature is once Gmail has stored it, and the one limit every caller applies
 * (docs/decisions/0160). Gmail rewrites what it is given before it counts it against its 10,000
 * characters; public Gmail-produced signature HTML shows each of these rewrites:
 *
 * - a `<div dir="ltr">` wraps the signature (+21);
 * - every table gets a `<tbody>` (+15 each);
 * - every link gets ` target="_blank"` (+16 each, `mailto:` and `tel:` links included);
 * - every image URL becomes a googleusercontent proxy URL of 122–127 characters (counted as 127);
 * - every colour is written `rgb(r,g,b)` (no spaces), so `#1a73e8` (7) becomes `rgb(26,115,232)` (15);
 * - a quoted font name's quotes become `&quot;` (+5 each quote).
 *
 * The HTML given is the escaped output, so `&amp;` counts as the five characters it is.
 */

/** Gmail refuses or truncates a longer signature ("Signature exceeds maximum length of 10000 characters"). */
export const GMAIL_SIGNATURE_MAX_CHARS = 10_000;
/**
 * What we allow by the model: Gmail's limit less 2% for what the model cannot see (a proxy URL
 * a few characters longer, a rewrite Gmail starts making). Every refusal uses this one figure.
 */
export const SIGNATURE_SIZE_LIMIT = 9_800;
/** From this many stored characters the editor warns that the signature is close to the limit. */
export const GMAIL_SIGNATURE_WARN_CHARS = 8_000;
/** Gmail's image proxy URLs are 122–127 characters long; the model counts the longest. */
export const GMAIL_PROXY_IMAGE_URL_CHARS = 127;

const WRAPPER_CHARS = '<div dir="ltr"></div>'.length;
const TBODY_CHARS = '<tbody></tbody>'.length;
const TARGET_BLANK_CHARS = ' target="_blank"'.length;
const QUOTE_GROWTH = '&quot;'.length - 1;

export type GmailSizeStatus = 'ok' | 'warn' | 'over';

export type GmailSize = {
  /** Characters of the HTML we hand over (escaped output, as pasted or pushed). */
  characters: number;
  /** What Gmail will store, by the model above. */
  stored: number;
  limit: typeof SIGNATURE_SIZE_LIMIT;
  warnAt: typeof GMAIL_SIGNATURE_WARN_CHARS;
  status: GmailSizeStatus;
};

// One pass over the HTML: a table, a link, an image's src or a style attribute.
const REWRITTEN = /<table\b|<a\s|<img\b[^>]*?\ssrc="([^"]*)"|\sstyle="([^"]*)"/gi;
const HEX_COLOUR = /#([0-9a-f]{6}|[0-9a-f]{3})\b/gi;
const SINGLE_QUOTE = /'/g;

/** `rgb(r,g,b)` as Gmail writes it for a `#rrggbb` or `#rgb` colour. */
export function gmailRgb(hex: string): string {
  const digits = hex.startsWith('#') ? hex.slice(1) : hex;
  const full = digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits;
  const parts = [0, 2, 4].map((i) => String(Number.parseInt(full.slice(i, i + 2), 16)));
  return `rgb(${parts.join(',')})`;
}

/** The growth of one style attribute's value once Gmail rewrites its colours and quoted font names. */
function styleGrowth(style: string): number {
  let growth = (style.match(SINGLE_QUOTE)?.length ?? 0) * QUOTE_GROWTH;
  if (style.includes('#')) {
    for (const match of style.matchAll(HEX_COLOUR)) growth += gmailRgb(match[1] ?? '').length - match[0].length;
  }
  return growth;
}

/**
 * The length of `html` once Gmail has stored it, by the model above; 0 for an empty signature.
 * Never less than the HTML itself: the Gmail API counts what it receives before rewriting it, so
 * an image URL longer than a proxy URL shortens nothing that has to fit.
 */
export function gmailStoredLength(html: string): number {
  if (html === '') return 0;
  let stored = html.length + WRAPPER_CHARS;
  for (const match of html.matchAll(REWRITTEN)) {
    const [whole, src, style] = match;
    if (src !== undefined) stored += GMAIL_PROXY_IMAGE_URL_CHARS - src.length;
    else if (style !== undefined) stored += styleGrowth(style);
    else stored += whole.charAt(1).toLowerCase() === 't' ? TBODY_CHARS : TARGET_BLANK_CHARS;
  }
  return Math.max(stored, html.length);
}

/** The one limit: true above SIGNATURE_SIZE_LIMIT stored characters. */
export function overGmailLimit(stored: number): boolean {
  return stored > SIGNATURE_SIZE_LIMIT;
}

/** The words for a signature over the limit, where no fields are at hand to name the parts to trim. */
export function overGmailLimitWords(stored: number): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `This signature takes ${n(stored)} characters once Gmail stores it; Gmail takes at most ${n(GMAIL_SIGNATURE_MAX_CHARS)} and we stop at ${n(SIGNATURE_SIZE_LIMIT)} to stay safely inside.`;
}

/** Over the limit, or a warning from GMAIL_SIGNATURE_WARN_CHARS. */
export function gmailSizeStatus(stored: number): GmailSizeStatus {
  if (overGmailLimit(stored)) return 'over';
  return stored >= GMAIL_SIGNATURE_WARN_CHARS ? 'warn' : 'ok';
}

/** The size figures of an HTML whose stored length is already known (a render's manifest). */
export function gmailSizeOf(html: string, stored: number = gmailStoredLength(html)): GmailSize {
  return {
    characters: html.length,
    stored,
    limit: SIGNATURE_SIZE_LIMIT,
    warnAt: GMAIL_SIGNATURE_WARN_CHARS,
    status: gmailSizeStatus(stored),
  };
}
