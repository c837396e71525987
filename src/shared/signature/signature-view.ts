import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  FONT_CHOICES,
  HEX_COLOR,
  LAYOUTS,
  SOCIAL_PLATFORM_INFO,
  SOCIAL_PLATFORMS,
  TEMPLATES,
  type Layout,
  type SignatureFields,
  type SocialPlatform,
  type Template,
} from './signature-schema';
import { cleanLine, cleanLines, escapeHtml } from './escape-html';
import { mailtoHref, safeHref, safeImageSrc, telHref } from './url-normalise';
import { isOnPlatformHost } from './social-hosts';
import { readOriginAssets, type OriginAssets } from './origin-assets';
import { imageGeometry } from './image-geometry';

/** A user value after cleaning: `text` for text/plain, `html` escaped for HTML text and attributes. */
export type Piece = { text: string; html: string };

export type ContactLine = { label: 'P' | 'M' | 'E' | 'W'; value: Piece; href: string; hrefAttr: string };
/** A custom field; a value that is a web address, an email or a phone number carries its link. */
export type CustomLine = { label: Piece | null; value: Piece; href: string; hrefAttr: string };
/** `label` is the platform's name as the icon's alt text; `text` is the short name a text link shows. */
export type SocialLink = { platform: SocialPlatform; label: string; text: string; href: string; hrefAttr: string };
/**
 * The image file for the chosen shape and its display size; height null when the file's own
 * proportions decide. lightBacking: a white cell behind it (design.logoBacking).
 */
export type LogoView = {
  /** The file's URL and the link, unescaped (the render's manifest); `…Attr` are the escaped forms. */
  src: string;
  href: string;
  alt: string;
  /** A stored image (its file name carries its size) or an address we know nothing about. */
  stored: boolean;
  srcAttr: string;
  altAttr: string;
  hrefAttr: string;
  width: number;
  height: number | null;
  lightBacking: boolean;
};

/**
 * Everything a template needs, already checked: every string is escaped or validated, so a
 * template only arranges markup and cannot forget to escape a value.
 */
export type SignatureView = {
  template: Template;
  layout: Layout;
  /** The primary colour: name, labels, rules and bars. */
  color: string;
  /** Title, company and contact text. */
  secondaryColor: string;
  fontStack: string;
  name: Piece | null;
  title: Piece | null;
  company: Piece | null;
  contacts: ContactLine[];
  addressLines: Piece[];
  customLines: CustomLine[];
  socials: SocialLink[];
  logo: LogoView | null;
  assets: OriginAssets;
  showWatermark: boolean;
};

