import { stripInvisible } from '../validation/text-hygiene';

const ALLOWED_SCHEMES = new Set(['https', 'http', 'mailto', 'tel']);
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
// 'example.com:8080/x' and 'localhost:5000' look like a scheme to a parser but are a host and port.
const HOST_AND_PORT = /^(?:localhost|[^/?#:@]*\.[^/?#:@]*):\d+(?:[/?#]|$)/i;
// Browsers strip or skip these inside URLs, which is how 'java\tscript:' becomes 'javascript:'.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_OR_SPACE_ALL = /[\u0000-\u0020\u007f-\u009f]/g;
const SPACE_ALL = / /g;
const QUERY_OR_HASH = /[?#]/;
const SVG_PATH = /\.svgz?$/i;

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
  let url = stripInvisible(value).trim();
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
    return rest === '' ? '' : `${scheme}:${rest}`;
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
