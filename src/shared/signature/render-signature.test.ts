import { describe, expect, it } from 'vitest';
import { displayName, renderSignature, type RenderOptions } from './render-signature';
import { LAYOUTS, TEMPLATES, createEmptySignature, type Design, type SignatureFields } from './signature-schema';
import { TEST_PUBLIC_URL, buildFullSignature } from '../../test-support/signature-test-factory';

const WITH_WATERMARK: RenderOptions = { publicUrl: TEST_PUBLIC_URL, showWatermark: true };
const NO_WATERMARK: RenderOptions = { publicUrl: TEST_PUBLIC_URL, showWatermark: false };

function withDesign(design: Partial<Design>, overrides: Partial<SignatureFields> = {}): SignatureFields {
  return buildFullSignature({ ...overrides, design: { ...buildFullSignature().design, ...design } });
}

function render(overrides: Partial<SignatureFields>, options: RenderOptions = NO_WATERMARK) {
  return renderSignature(createEmptySignature(overrides), options);
}

describe('renderSignature snapshots', () => {
  // The HTML holds no newline of its own, so one before each row is a lossless way to make diffs readable.
  const byRow = (html: string) => html.replaceAll('<tr>', '\n<tr>');

  for (const template of TEMPLATES) {
    for (const layout of LAYOUTS) {
      it(`${template} / ${layout}`, () => {
        expect(byRow(renderSignature(withDesign({ template, layout }), WITH_WATERMARK).html)).toMatchSnapshot();
      });
    }
  }

  it('plain text of a full signature', () => {
    expect(renderSignature(buildFullSignature(), WITH_WATERMARK).text).toMatchSnapshot();
  });
});

describe('renderSignature watermark', () => {
  it('adds the linked italic 12px line when asked', () => {
    const { html, text } = renderSignature(buildFullSignature(), WITH_WATERMARK);
    expect(html).toContain(
      `<a href="${TEST_PUBLIC_URL}" style="color:#888888;text-decoration:none">Created with SignaturePro - app.signaturepro.example</a>`,
    );
    expect(html).toMatch(/font-size:12px;line-height:16px;font-style:italic/);
    expect(text.endsWith('\n\nCreated with SignaturePro - app.signaturepro.example')).toBe(true);
  });

  it('leaves it out for paying accounts', () => {
    const { html, text } = renderSignature(buildFullSignature(), NO_WATERMARK);
    expect(html).not.toContain('SignaturePro');
    expect(text).not.toContain('SignaturePro');
  });

  it('spans the logo column in the horizontal layout', () => {
    expect(renderSignature(buildFullSignature(), WITH_WATERMARK).html).toContain(
      '<td colspan="2" style="padding-top:12px',
    );
  });

  it('renders alone for an empty signature on the free plan', () => {
    const { html } = render({}, WITH_WATERMARK);
    expect(html).toContain('Created with SignaturePro');
    expect(html).not.toContain('<img');
  });
});

describe('renderSignature escaping', () => {
  const hostile = `<b>"Tom" & 'Jerry'</b>`;
  const escaped = '&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;';

  it.each(['name', 'title', 'company', 'phone', 'mobile', 'email', 'address'] as const)('escapes %s', (field) => {
    const { html, text } = render({ [field]: hostile });
    expect(html).toContain(escaped);
    expect(html).not.toContain('<b>');
    expect(text).toContain(hostile);
  });

  it('escapes custom field labels and values', () => {
    const { html } = render({ customFields: [{ label: hostile, value: hostile }] });
    expect(html).toContain(`${escaped}:</span>&nbsp;${escaped}`);
  });

  it('escapes the logo alt text and keeps a quote out of attributes', () => {
    const { html } = render({ name: '" onerror="alert(1)', photoUrl: '/objects/a.png' });
    expect(html).toContain('alt="&quot; onerror=&quot;alert(1)"');
  });

  it('removes control characters and folds line breaks in one-line fields', () => {
    const { html, text } = render({ name: 'Ada\u0000 \nLovelace\u007f' });
    expect(html).toContain('>Ada  Lovelace</span>');
    expect(text).toBe('Ada  Lovelace');
  });

  it('keeps address lines apart and drops blank ones', () => {
    const { html, text } = render({ address: '1 Main St\r\n\n  \nSpringfield' });
    expect(html).toContain('1 Main St<br>Springfield');
    expect(text).toBe('1 Main St\nSpringfield');
  });
});

