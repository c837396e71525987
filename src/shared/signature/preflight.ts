import { watermarkText } from '../billing/watermark';
import {
  contrastRatio,
  darkModeContrast,
  GMAIL_DARK_BACKGROUND,
  MIN_TEXT_CONTRAST,
  suggestReadableColour,
} from './dark-mode';
import { GMAIL_SIGNATURE_MAX_CHARS, SIGNATURE_SIZE_LIMIT, gmailSizeOf } from './gmail-size';
import type { ManifestImage, SignatureManifest } from './signature-manifest';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, HEX_COLOR, type SignatureFields } from './signature-schema';
import { isOnOrigin, safeImageSrc } from './url-normalise';

/**
 * The pre-flight checklist: what a recipient gets, item by item, each with how to fix it. Pure:
 * the browser measures the images (naturalWidth/Height) and hands the results in. See
 * docs/decisions/0075.
 */

export type PreflightStatus = 'pass' | 'warn' | 'fail' | 'pending';

export type PreflightItem = {
  id:
    | 'size'
    | 'images-origin'
    | 'images-sharp'
    | 'images-alt'
    | 'image-left-out'
    | 'contrast-primary'
    | 'contrast-secondary'
    | 'links'
    | 'shorteners'
    | 'image-only'
    | 'reachable';
  status: PreflightStatus;
  title: string;
  /** What we found, in figures. */
  detail: string;
  /** How to fix it; '' when there is nothing to fix. */
  fix: string;
  /** A fix the panel can make in one press ("Apply"): the colour it suggests, as a design change. */
  apply?: { primaryColor: string } | { secondaryColor: string };
};

/** What the browser found when it loaded an image. */
export type ImageProbe =
  { state: 'loading' } | { state: 'error' } | { state: 'loaded'; naturalWidth: number; naturalHeight: number };

export type PreflightInput = {
  fields: SignatureFields;
  /** The export's render (what Copy to Gmail hands over): its HTML, images, links and stored length. */
  manifest: Pick<SignatureManifest, 'html' | 'images' | 'links' | 'storedLength'>;
  /** PUBLIC_URL: where every image should be served from. */
  publicOrigin: string;
  /** By image URL (as in SignatureImage.src); a missing entry counts as not yet loaded. */
  probes?: ReadonlyMap<string, ImageProbe>;
};

export type SignatureImage = { src: string; width: number; height: number; alt: string };

/** Hosts whose links spam filters distrust and recipients cannot read before clicking. */
export const LINK_SHORTENER_HOSTS = [
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  't.ly',
  'bl.ink',
  'short.io',
  'v.gd',
  'lnkd.in',
  'shorte.st',
  'adf.ly',
  's.id',
  'tiny.one',
] as const;
const SHORTENERS: ReadonlySet<string> = new Set(LINK_SHORTENER_HOSTS);

/** More web links than this in every message you send starts to look like a newsletter to spam filters. */
/** Nine profiles, the website, the logo link, the free line and a few custom-field links stay under it. */
export const MAX_WEB_LINKS = 15;

const IMG_TAG = /<img\b[^>]*>/gi;
const TAG = /<[^>]*>/g;
const ENTITY = /&(amp|lt|gt|quot|#39|nbsp);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const URL_IN_TEXT = /(?:https?:\/\/)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[^\s"<>]*)?/gi;
const NUMBER = new Intl.NumberFormat('en-US');

function decode(value: string): string {
  return value.replace(ENTITY, (_, name: string) => ENTITIES[name] ?? '');
}

const ATTRIBUTES = {
  src: /\ssrc="([^"]*)"/i,
  width: /\swidth="([^"]*)"/i,
  height: /\sheight="([^"]*)"/i,
  alt: /\salt="([^"]*)"/i,
};

function attribute(tag: string, name: keyof typeof ATTRIBUTES): string {
  const match = ATTRIBUTES[name].exec(tag);
  return match ? decode(match[1] ?? '') : '';
}

