import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gmailStoredHtml } from '../../test-support/gmail-stored';
import {
  GMAIL_PROXY_IMAGE_URL_CHARS,
  GMAIL_SIGNATURE_MAX_CHARS,
  SIGNATURE_SIZE_LIMIT,
  gmailRgb,
  gmailSizeOf,
  gmailSizeStatus,
  gmailStoredLength,
} from './gmail-size';
import { renderSignature } from './render-signature';
import {
  FONT_CHOICES,
  LAYOUTS,
  LIMITS,
  MAX_CUSTOM_FIELDS,
  SOCIAL_PLATFORMS,
  TEMPLATES,
  createEmptySignature,
  type SignatureFields,
} from './signature-schema';
import { SOCIAL_PLATFORM_HOSTS } from './social-hosts';
import { TEST_PUBLIC_URL, buildFullSignature } from '../../test-support/signature-test-factory';

const options = { publicUrl: TEST_PUBLIC_URL, showWatermark: true };

describe('gmailStoredLength: each rewrite Gmail makes', () => {
  const wrapped = (html: string) => html.length + 21;

  it('wraps the signature in <div dir="ltr"> (+21); nothing for an empty one', () => {
    expect(gmailStoredLength('x')).toBe(22);
    expect(gmailStoredLength('')).toBe(0);
  });

  it('adds <tbody> to every table (+15 each)', () => {
    const html = '<table><tr><td><table><tr><td>x</td></tr></table></td></tr></table>';
    expect(gmailStoredLength(html)).toBe(wrapped(html) + 30);
  });

  it('adds target="_blank" to every link, mailto: and tel: included (+16 each)', () => {
    const html = '<a href="https://a.example">a</a><a href="mailto:a@b.example">m</a><a href="tel:1">t</a>';
    expect(gmailStoredLength(html)).toBe(wrapped(html) + 48);
  });

  it(`counts every image URL as a ${GMAIL_PROXY_IMAGE_URL_CHARS}-character proxy URL`, () => {
    const src = 'https://sig.example.com/u/abc.png';
    const html = `<img src="${src}" width="80" height="80" alt="">`;
    expect(gmailStoredLength(html)).toBe(wrapped(html) - src.length + 127);
  });

  it('writes colours in style attributes as rgb(r,g,b) without spaces; not colours in text', () => {
    expect(gmailRgb('#1a73e8')).toBe('rgb(26,115,232)');
    expect(gmailRgb('#fff')).toBe('rgb(255,255,255)');
    const html = '<span style="color:#1a73e8;border-top:1px solid #fff">#abcdef</span>';
    expect(gmailStoredLength(html)).toBe(wrapped(html) + (15 - 7) + (16 - 4));
  });

  it('writes the quotes of a quoted font name as &quot; (+5 each)', () => {
    const html = `<td style="font-family:'Times New Roman',Times,serif">x</td>`;
    expect(gmailStoredLength(html)).toBe(wrapped(html) + 10);
  });

  it('is never shorter than the HTML handed over (the API counts what it receives)', () => {
    const src = `https://cdn.example/${'x'.repeat(400)}.png`;
    const html = `<img src="${src}">`;
    expect(gmailStoredLength(html)).toBe(html.length);
  });
});

describe('the one limit', () => {
  it(`refuses above ${SIGNATURE_SIZE_LIMIT} and warns from 8,000`, () => {
    expect(SIGNATURE_SIZE_LIMIT).toBeLessThan(GMAIL_SIGNATURE_MAX_CHARS);
    expect(gmailSizeStatus(7_999)).toBe('ok');
    expect(gmailSizeStatus(8_000)).toBe('warn');
    expect(gmailSizeStatus(9_800)).toBe('warn');
    expect(gmailSizeStatus(9_801)).toBe('over');
    expect(gmailSizeOf('x', 9_801)).toMatchObject({ characters: 1, stored: 9_801, limit: 9_800, status: 'over' });
  });
});

