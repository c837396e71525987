import {
  contrastRatio,
  darkModeContrast,
  GMAIL_DARK_BACKGROUND,
  MIN_TEXT_CONTRAST,
  suggestReadableColour,
} from './dark-mode';
import { GMAIL_SIGNATURE_MAX_CHARS, SIGNATURE_SIZE_LIMIT, gmailSizeOf } from './gmail-size';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, HEX_COLOR, type SignatureFields } from './signature-schema';
import { safeImageSrc } from './url-normalise';
import { checkedImage, imageItems, NO_PROBES } from './preflight-images';
import { imageOnlyItem, linkItems } from './preflight-links';
import { NUMBER, type PreflightInput, type PreflightItem } from './preflight-parts';

/**
 * The pre-flight checklist: what a recipient gets, item by item, each with how to fix it. Pure:
 * the browser measures the images (naturalWidth/Height) and hands the results in. See
 * docs/decisions/0075.
 */

export type { ImageProbe, PreflightInput, PreflightItem, PreflightStatus, SignatureImage } from './preflight-parts';
export { signatureImages } from './preflight-parts';
export { findShorteners, LINK_SHORTENER_HOSTS, MAX_WEB_LINKS, visibleText } from './preflight-links';

function sizeItem(manifest: PreflightInput['manifest']): PreflightItem {
  const size = gmailSizeOf(manifest.html, manifest.storedLength);
  const figures = `${NUMBER.format(size.stored)} of ${NUMBER.format(size.limit)} characters once Gmail stores it (${NUMBER.format(size.characters)} as copied).`;
  if (size.status === 'over') {
    return {
      id: 'size',
      status: 'fail',
      title: 'Too long for Gmail',
      detail: figures,
      fix: `Gmail refuses signatures over ${NUMBER.format(GMAIL_SIGNATURE_MAX_CHARS)} characters, and we stop at ${NUMBER.format(SIGNATURE_SIZE_LIMIT)} to stay safely inside. Remove social profiles or custom fields, or shorten the address and long links.`,
    };
  }
  if (size.status === 'warn') {
    return {
      id: 'size',
      status: 'warn',
      title: 'Close to Gmail’s limit',
      detail: figures,
      fix: `Keep some room: Gmail refuses signatures over ${NUMBER.format(GMAIL_SIGNATURE_MAX_CHARS)} characters. Shorten long links or remove a profile you rarely use.`,
    };
  }
  return { id: 'size', status: 'pass', title: 'Fits Gmail’s limit', detail: figures, fix: '' };
}

/** A photo URL the renderer had to leave out (data:, SVG, a host it cannot use). */
function leftOutItem(fields: SignatureFields, publicOrigin: string): PreflightItem | null {
  const typed = fields.photoUrl.trim();
  if (typed === '' || fields.design.layout === 'text-only' || safeImageSrc(typed, publicOrigin) !== '') return null;
  return {
    id: 'image-left-out',
    status: 'fail',
    title: 'Image left out',
    detail:
      'The image address cannot be used in Gmail (an embedded data: image, an SVG, or not a web address), so the signature goes out without it.',
    fix: 'Upload a PNG, JPEG or GIF in the Images tab instead.',
  };
}

// A person tries a handful of colours; each suggestion is a search worth keeping.
const suggestions = new Map<string, string | null>();
function suggestionFor(colour: string): string | null {
  let found = suggestions.get(colour);
  if (found === undefined) {
    found = suggestReadableColour(colour);
    if (suggestions.size > 100) suggestions.clear();
    suggestions.set(colour, found);
  }
  return found;
}

function contrastItem(
  id: 'contrast-primary' | 'contrast-secondary',
  label: string,
  typed: string,
  fallback: string,
): PreflightItem {
  // A stored row may predate a rule; the renderer draws such a colour as the default, and so do we.
  const colour = HEX_COLOR.test(typed) ? typed.toLowerCase() : fallback;
  const light = contrastRatio(colour, '#ffffff');
  const dark = darkModeContrast(colour);
  const detail = `${colour}: ${light.toFixed(1)}:1 on white, ${dark.toFixed(1)}:1 on Gmail’s dark background (${GMAIL_DARK_BACKGROUND}), at least ${MIN_TEXT_CONTRAST}:1 needed.`;
  if (light >= MIN_TEXT_CONTRAST && dark >= MIN_TEXT_CONTRAST) {
    return { id, status: 'pass', title: `${label} colour readable`, detail, fix: '' };
  }
  const suggestion = suggestionFor(colour);
  const where =
    light < MIN_TEXT_CONTRAST ? (dark < MIN_TEXT_CONTRAST ? 'in light and dark mode' : 'on white') : 'in dark mode';
  return {
    id,
    status: 'warn',
    title: `${label} colour hard to read ${where}`,
    detail,
    fix: suggestion
      ? `Choose a darker ${label.toLowerCase()} colour in the Design tab, such as ${suggestion}: dark text stays readable on white and Gmail’s dark themes turn it light.`
      : `Choose a darker ${label.toLowerCase()} colour in the Design tab.`,
    ...(suggestion && {
      apply: id === 'contrast-primary' ? { primaryColor: suggestion } : { secondaryColor: suggestion },
    }),
  };
}

/** Contrast answers by colour: only a colour change measures again. */
const contrastChecks = new Map<string, PreflightItem>();

function cachedContrastItem(
  id: 'contrast-primary' | 'contrast-secondary',
  label: string,
  typed: string,
  fallback: string,
): PreflightItem {
  const key = `${id}\u0000${typed}`;
  let item = contrastChecks.get(key);
  if (!item) {
    if (contrastChecks.size >= 64) contrastChecks.clear();
    item = contrastItem(id, label, typed, fallback);
    contrastChecks.set(key, item);
  }
  return item;
}

/** Every item, worst first within the order people fix things: size, images, colours, links. */
export function runPreflight(input: PreflightInput): PreflightItem[] {
  const { fields, manifest, publicOrigin } = input;
  const { html } = manifest;
  const probes = input.probes ?? NO_PROBES;
  const images = manifest.images.map(checkedImage);
  const items: PreflightItem[] = [sizeItem(manifest)];
  const leftOut = leftOutItem(fields, publicOrigin);
  if (leftOut) items.push(leftOut);
  items.push(...imageItems(images, probes, publicOrigin, fields.photoUrl));
  items.push(cachedContrastItem('contrast-primary', 'Primary', fields.design.primaryColor, DEFAULT_PRIMARY_COLOR));
  items.push(
    cachedContrastItem('contrast-secondary', 'Secondary', fields.design.secondaryColor, DEFAULT_SECONDARY_COLOR),
  );
  const hrefs = manifest.links.map((link) => link.href);
  items.push(...linkItems(fields, hrefs), imageOnlyItem(html, images, publicOrigin));
  return items;
}

/** How many items need attention (warnings and failures). */
export function preflightProblems(items: readonly PreflightItem[]): { fail: number; warn: number } {
  return {
    fail: items.filter((item) => item.status === 'fail').length,
    warn: items.filter((item) => item.status === 'warn').length,
  };
}
