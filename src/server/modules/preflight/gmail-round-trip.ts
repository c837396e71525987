import { simpleParser } from 'mailparser';
import type { GmailCheckAnswer } from '../../../shared/api/preflight';
import { gmailStoredLength } from '../../../shared/signature/gmail-size';
import { decode, signatureImages } from '../../../shared/signature/preflight-parts';

/**
 * "Check what Gmail stored" (docs/decisions/0166): a message the person sent from Gmail, as Gmail's
 * "Show original" gives it, holds the signature exactly as Gmail keeps it, inside
 * `<div class="gmail_signature">`. Its length is the real stored length; its images show whether
 * Gmail moved them to its proxy; what our HTML had and Gmail's has not is what Gmail dropped.
 */

/** Gmail's image proxy hosts (ci3.googleusercontent.com and the like). */
const GMAIL_PROXY = /^https:\/\/ci\d*\.googleusercontent\.com\//i;
const SIGNATURE_OPEN = /<div\b[^>]*\bclass="[^"]*\bgmail_signature\b[^"]*"[^>]*>/i;
const DIV_TAG = /<(\/?)div\b[^>]*>/gi;
const LINK_HREF = /<a\b[^>]*?\shref="([^"]*)"/gi;
const STYLE = /\sstyle="([^"]*)"/gi;
const HEADER_LINE = /^[A-Za-z-]+:\s/;

/** The message's HTML: a full message (headers and MIME parts) is decoded; bare HTML is taken as it is. */
export async function htmlOfOriginal(original: string): Promise<string | null> {
  const trimmed = original.trimStart();
  if (trimmed.startsWith('<') || !HEADER_LINE.test(trimmed)) return trimmed === '' ? null : trimmed;
  const parsed = await simpleParser(trimmed, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  return typeof parsed.html === 'string' ? parsed.html : null;
}

/** The inside of Gmail's signature block (what Gmail stores), by matching its div; null when absent. */
export function gmailSignatureOf(html: string): string | null {
  const open = SIGNATURE_OPEN.exec(html);
  if (!open) return null;
  const start = open.index + open[0].length;
  let depth = 1;
  DIV_TAG.lastIndex = start;
  for (let tag = DIV_TAG.exec(html); tag; tag = DIV_TAG.exec(html)) {
    depth += tag[1] === '/' ? -1 : 1;
    if (depth === 0) return html.slice(start, tag.index);
  }
  return html.slice(start);
}

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => decode(m[1] ?? ''));
/** The CSS property names one piece of HTML uses anywhere. */
const properties = (html: string) =>
  new Set(
    all(html, STYLE).flatMap((style) =>
      style
        .split(';')
        .map((declaration) => declaration.split(':')[0]?.trim().toLowerCase() ?? '')
        .filter((name) => name !== ''),
    ),
  );

/** Our prediction for `ourHtml` beside what Gmail stored, from `original` (a message or its HTML). */
export async function compareWithGmail(original: string, ourHtml: string): Promise<GmailCheckAnswer> {
  const predicted = gmailStoredLength(ourHtml);
  const html = await htmlOfOriginal(original);
  const stored = html === null ? null : gmailSignatureOf(html);
  if (stored === null) {
    return { found: false, storedLength: 0, predictedLength: predicted, differencePercent: 0, images: [], dropped: [] };
  }
  const images = signatureImages(stored).map(({ src }) => ({ src, proxied: GMAIL_PROXY.test(src) }));
  const dropped: string[] = [];
  const ourImages = signatureImages(ourHtml).length;
  if (images.length < ourImages) dropped.push(`${ourImages - images.length} of ${ourImages} images`);
  const theirLinks = new Set(all(stored, LINK_HREF));
  for (const href of new Set(all(ourHtml, LINK_HREF))) if (!theirLinks.has(href)) dropped.push(`the link ${href}`);
  const theirProperties = properties(stored);
  for (const name of properties(ourHtml)) if (!theirProperties.has(name)) dropped.push(`the style ${name}`);
  const storedLength = stored.length;
  const differencePercent =
    storedLength === 0 ? 0 : Math.round((Math.abs(predicted - storedLength) / storedLength) * 1000) / 10;
  return { found: true, storedLength, predictedLength: predicted, differencePercent, images, dropped };
}
