import fc from 'fast-check';
import { STORED_FILE_NAME } from '../shared/signature/image-geometry';
import type { SignatureManifest } from '../shared/signature/signature-manifest';
import {
  FONT_CHOICES,
  IMAGE_LINK_OPTIONS,
  LAYOUTS,
  LIMITS,
  MAX_CUSTOM_FIELDS,
  PHOTO_SHAPES,
  SOCIAL_PLATFORMS,
  TEMPLATES,
  type SignatureFields,
  type SocialPlatform,
} from '../shared/signature/signature-schema';
import { auditSignatureHtml } from './gmail-html-audit';

/**
 * Random and hostile signatures for the renderer's property test and its 100,000-signature bench
 * (bench/export-property.bench.ts): one generator, one list of findings, so the bench counts what
 * the test forbids.
 */

export const ORIGINS = ['https://app.signaturepro.example', 'http://localhost:5000'] as const;

const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</td></tr></table><style>*{display:none}</style>',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  '\u0000javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/png;base64,iVBORw0KGgo=',
  ' DATA:image/gif;base64,R0lGOD',
  'https://cdn.example/x.png;base64,AAAA',
  '//evil.example/a.png',
  '/\\evil.example/a.png',
  '\\\\evil.example\\a.png',
  'https:evil.example',
  'https://evil.example/logo.svg',
  'https://evil.example/logo.SVG?v=2',
  'http://evil.example/a.png',
  'https://example.com/"onmouseover="alert(1)',
  "https://example.com/'onmouseover='alert(1)",
  'mailto:a@b.example?bcc=x@y.example',
  'mailto:a@b.example&body=Hi',
  'MAILTO:a@b.example?subject=x',
  'tel:+1555;ext=22',
  'tel:+1 555 0100',
  'tel:+1<script>',
  'class="x" id="y" style="position:absolute"',
  '#1a73e8;position:absolute',
  'rgb(0 0 0 / .5)',
  'expression(alert(1))',
  'url(javascript:alert(1))',
  '&amp;&lt;&#0;&',
  '\u202e\u200b\ufeff',
  '\ud83d\udca5\ud83d\udc69\u200d\ud83d\udc67',
  '\ud800',
  '%0d%0aSet-Cookie:x',
  '  https://ok.example/a.png  ',
  '/objects/uploads/x.png',
  'http://localhost:5000/objects/a.png',
  'localhost:5000/objects/a.png',
  '/objects/q7mz4kx2vb5nw3hj6tpa-160x53.png',
  '/objects/q7mz4kx2vb5nw3hj6tpa-80x80a.jpg',
  'https://cdn.example/q7mz4kx2vb5nw3hj6tpa-80x80.png?x=1',
  'www.example.com',
  '+1 (555) 010-0000 ext. 12',
];

const hostile = fc.constantFrom(...HOSTILE);
const anyText = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }), weight: 3 },
  { arbitrary: hostile, weight: 4 },
  { arbitrary: fc.tuple(hostile, fc.string({ maxLength: 10 }), hostile).map((parts) => parts.join('')), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 600 }), weight: 1 },
);
const urlLike = fc.oneof(anyText, fc.webUrl({ withQueryParameters: true, withFragments: true }));
const clipped = (max: number, source: fc.Arbitrary<string> = anyText): fc.Arbitrary<string> =>
  source.map((value) => value.slice(0, max));
/** A valid choice most of the time, anything at all otherwise: invalid values arrive by cast. */
const choiceOrJunk = (choices: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof({ arbitrary: fc.constantFrom(...choices), weight: 3 }, { arbitrary: anyText, weight: 1 });

const socialLinks = fc.record(
  Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, clipped(LIMITS.socialUrl, urlLike)])) as Record<
    SocialPlatform,
    fc.Arbitrary<string>
  >,
  { requiredKeys: [] },
);

export const signatureArbitrary: fc.Arbitrary<SignatureFields> = fc
  .record({
    name: clipped(LIMITS.name),
    title: clipped(LIMITS.title),
    company: clipped(LIMITS.company),
    phone: clipped(LIMITS.phone),
    mobile: clipped(LIMITS.mobile),
    email: clipped(LIMITS.email, fc.oneof(anyText, fc.emailAddress())),
    website: clipped(LIMITS.website, urlLike),
    address: clipped(LIMITS.address),
    photoUrl: clipped(LIMITS.url, urlLike),
    imageLinkUrl: choiceOrJunk(IMAGE_LINK_OPTIONS),
    customImageUrl: clipped(LIMITS.url, urlLike),
    socialLinks,
    customFields: fc.array(
      fc.record({ label: clipped(LIMITS.customFieldLabel), value: clipped(LIMITS.customFieldValue) }),
      { maxLength: MAX_CUSTOM_FIELDS },
    ),
    design: fc.record({
      template: choiceOrJunk(TEMPLATES),
      primaryColor: choiceOrJunk(['#1a73e8', '#FFF', '#AbC123', '#12345g', 'red']),
      secondaryColor: choiceOrJunk(['#666666', '#333', '#D73B2A', '#66666', 'gray']),
      fontFamily: choiceOrJunk(FONT_CHOICES.map((font) => font.value)),
      layout: choiceOrJunk(LAYOUTS),
      animateLogo: choiceOrJunk(['true', 'false']),
      photoShape: choiceOrJunk([...PHOTO_SHAPES, 'circle']),
    }),
  })
  // The cast stands for data that skipped the schema: the renderer must cope with it anyway.
  .map((fields) => fields as unknown as SignatureFields);

/**
 * What a save leaves of a signature's image address (docs/decisions/0162): empty stays empty, one
 * of our stored images stays as it is, anything else is re-hosted (a stored path of ours) or refused.
 */
export function asSaved(
  signature: SignatureFields,
  rehosted = '/objects/q7mz4kx2vb5nw3hj6tpa-160x53.png',
): SignatureFields {
  const photo = signature.photoUrl.trim();
  const name = /^\/objects\/([^/?#]+)$/.exec(photo)?.[1];
  const ours = photo === '' || (name !== undefined && STORED_FILE_NAME.test(name));
  return ours ? signature : { ...signature, photoUrl: rehosted };
}

/** Everything wrong with one export: Gmail-unsafe HTML, control characters, header-carrying mailto:, tel: with more than digits. */
export function exportFindings(
  { html, text, links }: Pick<SignatureManifest, 'html' | 'text' | 'links'>,
  publicUrl: string,
): string[] {
  const findings = auditSignatureHtml(html, publicUrl);
  const lower = html.toLowerCase();
  if (lower.includes('<style') || lower.includes('<script') || lower.includes('<svg'))
    findings.push('forbidden element');
  if (/[\u0000-\u001f\u007f-\u009f]/.test(html)) findings.push('control character in html');
  if (/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(text)) findings.push('control character in text');
  for (const { href, kind } of links) {
    if (kind === 'mailto' && /[?&]/.test(href)) findings.push(`mailto with a header: ${href}`);
    if (kind === 'tel' && !/^tel:\+?[0-9]+$/.test(href)) findings.push(`tel with more than digits: ${href}`);
  }
  return findings;
}

/** Images of an export that are not served from the public origin (a saved signature must have none). */
export function imagesOffOrigin(html: string, publicUrl: string): string[] {
  const base = publicUrl.replace(/\/$/, '') + '/';
  return [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)]
    .map((match) => match[1] ?? '')
    .filter((src) => !src.startsWith(base));
}
