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
import { safeHref, safeImageSrc } from './url-normalise';
import { readOriginAssets, type OriginAssets } from './origin-assets';
import { imageGeometry } from './image-geometry';

/** A user value after cleaning: `text` for text/plain, `html` escaped for HTML text and attributes. */
export type Piece = { text: string; html: string };

export type ContactLine = { label: 'P' | 'M' | 'E' | 'W'; value: Piece; href: string; hrefAttr: string };
export type CustomLine = { label: Piece | null; value: Piece };
export type SocialLink = { platform: SocialPlatform; label: string; href: string; hrefAttr: string };
/**
 * The image file for the chosen shape and its display size; height null when the file's own
 * proportions decide. lightBacking: a white cell behind it (design.logoBacking).
 */
export type LogoView = { srcAttr: string; altAttr: string; hrefAttr: string; width: number; height: number | null; lightBacking: boolean };

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
// Deliberately narrow: no '?', '#', '&' or '%' so a typed address cannot smuggle mailto headers.
const EMAIL = /^[^\s@?#&%<>"\\,;:()[\]]+@[^\s@?#&%<>"\\,;:()[\]/]+\.[^\s@?#&%<>"\\,;:()[\]/]+$/;
const NOT_TEL_CHAR = /[^0-9]/g;
// 'ext. 22', 'x22', '#22', ',22' or ';22': the extension cannot be dialled from a tel: link.
const EXTENSION_START = /[a-z#,;]/i;
const WEB_SCHEME = /^https?:\/\//i;

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

function telHref(phone: string): string {
  const extensionAt = phone.search(EXTENSION_START);
  const number = extensionAt === -1 ? phone : phone.slice(0, extensionAt);
  const digits = number.replace(NOT_TEL_CHAR, '');
  if (digits === '') return '';
  return phone.startsWith('+') ? `tel:+${digits}` : `tel:${digits}`;
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
  if (email) lines.push(contactLine('E', email, EMAIL.test(email.text) ? `mailto:${email.text}` : ''));
  // A website that is not a safe link shows nothing: its text would be a dead or hostile string.
  const website = cleanLine(signature.website);
  if (websiteHref !== '') lines.push(contactLine('W', pieceOf(websiteLabel(website) || websiteHref), websiteHref));
  return lines;
}

function resolveCustomLines(signature: SignatureFields): CustomLine[] {
  const lines: CustomLine[] = [];
  for (const field of signature.customFields) {
    const value = toPiece(field.value);
    if (value) lines.push({ label: toPiece(field.label), value });
  }
  return lines;
}

function resolveSocials(signature: SignatureFields, origin: string): SocialLink[] {
  const links: SocialLink[] = [];
  for (const platform of SOCIAL_PLATFORMS) {
    const raw = signature.socialLinks[platform];
    if (typeof raw !== 'string') continue;
    const href = safeHref(raw, origin);
    // A profile is a web page; a tel: or mailto: "LinkedIn" is a typo, not a profile.
    if (!href.startsWith('https://') && !href.startsWith('http://')) continue;
    links.push({ platform, label: SOCIAL_PLATFORM_INFO[platform].label, href, hrefAttr: escapeHtml(href) });
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
    customLines: resolveCustomLines(signature),
    socials: resolveSocials(signature, publicUrl),
    logo: resolveLogo(signature, layout, publicUrl, websiteHref),
    assets: readOriginAssets(publicUrl),
    showWatermark,
  };
}
