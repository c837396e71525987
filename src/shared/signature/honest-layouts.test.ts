import { describe, expect, it } from 'vitest';
import { auditSignatureHtml } from '../../test-support/gmail-html-audit';
import { renderSignature } from './render-signature';
import {
  LAYOUTS,
  PHOTO_SHAPES,
  SOCIAL_PLATFORMS,
  TEMPLATES,
  createEmptySignature,
  signatureFieldsSchema,
  signaturePatchSchema,
} from './signature-schema';
import {
  EDITOR_TEST_SOCIAL_LINKS,
  TEST_PUBLIC_URL,
  buildEditorTestSignature,
  buildFullSignature,
} from '../../test-support/signature-test-factory';

const OPTIONS = { publicUrl: TEST_PUBLIC_URL, showWatermark: true };
/** The e2e server's origin shape: http on loopback with a five-digit port. */
const E2E_ORIGIN = 'http://127.0.0.1:41234';

describe('Text only has no image at all', () => {
  for (const template of TEMPLATES) {
    for (const photoShape of PHOTO_SHAPES) {
      it(`${template} / ${photoShape}: no <img>, profiles as links in the primary colour`, () => {
        const signature = buildFullSignature({
          design: {
            ...buildFullSignature().design,
            template,
            photoShape,
            layout: 'text-only',
            primaryColor: '#9c27b0',
          },
        });
        const { html, text } = renderSignature(signature, OPTIONS);
        expect(html).not.toMatch(/<img/i);
        expect(html).not.toContain('/icons/');
        for (const platform of SOCIAL_PLATFORMS) {
          const href = signature.socialLinks[platform]!.replaceAll('&', '&amp;');
          expect(html).toMatch(
            new RegExp(
              `<a href="${href.replace(/[.?*+^$()[\]\\|{}]/g, '\\$&')}" style="color:#9c27b0;text-decoration:none">[A-Za-z]+</a>`,
            ),
          );
        }
        expect(html).toContain('>LinkedIn</a> · <a');
        expect(html).toContain('>X</a>');
        expect(auditSignatureHtml(html, TEST_PUBLIC_URL)).toEqual([]);
        expect(text).toContain('LinkedIn: https://www.linkedin.com/in/');
      });
    }
  }

  it('still shows the logo and the icons in the other layouts', () => {
    for (const layout of LAYOUTS.filter((l) => l !== 'text-only')) {
      const { html } = renderSignature(
        buildFullSignature({ design: { ...buildFullSignature().design, layout } }),
        OPTIONS,
      );
      expect(html.match(/<img /g)).toHaveLength(10);
    }
  });
});

describe('custom fields that are links', () => {
  const render = (value: string, template: (typeof TEMPLATES)[number] = 'professional') =>
    renderSignature(
      createEmptySignature({
        customFields: [{ label: 'Extra', value }],
        design: { template, primaryColor: '#9c27b0', secondaryColor: '#2d8659' },
      }),
      { publicUrl: TEST_PUBLIC_URL, showWatermark: false },
    ).html;

  it.each([
    [
      'https://cal.example.com/ada?x=1&y=2',
      'https://cal.example.com/ada?x=1&amp;y=2',
      'cal.example.com/ada?x=1&amp;y=2',
    ],
    ['www.example.com/ada', 'https://www.example.com/ada', 'www.example.com/ada'],
    ['calendly.com/ada/30min', 'https://calendly.com/ada/30min', 'calendly.com/ada/30min'],
    ['ada@example.com', 'mailto:ada@example.com', 'ada@example.com'],
    ['+1 (555) 010-0199', 'tel:+15550100199', '+1 (555) 010-0199'],
    ['0207 946 0958 ext. 12', 'tel:02079460958', '0207 946 0958 ext. 12'],
  ])('links %j in the signature colours', (value, href, shown) => {
    const html = render(value);
    const nowrap = href.startsWith('tel:') ? ';white-space:nowrap' : '';
    expect(html).toContain(`&nbsp;<a href="${href}" style="color:#2d8659;text-decoration:none${nowrap}">${shown}</a>`);
  });

  it('uses the primary colour for web and mail links in Minimal, as for the email and website', () => {
    expect(render('ada@example.com', 'minimal')).toContain(
      '<a href="mailto:ada@example.com" style="color:#9c27b0;text-decoration:none">',
    );
    expect(render('+44 7700 900123', 'minimal')).toContain(
      '<a href="tel:+447700900123" style="color:#2d8659;text-decoration:none;white-space:nowrap">',
    );
  });

  it.each([
    'she/her',
    'Monday to Friday, 9-5',
    'English, Français',
    '2024-01-15',
    '15/01/2024',
    '12345',
    'javascript:alert(1)',
    'v2.0',
    'Jordan Lee, jo@example.com',
  ])('leaves %j as text', (value) => {
    const html = render(value);
    expect(html).not.toContain('<a ');
  });
});