describe('renderSignature links', () => {
  it('links email with mailto: and phones with tel: keeping only + and digits', () => {
    const { html } = render({ email: 'jo@example.com', phone: '+1 (555) 010-0199 ext. 7', mobile: '07700 900123' });
    expect(html).toContain('href="mailto:jo@example.com"');
    expect(html).toContain('href="tel:+15550100199"');
    expect(html).toContain('href="tel:07700900123"');
  });

  it('shows an email that cannot be a mailto: link as text only', () => {
    const { html } = render({ email: 'jo@example.com?bcc=all@example.com' });
    expect(html).not.toContain('mailto:');
    expect(html).toContain('jo@example.com?bcc=all@example.com');
  });

  it('normalises the website and shows it without the scheme', () => {
    const { html, text } = render({ website: 'http://www.example.com/' });
    expect(html).toContain(
      '<a href="https://www.example.com/" style="color:#666666;text-decoration:none">www.example.com</a>',
    );
    expect(text).toBe('W: https://www.example.com/');
  });

  it.each(['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example'])(
    'drops a website of %j',
    (website) => {
      const { html } = render({ name: 'Jo', website });
      expect(html).not.toContain('W:');
      expect(html).not.toMatch(/javascript|vbscript|data:|evil/i);
    },
  );

  it('renders the nine platforms in schema order and skips unusable links', () => {
    const signature = buildFullSignature();
    const { html } = renderSignature(
      {
        ...signature,
        socialLinks: { ...signature.socialLinks, twitter: '', github: 'javascript:alert(1)', discord: 'tel:123' },
      },
      NO_WATERMARK,
    );
    const alts = [...html.matchAll(/alt="([^"]+)" style="display:block;width:20px/g)].map((match) => match[1]);
    expect(alts).toEqual(['LinkedIn', 'Facebook', 'Instagram', 'YouTube', 'TikTok', 'Dribbble']);
    expect(html).toContain(
      `<a href="https://www.linkedin.com/in/alexandra-montgomery-fitzgerald-8a7b6c5d"><img src="${TEST_PUBLIC_URL}/icons/v1/linkedin.png" width="20" height="20" alt="LinkedIn" style="display:block;width:20px;height:20px;border:0"></a>`,
    );
  });
});

describe('renderSignature logo', () => {
  const logo = `${TEST_PUBLIC_URL}/objects/logo.png`;

  // A stored photo: the file for each shape has the shape cut in, so the markup carries none.
  it.each([
    ['square', '-q.png'],
    ['rounded', '-r.png'],
    ['round', '-o.png'],
    ['circle', '-o.png'],
  ])('draws a %s photo from its own file (%s), 80x80, with no object-fit or border-radius', (photoShape, suffix) => {
    const { html } = renderSignature(withDesign({ photoShape: photoShape as Design['photoShape'] }), NO_WATERMARK);
    expect(html).toContain(
      `<img src="${TEST_PUBLIC_URL}/objects/q7mz4kx2vb5nw3hj6tpa-80x80${suffix}" width="80" height="80" alt="Alexandra Montgomery-Fitzgerald" style="display:block;width:80px;height:80px;border:0">`,
    );
    expect(html).not.toMatch(/object-fit|border-radius/);
  });

  it('draws a logo whole at its own size, whatever the shape', () => {
    for (const photoShape of ['square', 'rounded', 'round'] as const) {
      const { html } = render({
        photoUrl: '/objects/q7mz4kx2vb5nw3hj6tpa-160x53.png',
        design: { ...buildFullSignature().design, photoShape },
      });
      expect(html).toContain(
        `<img src="${TEST_PUBLIC_URL}/objects/q7mz4kx2vb5nw3hj6tpa-160x53.png" width="160" height="53" alt="Logo" style="display:block;width:160px;height:53px;border:0">`,
      );
    }
  });

  it('plays an animated image only with Animate on', () => {
    const animated = { photoUrl: '/objects/q7mz4kx2vb5nw3hj6tpa-80x80a.png' };
    expect(render({ ...animated, design: { ...buildFullSignature().design, animateLogo: 'true' } }).html).toContain(
      '-80x80a-o.gif"',
    );
    expect(render({ ...animated, design: { ...buildFullSignature().design, animateLogo: 'false' } }).html).toContain(
      '-80x80a-o.png"',
    );
    // A still image has no animated file to point at.
    expect(renderSignature(withDesign({ animateLogo: 'true' }), NO_WATERMARK).html).toContain('-80x80-o.png"');
  });

  it('draws an image of unknown size (an older upload, a typed address) 80 wide in its own proportions', () => {
    const { html } = render({ photoUrl: 'https://cdn.example.com/logo.png' });
    expect(html).toContain(
      '<img src="https://cdn.example.com/logo.png" width="80" alt="Logo" style="display:block;width:80px;border:0">',
    );
  });

  it('puts the logo left with a 20px gap, on top, or nowhere by layout', () => {
    const html = (layout: Design['layout']) => renderSignature(withDesign({ layout }), NO_WATERMARK).html;
    expect(html('horizontal')).toContain('<td valign="top" style="padding-right:20px"><a');
    expect(html('vertical')).toContain('<tr><td style="padding-bottom:12px"><a');
    expect(html('text-only')).not.toContain('<img src="https://app.signaturepro.example/objects');
  });

  it('makes an upload path absolute on the public URL', () => {
    expect(render({ photoUrl: '/objects/logo.png' }).html).toContain(`<img src="${logo}"`);
  });

  it.each([
    'data:image/png;base64,iVBORw0KGgo=',
    'https://cdn.example/logo.svg',
    'javascript:alert(1)',
    'ftp://x.example/a.png',
  ])('omits an image of %j', (photoUrl) => {
    expect(render({ name: 'Jo', photoUrl }).html).not.toContain('<img');
  });

  it('links the image to nothing, the website or the custom URL', () => {
    const base = { photoUrl: logo, website: 'example.com', customImageUrl: 'shop.example.com/deals' };
    expect(render({ ...base, imageLinkUrl: 'none' }).html).toContain(
      '<td valign="top" style="padding-right:20px"><img',
    );
    expect(render({ ...base, imageLinkUrl: 'website' }).html).toContain('<a href="https://example.com"><img');
    expect(render({ ...base, imageLinkUrl: 'custom' }).html).toContain('<a href="https://shop.example.com/deals"><img');
  });
});

