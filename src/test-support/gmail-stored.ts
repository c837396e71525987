/**
 * What Gmail stores of a signature, written out as Gmail writes it (not counted): the fixtures for
 * the size model's tests and the round-trip check. Built from the rewrites seen in public
 * Gmail-produced signature HTML (docs/decisions/0160): a `<div dir="ltr">` around it, a `<tbody>`
 * in every table, `target="_blank"` on every link, every image on a googleusercontent proxy URL,
 * colours as `rgb(r,g,b)`, quoted font names with `&quot;`.
 *
 * This is a transform of the HTML, deliberately separate from the counting model in
 * src/shared/signature/gmail-size.ts, so that a test comparing the two checks one against the other.
 */

const PROXY_PREFIX = 'https://ci3.googleusercontent.com/mail-sig/AIorK4';
const PROXY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A proxy URL of `length` characters, different for every `seed`. */
export function gmailProxyUrl(seed: number, length = 127): string {
  let body = '';
  let state = (seed * 2654435761) >>> 0;
  while (PROXY_PREFIX.length + body.length < length) {
    state = (state * 1103515245 + 12345) >>> 0;
    body += PROXY_ALPHABET[state % PROXY_ALPHABET.length];
  }
  return PROXY_PREFIX + body;
}

function rgb(hex: string): string {
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return `rgb(${Number.parseInt(full.slice(0, 2), 16)},${Number.parseInt(full.slice(2, 4), 16)},${Number.parseInt(full.slice(4, 6), 16)})`;
}

function rewriteStyle(style: string): string {
  return style.replace(/#([0-9a-f]{6}|[0-9a-f]{3})\b/gi, (_, hex: string) => rgb(hex)).replace(/'/g, '&quot;');
}

export type GmailStoreOptions = {
  /** Proxy URL length for each image in order (122–127 in the wild); 127 when not given. */
  proxyLengths?: readonly number[];
};

/** `html` as Gmail keeps it once saved as a signature (the inside of its `div.gmail_signature`). */
export function gmailStoredHtml(html: string, options: GmailStoreOptions = {}): string {
  if (html === '') return '';
  let image = 0;
  const rewritten = html
    .replace(/<table\b([^>]*)>/gi, '<table$1><tbody>')
    .replace(/<\/table>/gi, '</tbody></table>')
    .replace(/<a\s([^>]*)>/gi, '<a $1 target="_blank">')
    .replace(/(<img\b[^>]*?\ssrc=")[^"]*"/gi, (_, start: string) => {
      const length = options.proxyLengths?.[image] ?? 127;
      image += 1;
      return `${start}${gmailProxyUrl(image, length)}"`;
    })
    .replace(/\sstyle="([^"]*)"/gi, (_, style: string) => ` style="${rewriteStyle(style)}"`);
  return `<div dir="ltr">${rewritten}</div>`;
}
