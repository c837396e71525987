import { describe, expect, it } from 'vitest';
import { signatureImages } from './preflight';
import { renderSignature } from './render-signature';
import { LAYOUTS, TEMPLATES } from './signature-schema';
import { TEST_PUBLIC_URL, buildFullSignature } from '../../test-support/signature-test-factory';

const HREF = /<a\b[^>]*?\shref="([^"]*)"/g;
const decode = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

describe('the render manifest', () => {
  it('lists exactly the images and links the HTML holds, in every template and layout', () => {
    for (const template of TEMPLATES)
      for (const layout of LAYOUTS)
        for (const showWatermark of [true, false]) {
          const fields = buildFullSignature({
            customFields: [
              { label: 'Call', value: '+1 415 555 0100' },
              { label: 'Book', value: 'https://cal.example.com/ada?x=1&y=2' },
            ],
          });
          fields.design = { ...fields.design, template, layout };
          const manifest = renderSignature(fields, { publicUrl: TEST_PUBLIC_URL, showWatermark });
          const where = `${template}/${layout}/${showWatermark}`;
          expect(manifest.images.map((i) => i.url).sort(), where).toEqual(
            signatureImages(manifest.html)
              .map((i) => i.src)
              .sort(),
          );
          expect(manifest.links.map((l) => l.href).sort(), where).toEqual(
            [...manifest.html.matchAll(HREF)].map((m) => decode(m[1] ?? '')).sort(),
          );
        }
  });

  it('gives each image its origin, display size and density, and each link its kind', () => {
    const manifest = renderSignature(buildFullSignature(), { publicUrl: TEST_PUBLIC_URL, showWatermark: false });
    const logo = manifest.images.find((i) => i.role === 'logo');
    expect(logo).toMatchObject({ origin: TEST_PUBLIC_URL, onPublicOrigin: true, width: 80, height: 80, density: 2 });
    const icons = manifest.images.filter((i) => i.role === 'icon');
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) expect(icon).toMatchObject({ width: 20, height: 20, density: 2, onPublicOrigin: true });
    const kinds = new Map(manifest.links.map((l) => [l.role, l.kind]));
    expect(kinds.get('phone')).toBe('tel');
    expect(kinds.get('email')).toBe('mailto');
    expect(kinds.get('website')).toBe('web');

    const foreign = renderSignature(buildFullSignature({ photoUrl: 'https://cdn.example.net/logo.png' }), {
      publicUrl: TEST_PUBLIC_URL,
      showWatermark: false,
    }).images.find((i) => i.role === 'logo');
    expect(foreign).toMatchObject({ origin: 'https://cdn.example.net', onPublicOrigin: false, density: null });
  });
});