describe('renderSignature design values', () => {
  it('falls back to the default colour and Arial for values outside the lists', () => {
    const { html } = renderSignature(
      withDesign({ primaryColor: 'red;position:absolute', fontFamily: 'Comic Sans' as Design['fontFamily'] }),
      NO_WATERMARK,
    );
    expect(html).toContain('font-family:Arial,Helvetica,sans-serif;');
    expect(html).toContain('color:#1a73e8');
    expect(html).not.toContain('red');
  });

  it('uses the chosen colour and font stack', () => {
    const { html } = renderSignature(
      withDesign({ primaryColor: '#9C27B0', fontFamily: 'Times New Roman' }),
      NO_WATERMARK,
    );
    expect(html).toContain("font-family:'Times New Roman',Times,serif;font-size:14px");
    expect(html).toContain('font-size:16px;font-weight:bold;color:#9c27b0');
  });

  it.each(TEMPLATES)(
    'puts the role and contact text in the secondary colour and keeps labels apart (%s)',
    (template) => {
      const { html } = renderSignature(
        withDesign({ template, primaryColor: '#9C27B0', secondaryColor: '#2D8659' }),
        NO_WATERMARK,
      );
      // The details table's own text colour carries the role line, the address and the custom values.
      expect(html).toContain('font-size:14px;line-height:20px;color:#2d8659"');
      // Phone numbers never wrap.
      expect(html).toContain(
        '<a href="tel:+14155550134" style="color:#2d8659;text-decoration:none;white-space:nowrap">',
      );
      if (template !== 'minimal') expect(html).toMatch(/<span style="[^"]*color:#9c27b0[^"]*">[^<]*P[^<]*<\/span>/);
      // Minimal keeps the primary colour on email and website: without it that colour would show nowhere.
      if (template === 'minimal') expect(html).toContain('style="color:#9c27b0;text-decoration:none">alexandra.');
    },
  );

  it('reads a design stored before the secondary colour existed, or a broken one, as #666666', () => {
    const { secondaryColor: _left, ...older } = buildFullSignature().design;
    const expected = renderSignature(buildFullSignature(), NO_WATERMARK);
    // Cast: a stored row (or an old client) that skipped the schema's default.
    expect(renderSignature({ ...buildFullSignature(), design: older as Design }, NO_WATERMARK)).toEqual(expected);
    const broken = renderSignature(withDesign({ secondaryColor: 'red;position:absolute' }), NO_WATERMARK);
    expect(broken).toEqual(expected);
  });

  it('treats an unknown template or layout as professional and horizontal', () => {
    const junk = withDesign({ template: 'baroque' as Design['template'], layout: 'diagonal' as Design['layout'] });
    expect(renderSignature(junk, NO_WATERMARK)).toEqual(renderSignature(buildFullSignature(), NO_WATERMARK));
  });
});

