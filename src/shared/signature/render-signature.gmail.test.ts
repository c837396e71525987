import { doIUseEmail } from 'doiuse-email';
import { describe, expect, it } from 'vitest';
import { GMAIL_SIGNATURE_MAX_CHARS } from './gmail-size';
import { renderSignature } from './render-signature';
import { LAYOUTS, LIMITS, PHOTO_SHAPES, SOCIAL_PLATFORMS, TEMPLATES, type SignatureFields } from './signature-schema';
import { SOCIAL_PLATFORM_HOSTS } from './social-hosts';
import { TEST_PUBLIC_URL, buildFullSignature } from '../../test-support/signature-test-factory';

/**
 * No error at all: the image file has the shape and proportions it is shown with (decision 0070),
 * so neither object-fit (missing in Gmail's mobile web client) nor border-radius is needed.
 */
const IMAGES = {
  photo: `${TEST_PUBLIC_URL}/objects/q7mz4kx2vb5nw3hj6tpa-80x80.png`,
  'wide logo': `${TEST_PUBLIC_URL}/objects/q7mz4kx2vb5nw3hj6tpa-160x53.jpg`,
  'animated photo': `${TEST_PUBLIC_URL}/objects/q7mz4kx2vb5nw3hj6tpa-80x80a.png`,
  'older upload': `${TEST_PUBLIC_URL}/objects/7f3c9a2e-4b1d-4e8a-9c6f-2d5e8b1a7c40.png`,
};

describe('Gmail compatibility (doiuse-email, gmail.*)', () => {
  for (const template of TEMPLATES) {
    for (const layout of LAYOUTS) {
      for (const photoShape of PHOTO_SHAPES) {
        it(`${template} / ${layout} / ${photoShape}`, () => {
          for (const [image, photoUrl] of Object.entries(IMAGES)) {
            const design = {
              ...buildFullSignature().design,
              template,
              layout,
              photoShape,
              animateLogo: 'true' as const,
            };
            const { html } = renderSignature(buildFullSignature({ photoUrl, design }), {
              publicUrl: TEST_PUBLIC_URL,
              showWatermark: true,
            });
            const result = doIUseEmail(html, { emailClients: ['gmail.*'] });
            expect(result.success ? [] : result.errors, image).toEqual([]);
            expect(html).not.toMatch(/object-fit|border-radius:50%/);
          }
        });
      }
    }
  }
});

function buildMaxedSignature(): SignatureFields {
  const fill = (length: number, seed: string) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
  const base = buildFullSignature();
  return {
    ...base,
    name: fill(LIMITS.name, 'Name '),
    title: fill(LIMITS.title, 'Title '),
    company: fill(LIMITS.company, 'Company '),
    phone: fill(LIMITS.phone, '5'),
    mobile: fill(LIMITS.mobile, '7'),
    email: `${fill(LIMITS.email - 12, 'a')}@example.com`,
    website: `https://example.com/${fill(LIMITS.website - 20, 'p')}`,
    address: fill(LIMITS.address, 'Street\n'),
    photoUrl: `https://cdn.example.com/${fill(LIMITS.url - 28, 'i')}.png`,
    // Each on its platform's own host, or the renderer would rightly leave it out.
    socialLinks: Object.fromEntries(
      SOCIAL_PLATFORMS.map((p) => {
        const origin = `https://${SOCIAL_PLATFORM_HOSTS[p][0]}/`;
        return [p, origin + fill(LIMITS.socialUrl - origin.length, 's')];
      }),
    ),
    customFields: base.customFields.map(() => ({
      label: fill(LIMITS.customFieldLabel, 'L'),
      value: fill(LIMITS.customFieldValue, 'v'),
    })),
  };
}

describe('signature length', () => {
  it(`keeps a full, realistic signature well under Gmail's ${GMAIL_SIGNATURE_MAX_CHARS} characters`, () => {
    const lengths = TEMPLATES.flatMap((template) =>
      LAYOUTS.map((layout) => {
        const signature = buildFullSignature({ design: { ...buildFullSignature().design, template, layout } });
        const { html } = renderSignature(signature, { publicUrl: TEST_PUBLIC_URL, showWatermark: true });
        return { template, layout, length: html.length };
      }),
    );
    console.info(
      `full signature HTML length: ${lengths.map((l) => `${l.template}/${l.layout} ${l.length}`).join(', ')}`,
    );
    for (const { length } of lengths) expect(length).toBeLessThan(6_000);
  });

  it("stays under Gmail's limit even with every field at its schema maximum, whatever the design", () => {
    // The schema's limits (LIMITS in signature-schema.ts) are chosen so that this holds.
    const maxed = buildMaxedSignature();
    const lengths = TEMPLATES.flatMap((template) =>
      LAYOUTS.map((layout) => {
        const signature = { ...maxed, design: { ...maxed.design, template, layout } };
        const { html } = renderSignature(signature, { publicUrl: TEST_PUBLIC_URL, showWatermark: true });
        return { template, layout, length: html.length };
      }),
    );
    console.info(
      `every field at its maximum: ${lengths.map((l) => `${l.template}/${l.layout} ${l.length}`).join(', ')}`,
    );
    for (const { length } of lengths) expect(length).toBeLessThan(GMAIL_SIGNATURE_MAX_CHARS);
  });
});
