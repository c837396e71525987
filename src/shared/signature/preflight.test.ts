import { describe, expect, it } from 'vitest';
import {
  findShorteners,
  runPreflight,
  signatureImages,
  visibleText,
  type ImageProbe,
  type PreflightItem,
} from './preflight';
import { isReadableEverywhere } from './dark-mode';
import { gmailStoredLength } from './gmail-size';
import { renderSignature, type SignatureManifest } from './render-signature';
import {
  DEFAULT_DESIGN,
  LAYOUTS,
  createEmptySignature,
  type SignatureFields,
  type SignatureOverrides,
} from './signature-schema';
import { TEMPLATES } from './template-info';
import { buildFullSignature, TEST_PUBLIC_URL } from '../../test-support/signature-test-factory';

const LOGO = `${TEST_PUBLIC_URL}/objects/uploads/logo.png`;

function check(
  fields: SignatureFields,
  options: {
    publicOrigin?: string;
    probes?: Map<string, ImageProbe>;
    manifest?: SignatureManifest;
    html?: string;
  } = {},
) {
  const publicOrigin = options.publicOrigin ?? TEST_PUBLIC_URL;
  const manifest =
    options.manifest ??
    (options.html === undefined
      ? renderSignature(fields, { publicUrl: publicOrigin, showWatermark: false })
      : manifestOfHtml(options.html));
  const items = runPreflight({ fields, manifest, publicOrigin, probes: options.probes });
  const item = (id: PreflightItem['id']) => items.find((i) => i.id === id);
  return { items, item, html: manifest.html };
}

/** A hand-written HTML's manifest, for cases the renderer would never write. */
function manifestOfHtml(html: string): SignatureManifest {
  const images = signatureImages(html).map((img) => ({
    url: img.src,
    origin: '',
    onPublicOrigin: false,
    role: 'logo' as const,
    alt: img.alt,
    width: img.width,
    height: img.height || null,
    density: null,
  }));
  const links = [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => {
    const href = (m[1] ?? '').replace(/&amp;/g, '&');
    const kind = href.startsWith('mailto:')
      ? ('mailto' as const)
      : href.startsWith('tel:')
        ? ('tel' as const)
        : ('web' as const);
    return { href, kind, role: 'custom' as const };
  });
  return { html, text: '', images, links, storedLength: gmailStoredLength(html) };
}

/** Every image of the HTML measured as loaded with `scale` times its display size. */
function probesAt(html: string, scale: number): Map<string, ImageProbe> {
  return new Map(
    signatureImages(html).map((img) => [
      img.src,
      { state: 'loaded', naturalWidth: img.width * scale, naturalHeight: img.height * scale },
    ]),
  );
}

const simple = (overrides: SignatureOverrides = {}) =>
  createEmptySignature({
    name: 'Ada Lovelace',
    title: 'Engineer',
    email: 'ada@example.com',
    photoUrl: LOGO,
    ...overrides,
  });

