/**
 * A strict reader for rendered signature HTML, used by tests. It accepts only the small subset
 * the templates write (decisions: "Signature HTML") and reports every departure as a sentence.
 * Hand-written rather than a DOM parser so that ten thousand generated signatures stay fast, and
 * strict in ways a lenient HTML parser is not: an unknown tag, attribute or entity is a finding.
 */

const ALLOWED_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  table: new Set(['cellpadding', 'cellspacing', 'border', 'role', 'style']),
  tr: new Set(),
  td: new Set(['style', 'colspan', 'valign', 'width']),
  a: new Set(['href', 'style']),
  img: new Set(['src', 'width', 'height', 'alt', 'style']),
  span: new Set(['style']),
  br: new Set(),
};
const VOID_TAGS = new Set(['img', 'br']);
/** Attributes held to the one form the templates write. */
const ATTRIBUTE_VALUES: ReadonlyMap<string, RegExp> = new Map([
  ['valign', /^top$/],
  ['colspan', /^\d+$/],
  ['width', /^\d+$/],
  ['height', /^\d+$/],
]);
const ALLOWED_STYLE_PROPERTIES = new Set([
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'color',
  'text-decoration',
  'padding-top',
  'padding-bottom',
  'padding-right',
  'padding-left',
  'vertical-align',
  'border-top',
  'border-left',
  'border',
  'display',
  'width',
  'height',
  'border-radius',
  'background-color',
  'letter-spacing',
  'text-transform',
  'white-space',
]);
/** Properties whose value is held to the one form the templates write. */
const ALLOWED_VALUES: ReadonlyMap<string, RegExp> = new Map([
  ['display', /^block$/],
  ['white-space', /^nowrap$/],
  ['text-transform', /^uppercase$/],
  ['letter-spacing', /^\d+px$/],
  ['padding-left', /^\d+px$/],
  ['border-left', /^\d+px solid #[0-9a-fA-F]+$/],
  // A colour only: no image or gradient may ride along.
  ['background-color', /^#[0-9a-fA-F]+$/],
]);
const ALLOWED_HREF = /^(?:https?:\/\/[^/?#\\]|mailto:.|tel:.)/;
const OPEN_TAG = /^([a-z]+)((?: [a-z-]+="[^"]*")*)$/;
const ATTRIBUTE = / ([a-z-]+)="([^"]*)"/g;
const DECLARATION = /^([a-z-]+):([^:]+)$/;
const KNOWN_ENTITY = /^&(?:amp|lt|gt|quot|#39|nbsp);/;
const FORBIDDEN_IN_STYLE = /url\(|expression|\\|\/\*|@|rgb|hsl|lch|var\(|!important|[<>"]/i;
const HASH_COLOUR = /#[0-9a-fA-F]*/g;
const VALID_HASH_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const URL_CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f]/;

function decodeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function auditEntities(segment: string, where: string, findings: string[]): void {
  let at = segment.indexOf('&');
  while (at !== -1) {
    if (!KNOWN_ENTITY.test(segment.slice(at, at + 8)))
      findings.push(`unknown entity in ${where}: ${segment.slice(at, at + 12)}`);
    at = segment.indexOf('&', at + 1);
  }
}

function auditStyle(style: string, tag: string, findings: string[]): void {
  if (FORBIDDEN_IN_STYLE.test(style)) findings.push(`forbidden token in style on <${tag}>: ${style}`);
  for (const declaration of style.split(';')) {
    const match = DECLARATION.exec(declaration);
    if (!match) {
      findings.push(`malformed declaration on <${tag}>: "${declaration}"`);
      continue;
    }
    const [, property = '', value = ''] = match;
    if (!ALLOWED_STYLE_PROPERTIES.has(property)) findings.push(`style property ${property} on <${tag}>`);
    const allowedValue = ALLOWED_VALUES.get(property);
    if (allowedValue && !allowedValue.test(value)) findings.push(`${property}:${value} on <${tag}>`);
    for (const colour of value.match(HASH_COLOUR) ?? []) {
      if (!VALID_HASH_COLOUR.test(colour)) findings.push(`bad colour ${colour} on <${tag}>`);
    }
  }
}

function auditUrl(name: string, url: string, publicUrl: string, findings: string[]): void {
  if (URL_CONTROL_OR_SPACE.test(url)) findings.push(`control or space in ${name}: ${JSON.stringify(url)}`);
  // A link to https://host/big-data:report is harmless, so for links the scheme is what counts;
  // an image must carry no embedded data anywhere.
  if (name === 'href' && !ALLOWED_HREF.test(url)) findings.push(`href with a forbidden scheme: ${url}`);
  if (name === 'src') {
    const lower = url.toLowerCase();
    if (lower.includes('data:') || lower.includes(';base64,')) findings.push(`embedded data in img src: ${url}`);
    if (!url.startsWith('https://') && !url.startsWith(`${publicUrl}/`))
      findings.push(`img src not absolute https: ${url}`);
    if (/\.svgz?$/i.test(url.split(/[?#]/)[0] ?? '')) findings.push(`svg image: ${url}`);
  }
}

function auditOpenTag(body: string, publicUrl: string, findings: string[]): string | null {
  const match = OPEN_TAG.exec(body);
  const tag = match?.[1];
  if (!match || tag === undefined) {
    findings.push(`malformed tag <${body}>`);
    return null;
  }
  const allowed = ALLOWED_ATTRIBUTES[tag];
  if (!allowed) {
    findings.push(`tag <${tag}> is not allowed`);
    return null;
  }
  const seen = new Set<string>();
  for (const [, name = '', rawValue = ''] of (match[2] ?? '').matchAll(ATTRIBUTE)) {
    if (!allowed.has(name)) findings.push(`attribute ${name} on <${tag}>`);
    if (seen.has(name)) findings.push(`duplicate attribute ${name} on <${tag}>`);
    seen.add(name);
    // The one raw quote allowed is the font stack's 'Times New Roman', a constant, not user input.
    const quoteIsFine = name === 'style';
    if ((!quoteIsFine && rawValue.includes("'")) || rawValue.includes('<') || rawValue.includes('>')) {
      findings.push(`unescaped character in ${name}`);
    }
    auditEntities(rawValue, `${tag} ${name}`, findings);
    const value = decodeAttribute(rawValue);
    if (name === 'style') auditStyle(value, tag, findings);
    if (name === 'href' || name === 'src') auditUrl(name, value, publicUrl, findings);
    const allowedValue = ATTRIBUTE_VALUES.get(name);
    if (allowedValue && !allowedValue.test(value)) findings.push(`${name}="${value}" on <${tag}>`);
  }
  if (tag === 'img' && !seen.has('src')) findings.push('<img> without src');
  if (tag === 'a' && !seen.has('href')) findings.push('<a> without href');
  return tag;
}

/** Every way the HTML departs from what Gmail keeps and what the renderer promises; [] when clean. */
export function auditSignatureHtml(html: string, publicUrl: string): string[] {
  const findings: string[] = [];
  const open: string[] = [];
  let at = 0;
  while (at < html.length) {
    const tagStart = html.indexOf('<', at);
    const text = html.slice(at, tagStart === -1 ? html.length : tagStart);
    if (text.includes('>')) findings.push(`raw > in text: ${text.slice(0, 40)}`);
    auditEntities(text, 'text', findings);
    if (tagStart === -1) break;
    const tagEnd = html.indexOf('>', tagStart);
    if (tagEnd === -1) {
      findings.push('unterminated tag');
      break;
    }
    const body = html.slice(tagStart + 1, tagEnd);
    if (body.startsWith('/')) {
      const name = body.slice(1);
      const expected = open.pop();
      if (name !== expected) findings.push(`</${name}> closes <${expected ?? 'nothing'}>`);
    } else {
      const tag = auditOpenTag(body, publicUrl, findings);
      if (tag !== null && !VOID_TAGS.has(tag)) open.push(tag);
    }
    at = tagEnd + 1;
  }
  if (open.length > 0) findings.push(`unclosed <${open.join('>, <')}>`);
  return findings;
}