/** Every image of the rendered HTML with its display size and alt text. */
export function signatureImages(html: string): SignatureImage[] {
  return [...html.matchAll(IMG_TAG)].map(([tag]) => ({
    src: attribute(tag, 'src'),
    width: Number(attribute(tag, 'width')) || 0,
    height: Number(attribute(tag, 'height')) || 0,
    alt: attribute(tag, 'alt'),
  }));
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** A short name for an image in a sentence: its alt text, else its file name. */
function imageName(image: SignatureImage): string {
  if (image.alt.trim() !== '') return image.alt.trim();
  const path = image.src.split(/[?#]/)[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1) || 'An image';
}

function listNames(names: readonly string[]): string {
  const unique = [...new Set(names)];
  if (unique.length <= 3)
    return unique.length <= 1 ? unique.join('') : `${unique.slice(0, -1).join(', ')} and ${unique.at(-1) ?? ''}`;
  return `${unique.slice(0, 3).join(', ')} and ${unique.length - 3} more`;
}

const plural = (count: number, one: string, many = `${one}s`) => `${NUMBER.format(count)} ${count === 1 ? one : many}`;

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

function originItem(images: readonly SignatureImage[], publicOrigin: string, typedPhotoUrl: string): PreflightItem {
  // 'http://host/logo.png' is sent as https (url-normalise); that host may not serve https at all.
  const typedHttp = /^http:\/\//i.test(typedPhotoUrl.trim()) && !isOnOrigin(typedPhotoUrl.trim(), publicOrigin);
  const publicHost = hostOf(publicOrigin) || publicOrigin;
  const foreign = images.filter((image) => !isOnOrigin(image.src, publicOrigin));
  const insecure = images.filter((image) => !image.src.startsWith('https://'));
  if (images.length === 0)
    return {
      id: 'images-origin',
      status: 'pass',
      title: 'No images to load',
      detail: 'Your signature has no images.',
      fix: '',
    };
  if (foreign.length > 0) {
    const hosts = listNames(foreign.map((image) => hostOf(image.src) || image.src));
    return {
      id: 'images-origin',
      status: 'fail',
      title: 'Image from another site',
      detail: `${listNames(foreign.map(imageName))} ${foreign.length === 1 ? 'is' : 'are'} loaded from ${hosts}, not from ${publicHost}.${typedHttp ? ' The address you typed is http:, which mail apps block; it is sent as https, which that site may not serve.' : ''}`,
      fix: `Upload the file in the Images tab so it is served from ${publicHost}: another site can block, move or slow it, and recipients then see an empty box.`,
    };
  }
  if (insecure.length > 0) {
    return {
      id: 'images-origin',
      status: 'fail',
      title: 'Images not served over https',
      detail: `${plural(insecure.length, 'image')} ${insecure.length === 1 ? 'is' : 'are'} served from ${publicOrigin}, which is not https: recipients’ mail apps will not load ${insecure.length === 1 ? 'it' : 'them'}.`,
      fix: 'Run SignaturePro behind https and set PUBLIC_URL to that https address (e.g. https://signatures.example.com), then copy the signature again.',
    };
  }
  return {
    id: 'images-origin',
    status: 'pass',
    title: 'Images load over https',
    detail: `${plural(images.length, 'image')}, all served over https from ${publicHost}.`,
    fix: '',
  };
}

function sharpItem(images: readonly SignatureImage[], probes: ReadonlyMap<string, ImageProbe>): PreflightItem {
  const broken: SignatureImage[] = [];
  const soft: { image: SignatureImage; natural: string }[] = [];
  let pending = 0;
  for (const image of images) {
    const probe = probes.get(image.src);
    if (!probe || probe.state === 'loading') pending += 1;
    else if (probe.state === 'error') broken.push(image);
    else {
      // Without a height attribute (a logo whose file decides its proportions) it is drawn at the file's ratio.
      const shown =
        image.height > 0 || probe.naturalWidth === 0
          ? image
          : { ...image, height: Math.round((image.width * probe.naturalHeight) / probe.naturalWidth) };
      if (probe.naturalWidth < shown.width * 2 || probe.naturalHeight < shown.height * 2) {
        soft.push({ image: shown, natural: `${probe.naturalWidth}×${probe.naturalHeight}` });
      }
    }
  }
  if (broken.length > 0) {
    return {
      id: 'images-sharp',
      status: 'fail',
      title: 'Image does not load',
      detail: `${listNames(broken.map(imageName))} could not be loaded here, so recipients will not see it either.`,
      fix: 'Check the image address, or upload the file in the Images tab.',
    };
  }
  if (soft.length > 0) {
    const first = soft[0]!;
    return {
      id: 'images-sharp',
      status: 'warn',
      title: 'Image looks soft on sharp screens',
      detail: `${listNames(soft.map((s) => imageName(s.image)))}: ${first.natural} pixels shown at ${first.image.width}×${first.image.height}; sharp screens need twice that.`,
      fix: `Upload an image of at least ${first.image.width * 2}×${first.image.height * 2} pixels.`,
    };
  }
  if (pending > 0) {
    return {
      id: 'images-sharp',
      status: 'pending',
      title: 'Checking images…',
      detail: `Loading ${plural(pending, 'image')} to measure ${pending === 1 ? 'it' : 'them'}.`,
      fix: '',
    };
  }
  return {
    id: 'images-sharp',
    status: 'pass',
    title: images.length === 0 ? 'No images to measure' : 'Images sharp at 2×',
    detail:
      images.length === 0
        ? 'Nothing to load.'
        : `${plural(images.length, 'image')}, each with twice the pixels it is shown at.`,
    fix: '',
  };
}

function altItem(images: readonly SignatureImage[]): PreflightItem {
  const missing = images.filter((image) => image.alt.trim() === '');
  if (missing.length > 0) {
    return {
      id: 'images-alt',
      status: 'warn',
      title: 'Image without alt text',
      detail: `${plural(missing.length, 'image')} ${missing.length === 1 ? 'has' : 'have'} no alt text: with images blocked, recipients see nothing there.`,
      fix: 'Fill in your name or company in the Details tab: the logo’s alt text is taken from them.',
    };
  }
  return {
    id: 'images-alt',
    status: 'pass',
    title: 'Alt text on every image',
    detail: images.length === 0 ? 'No images.' : 'Recipients who block images still see what each one is.',
    fix: '',
  };
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

function typedUrls(fields: SignatureFields): string[] {
  const values = [
    fields.website,
    fields.customImageUrl,
    fields.photoUrl,
    ...Object.values(fields.socialLinks),
    ...fields.customFields.map((f) => f.value),
  ];
  return values.flatMap((value) =>
    typeof value === 'string' ? [...value.matchAll(URL_IN_TEXT)].map((m) => m[0]) : [],
  );
}

/** The link-shortener hosts a signature uses, each once. */
export function findShorteners(urls: readonly string[]): string[] {
  const found = new Set<string>();
  for (const url of urls) {
    const host = hostOf(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`);
    if (SHORTENERS.has(host)) found.add(host);
  }
  return [...found];
}

function linkItems(fields: SignatureFields, hrefs: readonly string[]): PreflightItem[] {
  const web = hrefs.filter((href) => /^https?:\/\//i.test(href));
  const other = hrefs.length - web.length;
  const counted = `${plural(web.length, 'web link')}${other > 0 ? ` and ${plural(other, 'phone or email link')}` : ''}.`;
  const links: PreflightItem =
    web.length > MAX_WEB_LINKS
      ? {
          id: 'links',
          status: 'warn',
          title: 'Many links',
          detail: counted,
          fix: `Spam filters grow wary of many links in every message; keep to ${MAX_WEB_LINKS} or fewer by removing profiles you rarely use.`,
        }
      : { id: 'links', status: 'pass', title: 'Link count fine', detail: counted, fix: '' };
  const shorteners = findShorteners([...hrefs, ...typedUrls(fields)]);
  const short: PreflightItem =
    shorteners.length > 0
      ? {
          id: 'shorteners',
          status: 'fail',
          title: 'Link shortener used',
          detail: `${listNames(shorteners)} ${shorteners.length === 1 ? 'hides' : 'hide'} where a link goes; spam filters mark such mail and recipients distrust it.`,
          fix: 'Use the full address of the page instead of the shortened one.',
        }
      : {
          id: 'shorteners',
          status: 'pass',
          title: 'No link shorteners',
          detail: 'Every link shows where it goes.',
          fix: '',
        };
  return [links, short];
}

/** The words a recipient reads without images, the free plan's line left out. */
export function visibleText(html: string, publicOrigin: string): string {
  let text = decode(html.replace(TAG, ' ')).replace(/\s+/g, ' ').trim();
  try {
    const watermark = watermarkText(publicOrigin);
    text = text.replace(watermark, '').trim();
  } catch {
    // Not a URL: there is no watermark text to take out.
  }
  return text;
}

function imageOnlyItem(html: string, images: readonly SignatureImage[], publicOrigin: string): PreflightItem {
  const text = visibleText(html, publicOrigin);
  if (text === '') {
    return images.length > 0
      ? {
          id: 'image-only',
          status: 'fail',
          title: 'Only images',
          detail:
            'Your signature has no text besides its images; many recipients block images, and then see nothing at all.',
          fix: 'Add your name and a contact line as text in the Details tab.',
        }
      : {
          id: 'image-only',
          status: 'fail',
          title: 'Nothing to show yet',
          detail: 'Your signature is empty.',
          fix: 'Add your name in the Details tab.',
        };
  }
  return {
    id: 'image-only',
    status: 'pass',
    title: 'Text as well as images',
    detail: 'Recipients who block images still read who you are.',
    fix: '',
  };
}

/** Every item, worst first within the order people fix things: size, images, colours, links. */
const NO_PROBES: ReadonlyMap<string, ImageProbe> = new Map();

/** The image checks last made, with what they were made from (a keystroke in a name changes none of it). */
let lastImageChecks: { key: string; probes: ReadonlyMap<string, ImageProbe>; items: readonly PreflightItem[] } | null =
  null;

/** Reachability, sharpness and alt text: worked out again only when an image, its probe or the origin changes. */
function imageItems(
  images: readonly SignatureImage[],
  probes: ReadonlyMap<string, ImageProbe>,
  publicOrigin: string,
  typedPhotoUrl: string,
) {
  const key = JSON.stringify([publicOrigin, typedPhotoUrl, images]);
  if (lastImageChecks?.key === key && lastImageChecks.probes === probes) return lastImageChecks.items;
  const items = [originItem(images, publicOrigin, typedPhotoUrl), sharpItem(images, probes), altItem(images)];
  lastImageChecks = { key, probes, items };
  return items;
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

/** A manifest image as the checks below name and measure it (height 0: the file's proportions decide). */
function checkedImage(image: ManifestImage): SignatureImage {
  return { src: image.url, width: image.width, height: image.height ?? 0, alt: image.alt };
}

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