describe('phone numbers never wrap', () => {
  it.each(TEMPLATES)('%s: every tel: link is nowrap', (template) => {
    const { html } = renderSignature(
      buildFullSignature({ design: { ...buildFullSignature().design, template } }),
      OPTIONS,
    );
    const telLinks = [...html.matchAll(/<a href="tel:[^"]*" style="([^"]*)"/g)].map((m) => m[1]);
    expect(telLinks).toHaveLength(2);
    for (const style of telLinks) expect(style).toMatch(/white-space:nowrap$/);
  });
});

describe('input hygiene in the renderer', () => {
  it('strips bidi controls, zero-width spaces and separators from every text it writes, and keeps joiners', () => {
    const dirty = 'Gr\u202Eace\u200B Hop\u2066per\u2069\u2028\uFEFF \u{1F469}\u200D\u{1F4BB}';
    const { html, text } = renderSignature(
      createEmptySignature({
        name: dirty,
        title: dirty,
        company: dirty,
        address: dirty,
        customFields: [{ label: dirty, value: dirty }],
      }),
      { publicUrl: TEST_PUBLIC_URL, showWatermark: false },
    );
    expect(html).not.toMatch(/[\u061c\u200b\u200e\u200f\u202a-\u202e\u2028\u2029\u2060\u2066-\u2069\ufeff]/);
    expect(text).not.toMatch(/[\u061c\u200b\u200e\u200f\u202a-\u202e\u2028\u2029\u2060\u2066-\u2069\ufeff]/);
    expect(html).toContain('Grace Hopper \u{1F469}\u200D\u{1F4BB}');
  });

  it('shows and links internationalised hosts in punycode', () => {
    const { html } = renderSignature(
      createEmptySignature({
        website: 'https://pаypal.com/login',
        email: 'ada@bücher.example',
        customFields: [{ label: 'Shop', value: 'bücher.example/ada' }],
      }),
      { publicUrl: TEST_PUBLIC_URL, showWatermark: false },
    );
    // The 'а' is Cyrillic: the look-alike shows as the xn-- name it really is.
    expect(html).toContain(
      '<a href="https://xn--pypal-4ve.com/login" style="color:#666666;text-decoration:none">xn--pypal-4ve.com/login</a>',
    );
    expect(html).toContain('href="mailto:ada@xn--bcher-kva.example"');
    expect(html).toContain(
      '<a href="https://xn--bcher-kva.example/ada" style="color:#666666;text-decoration:none">xn--bcher-kva.example/ada</a>',
    );
    expect(html).not.toContain('pаypal');
  });

  it('leaves out a profile link stored before the host rule that points elsewhere', () => {
    const { html } = renderSignature(
      createEmptySignature({
        socialLinks: { linkedin: 'https://evil.example/in/ada', github: 'https://github.com/ada' },
      }),
      { publicUrl: TEST_PUBLIC_URL, showWatermark: false },
    );
    expect(html).not.toContain('evil.example');
    expect(html).toContain('alt="GitHub"');
  });
});

describe('the signature schema', () => {
  const valid = () => ({ ...buildFullSignature() });
  const firstMessage = (input: unknown) => {
    const result = signatureFieldsSchema.safeParse(input);
    return result.success
      ? null
      : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message };
  };

  it('strips invisible characters from every text field it keeps', () => {
    const parsed = signatureFieldsSchema.parse({
      ...valid(),
      name: 'Grace\u200B Hopper\u202E',
      customFields: [{ label: 'Pro\u2066nouns', value: 'she/her\u2028' }],
    });
    expect(parsed.name).toBe('Grace Hopper');
    expect(parsed.customFields[0]).toEqual({ label: 'Pronouns', value: 'she/her' });
  });

  it('refuses NUL and lone surrogates with the field named', () => {
    expect(firstMessage({ ...valid(), name: 'Grace\u0000' })).toEqual({
      path: 'name',
      message: 'Full Name contains a null character (U+0000), which cannot be stored. Please remove it.',
    });
    expect(firstMessage({ ...valid(), title: 'Admiral \ud83d' })?.message).toMatch(
      /^Job Title contains a broken character/,
    );
  });

  it.each([
    [
      'linkedin',
      'https://evil.example/in/ada',
      'Your LinkedIn link must be an address on linkedin.com or lnkd.in, like https://linkedin.com/in/yourname',
    ],
    [
      'linkedin',
      'https://linkedin.com.evil.example/in/ada',
      'Your LinkedIn link must be an address on linkedin.com or lnkd.in',
    ],
    ['twitter', 'https://mastodon.example/@ada', 'Your X (Twitter) link must be an address on x.com or twitter.com'],
    ['github', 'mailto:ada@github.com', 'Your GitHub link must be an address on github.com'],
  ] as const)('refuses a %s link of %j in words naming the platform', (platform, url, message) => {
    const result = firstMessage({ ...valid(), socialLinks: { [platform]: url } });
    expect(result?.path).toBe(`socialLinks.${platform}`);
    expect(result?.message.startsWith(message)).toBe(true);
  });

  it('accepts every platform on its own hosts and their subdomains, and an empty link', () => {
    const links = {
      ...EDITOR_TEST_SOCIAL_LINKS,
      linkedin: 'uk.linkedin.com/in/ada',
      facebook: 'https://fb.com/ada',
      youtube: 'https://youtu.be/x',
      discord: 'https://discord.com/invite/x',
      twitter: '',
    };
    expect(signatureFieldsSchema.safeParse({ ...valid(), socialLinks: links }).success).toBe(true);
  });

  it('accepts photoShape "circle" as round, and any other word too (spec section 3)', () => {
    expect(
      signatureFieldsSchema.parse({ ...valid(), design: { ...valid().design, photoShape: 'circle' } }).design
        .photoShape,
    ).toBe('round');
    expect(signaturePatchSchema.parse({ design: { photoShape: 'circle' } }).design?.photoShape).toBe('round');
    expect(signaturePatchSchema.parse({ design: { photoShape: 'square' } }).design?.photoShape).toBe('square');
    expect(signaturePatchSchema.parse({ design: { photoShape: 'rounded' } }).design?.photoShape).toBe('rounded');
  });

  it('holds the website limit on what was typed, however long it is once escaped', () => {
    // 21 + 4 × 69 = 297 characters as typed, 573 once each & is written as &amp;: fits.
    expect(
      signatureFieldsSchema.safeParse({ ...valid(), website: `https://example.com/?${'a=1&'.repeat(69)}` }).success,
    ).toBe(true);
    expect(firstMessage({ ...valid(), website: `https://example.com/?${'a=1&'.repeat(70)}` })).toEqual({
      path: 'website',
      message: 'Website URL must be 300 characters or fewer',
    });
  });
});

describe("the editor test's full signature fits in 4,000 characters", () => {
  it('as the browser test leaves it (Minimal, vertical, rounded, logo, nine profiles, watermark)', () => {
    const { html } = renderSignature(buildEditorTestSignature(), { publicUrl: E2E_ORIGIN, showWatermark: true });
    console.info(`editor test's full signature: ${html.length} characters`);
    expect(html.match(/<img /g)).toHaveLength(10);
    expect(html).toContain('Created with SignaturePro');
    expect(html.length).toBeLessThanOrEqual(4000);
  });

  it('in every template and layout', () => {
    const lengths: string[] = [];
    for (const template of TEMPLATES) {
      for (const layout of LAYOUTS) {
        const signature = buildEditorTestSignature({ design: { template, layout } });
        const { html } = renderSignature(signature, { publicUrl: E2E_ORIGIN, showWatermark: true });
        lengths.push(`${template}/${layout} ${html.length}`);
        expect(auditSignatureHtml(html, E2E_ORIGIN)).toEqual([]);
      }
    }
    console.info(`editor test's full signature by design: ${lengths.join(', ')}`);
  });
});