describe('the model against Gmail’s stored HTML, written out', () => {
  it('agrees to the character for every template, layout and font', () => {
    for (const template of TEMPLATES)
      for (const layout of LAYOUTS)
        for (const font of FONT_CHOICES) {
          const fields = buildFullSignature();
          fields.design = { ...fields.design, template, layout, fontFamily: font.value, logoBacking: 'light' };
          const manifest = renderSignature(fields, options);
          expect(manifest.storedLength, `${template}/${layout}/${font.value}`).toBe(
            gmailStoredHtml(manifest.html).length,
          );
        }
  });
});

// Content people can save, as long as it can get: every character of a field may cost up to 6
// once escaped ('"' is &quot;), every platform has a profile, every custom field is used.
const HEAVY = fc.constantFrom('a', '&', '"', '<', 'é', '👩‍💻', ' ');
const heavyText = (max: number) => fc.array(HEAVY, { minLength: max / 2, maxLength: max }).map((c) => c.join(''));

const heavySignature: fc.Arbitrary<SignatureFields> = fc
  .record({
    name: heavyText(LIMITS.name),
    title: heavyText(LIMITS.title),
    company: heavyText(LIMITS.company),
    address: heavyText(LIMITS.address),
    customFields: fc.array(
      fc.record({ label: heavyText(LIMITS.customFieldLabel), value: heavyText(LIMITS.customFieldValue) }),
      { minLength: 0, maxLength: MAX_CUSTOM_FIELDS },
    ),
    query: fc.array(fc.constantFrom('&', 'a', '"'), { maxLength: 150 }).map((c) => c.join('')),
    template: fc.constantFrom(...TEMPLATES),
    layout: fc.constantFrom(...LAYOUTS),
    font: fc.constantFrom(...FONT_CHOICES.map((f) => f.value)),
    light: fc.boolean(),
  })
  .map((r) =>
    createEmptySignature({
      name: r.name,
      title: r.title,
      company: r.company,
      phone: '+1 (415) 555-0134 ext. 2210',
      mobile: '+44 7700 900123',
      email: 'alexandra.montgomery-fitzgerald@northwind-traders.example.com',
      website: `https://www.northwind-traders.example.com/?q=${r.query}`.slice(0, LIMITS.website),
      address: r.address,
      photoUrl: `${TEST_PUBLIC_URL}/objects/q7mz4kx2vb5nw3hj6tpa-160x53.png`,
      imageLinkUrl: 'website',
      customFields: r.customFields,
      socialLinks: Object.fromEntries(
        SOCIAL_PLATFORMS.map((p) => [p, `https://${SOCIAL_PLATFORM_HOSTS[p][0]}/?r=${r.query}`.slice(0, 200)]),
      ),
      design: { template: r.template, layout: r.layout, fontFamily: r.font, logoBacking: r.light ? 'light' : 'none' },
    }),
  );

/** The signature with parts taken away, one at a time, until the guard lets it through. */
function trimToGuard(fields: SignatureFields): SignatureFields | null {
  let current = fields;
  for (let step = 0; step < 40; step += 1) {
    if (renderSignature(current, options).storedLength <= SIGNATURE_SIZE_LIMIT) return current;
    if (current.customFields.length > 0) current = { ...current, customFields: current.customFields.slice(1) };
    else if (current.address.length > 20) current = { ...current, address: current.address.slice(0, -20) };
    else return null;
  }
  return null;
}

describe('worst content the guard lets through', () => {
  it(`is at most ${GMAIL_SIGNATURE_MAX_CHARS} characters as Gmail stores it`, { timeout: 60_000 }, () => {
    let worst = 0;
    fc.assert(
      fc.property(heavySignature, (heavy) => {
        const passing = trimToGuard(heavy);
        if (!passing) return;
        const { html } = renderSignature(passing, options);
        const stored = gmailStoredHtml(html).length;
        worst = Math.max(worst, stored);
        expect(stored).toBeLessThanOrEqual(GMAIL_SIGNATURE_MAX_CHARS);
      }),
      { numRuns: 300 },
    );
    console.info(`worst guard-passing signature: ${worst} characters as Gmail stores it`);
    // The search reaches the limit: a test that never came near it would prove nothing.
    expect(worst).toBeGreaterThan(SIGNATURE_SIZE_LIMIT - 300);
  });
});