describe('runPreflight', () => {
  it('passes every item for a sound signature with sharp images', () => {
    const fields = simple({ design: { primaryColor: '#135dbe' } });
    const html = renderSignature(fields, { publicUrl: TEST_PUBLIC_URL, showWatermark: false }).html;
    const { items } = check(fields, { probes: probesAt(html, 2) });
    expect(items.filter((i) => i.status !== 'pass').map((i) => `${i.id}: ${i.detail}`)).toEqual([]);
    for (const item of items) expect(item.fix).toBe('');
  });

  it('size: passes below 8,000 stored characters, warns from 8,000, fails above 9,800, with a fix', () => {
    const fields = simple();
    expect(check(fields).item('size')?.status).toBe('pass');
    const warn = check(fields, { html: `<p>${'x'.repeat(8200)}</p>` }).item('size');
    expect(warn?.status).toBe('warn');
    // 8,207 handed over, plus the <div dir="ltr"> Gmail wraps it in.
    expect(warn?.detail).toContain('8,228 of 9,800 characters once Gmail stores it (8,207 as copied)');
    const over = check(fields, { html: `<p>${'x'.repeat(9_773)}</p>` }).item('size');
    expect(over?.status).toBe('fail');
    expect(over?.title).toBe('Too long for Gmail');
    expect(over?.detail).toContain('9,801 of 9,800');
    expect(over?.fix).toMatch(/Gmail refuses signatures over 10,000 characters, and we stop at 9,800/);
    expect(over?.fix).toMatch(/Remove social profiles or custom fields/);
  });

  it('size: counts what Gmail stores (re-hosted image URLs), not only what is copied', () => {
    const html = `<p>${'x'.repeat(7500)}</p>${'<img src="a" width="1" height="1" alt="a">'.repeat(6)}`;
    expect(html.length).toBeLessThan(8000);
    expect(check(simple(), { html }).item('size')?.status).toBe('warn');
  });

  it('images: fails an image from another site, and says an http: address is blocked', () => {
    const { item } = check(simple({ photoUrl: 'http://cdn.example.net/logo.png' }));
    const origin = item('images-origin');
    expect(origin?.status).toBe('fail');
    expect(origin?.detail).toContain('cdn.example.net');
    expect(origin?.detail).toContain('http:');
    expect(origin?.fix).toContain('Upload the file in the Images tab');
    expect(check(simple({ photoUrl: 'https://cdn.example.net/logo.png' })).item('images-origin')?.status).toBe('fail');
  });

  it('images: fails when the public origin is not https, and says to set PUBLIC_URL', () => {
    const origin = 'http://localhost:5000';
    const { item } = check(simple({ photoUrl: `${origin}/objects/uploads/logo.png` }), { publicOrigin: origin });
    expect(item('images-origin')?.status).toBe('fail');
    expect(item('images-origin')?.fix).toContain('PUBLIC_URL');
  });

  it('images: an address the renderer must leave out (data:, SVG) is named', () => {
    expect(check(simple({ photoUrl: 'data:image/png;base64,AAAA' })).item('image-left-out')?.status).toBe('fail');
    expect(check(simple({ photoUrl: 'https://x.example.com/logo.svg' })).item('image-left-out')?.fix).toContain(
      'PNG, JPEG or GIF',
    );
    expect(check(simple()).item('image-left-out')).toBeUndefined();
  });

  it('images: at 2× passes, below 2× warns with the size to upload, a broken image fails, unmeasured is pending', () => {
    const fields = simple();
    const { html } = check(fields);
    expect(check(fields, { probes: probesAt(html, 2) }).item('images-sharp')?.status).toBe('pass');
    const soft = check(fields, {
      probes: new Map<string, ImageProbe>([[LOGO, { state: 'loaded', naturalWidth: 100, naturalHeight: 100 }]]),
    }).item('images-sharp');
    expect(soft?.status).toBe('warn');
    expect(soft?.detail).toContain('100×100 pixels shown at 80×80');
    expect(soft?.fix).toContain('at least 160×160 pixels');
    // Both sides count: a wide file in a square box is soft in one direction.
    const boxed = `<p>Ada</p><img src="${LOGO}" width="80" height="80" alt="Ada">`;
    const wide = new Map<string, ImageProbe>([[LOGO, { state: 'loaded', naturalWidth: 400, naturalHeight: 120 }]]);
    expect(check(fields, { html: boxed, probes: wide }).item('images-sharp')?.status).toBe('warn');
    // Without a height attribute the file's own ratio decides: 400×120 shown at 80×24 is sharp, 120×36 is not.
    const widthOnly = `<p>Ada</p><img src="${LOGO}" width="80" alt="Ada">`;
    expect(check(fields, { html: widthOnly, probes: wide }).item('images-sharp')?.status).toBe('pass');
    const small = check(fields, {
      html: widthOnly,
      probes: new Map([[LOGO, { state: 'loaded', naturalWidth: 120, naturalHeight: 36 }]]),
    });
    expect(small.item('images-sharp')?.detail).toContain('120×36 pixels shown at 80×24');
    expect(check(fields, { probes: new Map([[LOGO, { state: 'error' }]]) }).item('images-sharp')?.status).toBe('fail');
    expect(check(fields).item('images-sharp')?.status).toBe('pending');
  });

  it('images: alt text passes when present and warns when empty', () => {
    expect(check(simple()).item('images-alt')?.status).toBe('pass');
    const html = `<p>Ada</p><img src="${LOGO}" width="80" height="80" alt="">`;
    const alt = check(simple(), { html }).item('images-alt');
    expect(alt?.status).toBe('warn');
    expect(alt?.fix).not.toBe('');
  });

  it('contrast: gives the figures on white and on #202124 and suggests a readable shade', () => {
    const { item } = check(simple({ design: { primaryColor: '#1a73e8', secondaryColor: '#666666' } }));
    const primary = item('contrast-primary');
    expect(primary?.status).toBe('warn');
    expect(primary?.detail).toBe(
      '#1a73e8: 4.5:1 on white, 3.4:1 on Gmail’s dark background (#202124), at least 4.5:1 needed.',
    );
    expect(primary?.title).toContain('in dark mode');
    expect(primary?.fix).toMatch(/such as #[0-9a-f]{6}/);
    // The colour the words suggest is the one "Apply" sets, and it passes the same check.
    const suggested = /such as (#[0-9a-f]{6})/.exec(primary!.fix)![1]!;
    expect(primary?.apply).toEqual({ primaryColor: suggested });
    expect(check(simple({ design: { primaryColor: suggested } })).item('contrast-primary')?.status).toBe('pass');
    expect(item('contrast-secondary')?.apply).toBeUndefined();
    expect(item('contrast-secondary')?.status).toBe('pass');
    expect(item('contrast-secondary')?.detail).toContain('5.7:1 on white, 5.7:1');

    const pale = check(simple({ design: { secondaryColor: '#bbbbbb' } })).item('contrast-secondary');
    expect(pale?.status).toBe('warn');
    expect(pale?.title).toContain('in light and dark mode');
    const teal = check(simple({ design: { secondaryColor: '#30a0a0' } })).item('contrast-secondary');
    expect(teal?.title).toBe('Secondary colour hard to read on white');
    expect(teal?.apply).toEqual({ secondaryColor: /such as (#[0-9a-f]{6})/.exec(teal!.fix)![1] });
    expect(check(simple({ design: { primaryColor: '#0b3d91' } })).item('contrast-primary')?.status).toBe('pass');
  });

  it('links: counts web links apart from phone and email links, and warns above 15', () => {
    const links = check(simple({ website: 'example.com', phone: '+1 555 0100' })).item('links');
    expect(links?.status).toBe('pass');
    expect(links?.detail).toBe('1 web link and 2 phone or email links.');
    const many = Array.from({ length: 16 }, (_, i) => `<a href="https://e${i}.example.com">x</a>`).join('');
    const busy = check(simple(), { html: `<p>Ada</p>${many}` }).item('links');
    expect(busy?.status).toBe('warn');
    expect(busy?.fix).toContain('15 or fewer');
    const fifteen = Array.from({ length: 15 }, (_, i) => `<a href="https://e${i}.example.com">x</a>`).join('');
    expect(check(simple(), { html: `<p>Ada</p>${fifteen}` }).item('links')?.status).toBe('pass');
  });

  it('links: fails a link shortener in a link or in a typed field, naming the host', () => {
    const social = check(simple({ socialLinks: { linkedin: 'https://bit.ly/3abcd' } })).item('shorteners');
    expect(social?.status).toBe('fail');
    expect(social?.detail).toContain('bit.ly');
    expect(social?.fix).toContain('full address');
    const custom = check(simple({ customFields: [{ label: 'Book', value: 'calendar: tinyurl.com/ada-meet' }] })).item(
      'shorteners',
    );
    expect(custom?.status).toBe('fail');
    expect(custom?.detail).toContain('tinyurl.com');
    expect(check(simple({ website: 'https://bitly.example.com' })).item('shorteners')?.status).toBe('pass');
  });

  it('image-only: fails a signature with images and no text, passes one with text', () => {
    const logoOnly = createEmptySignature({ photoUrl: LOGO });
    const only = check(logoOnly).item('image-only');
    expect(only?.status).toBe('fail');
    expect(only?.fix).toContain('Add your name');
    // The free plan's line is not the person's text.
    const manifest = renderSignature(logoOnly, { publicUrl: TEST_PUBLIC_URL, showWatermark: true });
    expect(check(logoOnly, { manifest }).item('image-only')?.status).toBe('fail');
    expect(check(simple()).item('image-only')?.status).toBe('pass');
  });

  it('the full test signature: only the default blue is flagged once its images are measured', () => {
    const fields = buildFullSignature();
    const manifest = renderSignature(fields, { publicUrl: TEST_PUBLIC_URL, showWatermark: true });
    const items = runPreflight({ fields, manifest, publicOrigin: TEST_PUBLIC_URL, probes: probesAt(manifest.html, 2) });
    expect(items.filter((i) => i.status !== 'pass').map((i) => i.id)).toEqual(['contrast-primary']);
  });
});

describe('helpers', () => {
  it('reads images with their size and alt, entities decoded', () => {
    expect(
      signatureImages('<img src="https://a.test/x.png?a=1&amp;b=2" width="80" height="40" alt="A &amp; B">'),
    ).toEqual([{ src: 'https://a.test/x.png?a=1&b=2', width: 80, height: 40, alt: 'A & B' }]);
  });

  it('knows the common shorteners and nothing that merely contains their names', () => {
    expect(
      findShorteners([
        'https://bit.ly/x',
        'tinyurl.com/y',
        'https://t.co/z',
        'https://www.goo.gl/a',
        'ow.ly/b',
        'is.gd/c',
        'buff.ly/d',
        'rebrand.ly/e',
        'cutt.ly/f',
      ]),
    ).toEqual(['bit.ly', 'tinyurl.com', 't.co', 'goo.gl', 'ow.ly', 'is.gd', 'buff.ly', 'rebrand.ly', 'cutt.ly']);
    expect(
      findShorteners(['https://reddit.com/r/x', 'https://t.com', 'mailto:a@bit.ly.example', 'https://notbit.ly']),
    ).toEqual([]);
  });

  it('takes the free plan line out of the visible text', () => {
    expect(
      visibleText(
        '<p>Ada &amp; co</p><a href="#">Created with SignaturePro - app.signaturepro.example</a>',
        TEST_PUBLIC_URL,
      ),
    ).toBe('Ada & co');
  });
});

describe('runPreflight on the typing path', () => {
  it('re-uses the image and contrast checks while only text changes, and checks again when an image, a probe or a colour does', () => {
    const fields = simple();
    const html = renderSignature(fields, { publicUrl: TEST_PUBLIC_URL, showWatermark: false }).html;
    const probes = probesAt(html, 2);
    const first = check(fields, { probes });
    const typed = simple({ title: 'Engineer and Countess' });
    const second = check(typed, { probes });
    for (const id of [
      'images-origin',
      'images-sharp',
      'images-alt',
      'contrast-primary',
      'contrast-secondary',
    ] as const) {
      expect(second.item(id), id).toBe(first.item(id));
    }
    // The answers themselves still follow what changed.
    expect(check(typed, { probes: probesAt(html, 1) }).item('images-sharp')?.status).not.toBe('pass');
    const recoloured = check(simple({ design: { primaryColor: '#ffff00' } }), { probes });
    expect(recoloured.item('contrast-primary')).not.toBe(first.item('contrast-primary'));
    expect(recoloured.item('contrast-primary')?.status).not.toBe('pass');
    const noLogo = check(simple({ photoUrl: '' }), { probes });
    expect(noLogo.item('images-origin')?.title).toBe('No images to load');
  });
});

describe('an untouched new signature', () => {
  it('shows no pre-flight warning, with or without the free plan line', () => {
    for (const showWatermark of [false, true]) {
      const fields = createEmptySignature();
      const html = renderSignature(fields, { publicUrl: TEST_PUBLIC_URL, showWatermark }).html;
      const { items } = check(fields, { html });
      expect(items.filter((i) => i.status === 'warn').map((i) => `${i.id}: ${i.title}`)).toEqual([]);
      // The one thing it says: there is nothing in it yet.
      expect(items.filter((i) => i.status === 'fail').map((i) => i.title)).toEqual(['Nothing to show yet']);
    }
  });

  it('uses only text colours that pass the contrast check, in every template and layout', () => {
    for (const template of TEMPLATES) {
      for (const layout of LAYOUTS) {
        const fields = buildFullSignature({ design: { ...DEFAULT_DESIGN, template, layout } });
        const html = renderSignature(fields, { publicUrl: TEST_PUBLIC_URL, showWatermark: true }).html;
        // #cccccc is the separator between two values: a mark, not text anyone reads.
        const colours = new Set([...html.matchAll(/[;"]color:(#[0-9a-f]{6})/g)].map((m) => m[1]!));
        colours.delete('#cccccc');
        for (const colour of colours)
          expect(isReadableEverywhere(colour), `${template}/${layout} ${colour}`).toBe(true);
      }
    }
  });
});