describe('renderSignature modern template', () => {
  const modern = (layout: Design['layout']) =>
    renderSignature(withDesign({ template: 'modern', layout }), WITH_WATERMARK).html;
  const BAR = 'border-left:4px solid #1a73e8;padding-left:14px';

  it.each(LAYOUTS)(
    'draws the brand bar beside every detail row, never beside the logo or the watermark (%s)',
    (layout) => {
      const html = modern(layout);
      // Identity, details, icons: three rows, each carrying the bar, so that it runs unbroken.
      expect(html.split(BAR)).toHaveLength(4);
      expect(html).toContain(
        `<td style="${BAR};padding-bottom:8px"><span style="font-size:20px;line-height:26px;font-weight:bold;color:#1f1f1f">`,
      );
      expect(html).not.toMatch(new RegExp(`${BAR}[^>]*><a href="[^"]*"><img[^>]*width="80"`));
      expect(html).not.toMatch(new RegExp(`${BAR}[^>]*><a href="${TEST_PUBLIC_URL}"`));
    },
  );

  it('sets the title in small spaced capitals by style, so the text keeps its case', () => {
    const { html, text } = renderSignature(withDesign({ template: 'modern' }), NO_WATERMARK);
    expect(html).toContain(
      '<span style="font-size:11px;font-weight:bold;letter-spacing:1px;text-transform:uppercase;color:#666666">Senior Vice President, Global Partnerships &amp; Strategic Alliances</span><br>Northwind Traders',
    );
    expect(text).toContain('Senior Vice President');
  });
});

describe('renderSignature creative template', () => {
  it('puts the name on a band tinted with the brand colour, and tints the contact labels to match', () => {
    const { html } = renderSignature(withDesign({ template: 'creative', primaryColor: '#9C27B0' }), NO_WATERMARK);
    expect(html).toContain(
      '<td style="background-color:#f3e5f6;border-radius:6px;padding-top:10px;padding-bottom:10px;padding-left:14px;padding-right:14px"><span style="font-size:18px;font-weight:bold;color:#9c27b0">Alexandra Montgomery-Fitzgerald</span><br>',
    );
    expect(html).toContain(
      '<span style="background-color:#f3e5f6;color:#9c27b0;font-weight:bold">&nbsp;P&nbsp;</span>&nbsp;<a href="tel:',
    );
  });

  it('follows a change of colour from one render to the next', () => {
    const blue = renderSignature(withDesign({ template: 'creative', primaryColor: '#1a73e8' }), NO_WATERMARK).html;
    const grey = renderSignature(withDesign({ template: 'creative', primaryColor: '#616161' }), NO_WATERMARK).html;
    expect(blue).toContain('background-color:#e4eefc');
    expect(blue).not.toContain('#616161');
    expect(grey).toContain('background-color:#ececec');
    expect(grey).not.toMatch(/#e4eefc|#1a73e8/);
  });

  it('leaves the band out when there is no name, title or company', () => {
    const { html } = render({
      email: 'jo@example.com',
      design: { ...buildFullSignature().design, template: 'creative' },
    });
    expect(html).not.toContain('border-radius:6px');
    expect(html).toContain('<tr><td><span style="background-color:#e4eefc');
  });
});

describe('renderSignature empty fields', () => {
  it('returns nothing for an empty signature on a paid plan', () => {
    expect(render({})).toEqual({ html: '', text: '', images: [], links: [], storedLength: 0 });
  });

  it.each(TEMPLATES)('writes no empty rows, cells or spans (%s)', (template) => {
    const design = { ...buildFullSignature().design, template };
    for (const fields of [
      { name: 'Jo', email: 'jo@example.com' },
      { name: 'Jo' },
      { email: 'jo@example.com' },
      { company: 'Acme' },
    ]) {
      for (const layout of LAYOUTS) {
        const { html } = render({ ...fields, design: { ...design, layout } }, WITH_WATERMARK);
        expect(html).not.toMatch(/<td[^>]*><\/td>|<span[^>]*><\/span>|<br><br>|<tr><\/tr>|style=""|style=";|;"/);
        expect(html).not.toContain('P:');
      }
    }
  });

  it('leaves the name out rather than inventing one', () => {
    expect(render({ email: 'jo@example.com' }).html).not.toContain('Your Name');
  });
});

describe('displayName', () => {
  it('falls back to Your Name for the preview only', () => {
    expect(displayName({ name: '  ' })).toBe('Your Name');
    expect(displayName({ name: ' Ada ' })).toBe('Ada');
  });
});