const DEFAULT_FONT_STACK = FONT_CHOICES[0].stack;
const FONT_STACKS: ReadonlyMap<string, string> = new Map(FONT_CHOICES.map((font) => [font.value, font.stack]));
const TEMPLATE_SET: ReadonlySet<string> = new Set(TEMPLATES);
const LAYOUT_SET: ReadonlySet<string> = new Set(LAYOUTS);
const EXTENSION_TAIL = /\s*(?:ext\.?|x|#)\s*[0-9]+$/i;
const WEB_SCHEME = /^https?:\/\//i;
// A custom value that is a phone number and nothing else: digits (7 to 15 of them) with the usual
// separators, an optional leading + and an optional extension.
const PHONE_LIKE = /^\+?[0-9][0-9 ()./-]*(?:\s*(?:ext\.?|x|#)\s*[0-9]+)?$/i;
const DIGIT_ALL = /[0-9]/g;
// '2024-01-15' or '15/01/2024' has a phone's digits and separators but is a date.
const DATE_LIKE = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})$/;
// A web address typed without a scheme must end its host in a real-looking top-level domain.
const BARE_WEB_ADDRESS = /^(?:www\.)?[^\s/?#@:]+\.[a-z]{2,}(?:[/?#][^\s]*)?$/i;
const WHITESPACE = /\s/;

/** What a text link to a profile reads: the platform's short name ('X', not 'X (Twitter)'). */
const SOCIAL_TEXT: Readonly<Record<SocialPlatform, string>> = {
  linkedin: 'LinkedIn',
  twitter: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  github: 'GitHub',
  tiktok: 'TikTok',
  discord: 'Discord',
  dribbble: 'Dribbble',
};

/** A colour fit for a style attribute, lower-cased, or the fallback for anything else. */
function safeColour(value: unknown, fallback: string): string {
  return typeof value === 'string' && HEX_COLOR.test(value) ? value.toLowerCase() : fallback;
}

function toPiece(value: string): Piece | null {
  const text = cleanLine(value);
  return text === '' ? null : { text, html: escapeHtml(text) };
}

function pieceOf(text: string): Piece {
  return { text, html: escapeHtml(text) };
}

function contactLine(label: ContactLine['label'], value: Piece, href: string): ContactLine {
  return { label, value, href, hrefAttr: escapeHtml(href) };
}

function websiteLabel(text: string): string {
  const withoutScheme = text.replace(WEB_SCHEME, '');
  return withoutScheme.endsWith('/') ? withoutScheme.slice(0, -1) : withoutScheme;
}

function resolveContacts(signature: SignatureFields, websiteHref: string): ContactLine[] {
  const lines: ContactLine[] = [];
  const phone = toPiece(signature.phone);
  if (phone) lines.push(contactLine('P', phone, telHref(phone.text)));
  const mobile = toPiece(signature.mobile);
  if (mobile) lines.push(contactLine('M', mobile, telHref(mobile.text)));
  const email = toPiece(signature.email);
  if (email) lines.push(contactLine('E', email, mailtoHref(email.text)));
  // A website that is not a safe link shows nothing: its text would be a dead or hostile string.
  // What shows is the link itself without its scheme, so an internationalised host reads in the
  // punycode it links to.
  if (websiteHref !== '') lines.push(contactLine('W', pieceOf(websiteLabel(websiteHref) || websiteHref), websiteHref));
  return lines;
}

/**
 * The link a custom value stands for, or '': a phone number (tel:), an email address (mailto:) or
 * a web address (https:, with or without the scheme). Left as text, Gmail and iOS would link them
 * anyway, in their own blue.
 */
function customHref(text: string, origin: string): string {
  if (WHITESPACE.test(text) && !PHONE_LIKE.test(text)) return '';
  if (PHONE_LIKE.test(text)) {
    if (DATE_LIKE.test(text)) return '';
    const digits = text.replace(EXTENSION_TAIL, '').match(DIGIT_ALL)?.length ?? 0;
    return digits >= 7 && digits <= 15 ? telHref(text) : '';
  }
  if (text.includes('@') && !WEB_SCHEME.test(text)) return mailtoHref(text);
  if (!WEB_SCHEME.test(text) && !BARE_WEB_ADDRESS.test(text)) return '';
  const href = safeHref(text, origin);
  return href.startsWith('https://') || href.startsWith('http://') ? href : '';
}

/** A custom value shows as typed, except a web address, which shows as the link it opens. */
function customValue(value: Piece, href: string): Piece {
  return href.startsWith('http') ? pieceOf(websiteLabel(href)) : value;
}

function resolveCustomLines(signature: SignatureFields, origin: string): CustomLine[] {
  const lines: CustomLine[] = [];
  for (const field of signature.customFields) {
    const value = toPiece(field.value);
    if (!value) continue;
    const href = customHref(value.text, origin);
    lines.push({ label: toPiece(field.label), value: customValue(value, href), href, hrefAttr: escapeHtml(href) });
  }
  return lines;
}

function resolveSocials(signature: SignatureFields, origin: string): SocialLink[] {
  const links: SocialLink[] = [];
  for (const platform of SOCIAL_PLATFORMS) {
    const raw = signature.socialLinks[platform];
    if (typeof raw !== 'string') continue;
    const href = safeHref(raw, origin);
    // A profile is a web page on its platform: a tel: or mailto: "LinkedIn" is a typo, and a
    // "LinkedIn" icon opening another site is a trap (the schema refuses both with words; a row
    // stored before that rule is held to it here).
    if (!isOnPlatformHost(platform, href)) continue;
    links.push({
      platform,
      label: SOCIAL_PLATFORM_INFO[platform].label,
      text: SOCIAL_TEXT[platform],
      href,
      hrefAttr: escapeHtml(href),
    });
  }
  return links;
}

function resolveLogo(signature: SignatureFields, layout: Layout, origin: string, websiteHref: string): LogoView | null {
  if (layout === 'text-only') return null;
  const src = safeImageSrc(signature.photoUrl, origin);
  if (src === '') return null;
  let href = '';
  if (signature.imageLinkUrl === 'website') href = websiteHref;
  else if (signature.imageLinkUrl === 'custom') href = safeHref(signature.customImageUrl, origin);
  const alt = cleanLine(signature.name) || cleanLine(signature.company) || 'Logo';
  const image = imageGeometry(src, signature.design.photoShape, signature.design.animateLogo === 'true');
  return {
    src: image.src,
    href,
    alt,
    stored: image.kind !== 'unknown',
    srcAttr: escapeHtml(image.src),
    altAttr: escapeHtml(alt),
    hrefAttr: escapeHtml(href),
    width: image.width,
    height: image.height,
    lightBacking: signature.design.logoBacking === 'light',
  };
}

/**
 * Design values are checked again rather than trusted: a stored row may predate a rule, and an
 * unknown colour or font must never reach a style attribute.
 */
export function resolveSignatureView(
  signature: SignatureFields,
  publicUrl: string,
  showWatermark: boolean,
): SignatureView {
  const design = signature.design;
  const template = TEMPLATE_SET.has(design.template) ? design.template : 'professional';
  const layout = LAYOUT_SET.has(design.layout) ? design.layout : 'horizontal';
  const websiteHref = safeHref(signature.website, publicUrl);
  return {
    template,
    layout,
    color: safeColour(design.primaryColor, DEFAULT_PRIMARY_COLOR),
    secondaryColor: safeColour(design.secondaryColor, DEFAULT_SECONDARY_COLOR),
    fontStack: FONT_STACKS.get(design.fontFamily) ?? DEFAULT_FONT_STACK,
    name: toPiece(signature.name),
    title: toPiece(signature.title),
    company: toPiece(signature.company),
    contacts: resolveContacts(signature, websiteHref),
    addressLines: cleanLines(signature.address).map(pieceOf),
    customLines: resolveCustomLines(signature, publicUrl),
    socials: resolveSocials(signature, publicUrl),
    logo: resolveLogo(signature, layout, publicUrl, websiteHref),
    assets: readOriginAssets(publicUrl),
    showWatermark,
  };
}
