import { stripInvisible } from '../validation/text-hygiene';

const ALLOWED_SCHEMES = new Set(['https', 'http', 'mailto', 'tel']);
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
// 'example.com:8080/x' and 'localhost:5000' look like a scheme to a parser but are a host and port.
const HOST_AND_PORT = /^(?:localhost|[^/?#:@]*\.[^/?#:@]*):\d+(?:[/?#]|$)/i;
// Browsers strip or skip these inside URLs, which is how 'java\tscript:' becomes 'javascript:'.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_OR_SPACE_ALL = /[\u0000-\u0020\u007f-\u009f]/g;
const SPACE_ALL = / /g;
const SPACE_ESCAPED_ALL = /%20/g;
const QUERY_OR_HASH = /[?#]/;
const SVG_PATH = /\.svgz?$/i;
// Joiners are kept in text (text-hygiene.ts) but have no place in an address.
const JOINERS = /[\u200c\u200d]/g;

/** A typed address without invisible characters, joiners included. */
function visibleUrl(value: string): string {
  return stripInvisible(value).replace(JOINERS, '').trim();
}

function trimOrigin(origin: string): string {
  return origin.endsWith('/') ? origin.slice(0, -1) : origin;
}

/** True when url is origin itself or a path under it (not 'origin.evil.com'). */
export function isOnOrigin(url: string, origin: string): boolean {
  const base = trimOrigin(origin);
  if (base === '' || url.length < base.length) return false;
  if (url.slice(0, base.length).toLowerCase() !== base.toLowerCase()) return false;
  const next = url.charAt(base.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}

const AUTHORITY_END = /[/?#]/;
// A name with at least one dot (Unicode allowed), localhost or an IPv6 literal, and an optional
// port. No user-info: 'https://bank.example@evil.example' is a phishing trick, not an address.
const HOST =
  /^(?:(?:[\p{L}\p{N}_](?:[\p{L}\p{N}_-]*[\p{L}\p{N}_])?\.)+[\p{L}\p{N}-]{2,}\.?|localhost|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/u;

function hasHost(afterSlashes: string): boolean {
  const end = afterSlashes.search(AUTHORITY_END);
  return HOST.test(end === -1 ? afterSlashes : afterSlashes.slice(0, end));
}

const NON_ASCII = /[^\u0000-\u007f]/;
// Deliberately narrow: no '?', '#', '&' or '%' so a typed address cannot smuggle mailto headers.
const EMAIL = /^[^\s@?#&%<>"\\,;:()[\]]+@[^\s@?#&%<>"\\,;:()[\]/]+\.[^\s@?#&%<>"\\,;:()[\]/]+$/;
const NOT_TEL_CHAR = /[^0-9]/g;
// 'ext. 22', 'x22', '#22', ',22' or ';22': the extension cannot be dialled from a tel: link.
const EXTENSION_START = /[a-z#,;]/i;
// What may follow 'tel:' in a typed link: a number with its usual separators, nothing else.
const TEL_NUMBER = /^\+?[0-9][0-9 ().-]*$/;

/** A tel: link of the number's digits (a leading + kept), the extension left off; '' without digits. */
export function telHref(phone: string): string {
  const extensionAt = phone.search(EXTENSION_START);
  const number = extensionAt === -1 ? phone : phone.slice(0, extensionAt);
  const digits = number.replace(NOT_TEL_CHAR, '');
  if (digits === '') return '';
  return phone.startsWith('+') ? `tel:+${digits}` : `tel:${digits}`;
}

/** A mailto: link for one plain address (no headers, no body), its domain in punycode; '' for anything else. */
export function mailtoHref(email: string): string {
  if (!EMAIL.test(email)) return '';
  if (!NON_ASCII.test(email)) return `mailto:${email}`;
  const at = email.lastIndexOf('@');
  const web = normalizeUrl(`https://${email.slice(at + 1)}`, '');
  return web === '' ? '' : `mailto:${email.slice(0, at)}@${web.slice('https://'.length)}`;
}

/**
 * Why a typed mailto: or tel: link cannot be used, in words, or null. A mailto: link opens a
 * message to one plain address (a ?bcc= or &body= would write the recipient's message for
 * them); a tel: link dials digits.
 */
export function contactLinkProblem(value: string): string | null {
  const url = visibleUrl(value);
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  const rest = url.slice((scheme?.length ?? 0) + 1);
  if (scheme === 'mailto' && mailtoHref(rest) === '')
    return 'A mailto: link takes one plain email address and nothing after it (no ?subject=, ?bcc= or &body=), like mailto:ada@example.com';
  if (scheme === 'tel' && !TEL_NUMBER.test(rest))
    return 'A tel: link takes digits only (with + and spaces if you like), like tel:+14155550134';
  return null;
}

/**
 * '//bücher.example/x' as '//xn--bcher-kva.example/x': an internationalised host is shown and
 * linked in punycode, so a look-alike such as a Cyrillic 'а' in 'pаypal.com'
 * reads as the 'xn--' name it is. The WHATWG URL parser does the conversion, in Node and in the
 * browser alike. '' when the host cannot be converted.
 */
function withAsciiHost(rest: string): string {
  const afterSlashes = rest.slice(2);
  const end = afterSlashes.search(AUTHORITY_END);
  const authority = end === -1 ? afterSlashes : afterSlashes.slice(0, end);
  if (!NON_ASCII.test(authority)) return rest;
  let host: string;
  try {
    host = new URL(`https://${authority}`).host;
  } catch {
    return '';
  }
  return `//${host}${end === -1 ? '' : afterSlashes.slice(end)}`;
}

function normalizeWebUrl(scheme: string, typedRest: string, origin: string): string {
  // 'https:example.com' and 'https:\\evil.com' are parser quirks, never what a person typed on purpose.
  if (!typedRest.startsWith('//') || !hasHost(typedRest.slice(2))) return '';
  const rest = withAsciiHost(typedRest);
  if (rest === '') return '';
  const url = `${scheme}:${rest}`;
  // Gmail's image proxy and most recipients want https; the app's own origin may be http in development.
  if (scheme === 'http' && !isOnOrigin(url, origin)) return `https:${rest}`;
  return url;
}

/**
 * Turns what a person typed into an absolute URL with an allowed scheme, or '' to drop it.
 * '/path' lands on origin, 'http://' is upgraded to https (except on origin), a bare host gets
 * 'https://', and only https, http, mailto and tel survive.
 */
export function normalizeUrl(value: string, origin: string): string {
  let url = visibleUrl(value);
  if (url === '' || CONTROL.test(url)) return '';
  if (url.includes(' ')) url = url.replace(SPACE_ALL, '%20');

  const first = url.charAt(0);
  if (first === '/') {
    // '//host' and '/\host' are protocol-relative: they would leave the origin.
    const second = url.charAt(1);
    return second === '/' || second === '\\' ? '' : trimOrigin(origin) + url;
  }
  if (first === '\\') return '';

  const match = SCHEME.exec(url);
  if (match && !HOST_AND_PORT.test(url)) {
    const scheme = (match[1] ?? '').toLowerCase();
    if (!ALLOWED_SCHEMES.has(scheme)) return '';
    const rest = url.slice(match[0].length);
    if (scheme === 'http' || scheme === 'https') return normalizeWebUrl(scheme, rest, origin);
    // Held to the strict rules: one plain address, digits only (contactLinkProblem says why not).
    if (scheme === 'mailto') return mailtoHref(rest);
    const number = rest.replace(SPACE_ESCAPED_ALL, ' ');
    return TEL_NUMBER.test(number) ? telHref(number) : '';
  }
  return hasHost(url) ? normalizeWebUrl('https', `//${url}`, origin) : '';
}

/** Gmail shows no embedded images: data: URLs and anything carrying base64 payloads. */
export function isDataOrBase64Url(value: string): boolean {
  const compact = value.replace(CONTROL_OR_SPACE_ALL, '').toLowerCase();
  return compact.startsWith('data:') || compact.includes(';base64,');
}

/** A link target, or '' when the value is empty or not a safe link. */
export function safeHref(value: string, origin: string): string {
  return normalizeUrl(value, origin);
}

/** An image every recipient can load: https, or the app's own origin; never data: or SVG. */
export function safeImageSrc(value: string, origin: string): string {
  if (isDataOrBase64Url(value)) return '';
  const url = normalizeUrl(value, origin);
  if (url === '') return '';
  if (!url.startsWith('https://') && !isOnOrigin(url, origin)) return '';
  const queryStart = url.search(QUERY_OR_HASH);
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  // Gmail renders no SVG at all (caniemail image-svg).
  return SVG_PATH.test(path) ? '' : url;
}
