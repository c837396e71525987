import { describe, expect, it } from 'vitest';
import { darkModeHtml } from './dark-mode';
import { renderSignature } from './render-signature';
import {
  createEmptySignature,
  designSchema,
  DEFAULT_DESIGN,
  signatureFieldsSchema,
  signaturePatchSchema,
} from './signature-schema';
import { buildFullSignature, TEST_PUBLIC_URL } from '../../test-support/signature-test-factory';

const options = { publicUrl: TEST_PUBLIC_URL, showWatermark: false };
const BACKING = /<td style="background-color:#ffffff;padding:6px;border-radius:6px">(?:<a [^>]*>)?<img /;

describe('design.logoBacking', () => {
  it('defaults to none: stored designs and requests without it read as none', () => {
    expect(DEFAULT_DESIGN.logoBacking).toBe('none');
    const { logoBacking: _left, ...older } = DEFAULT_DESIGN;
    expect(designSchema.parse(older).logoBacking).toBe('none');
    expect(signatureFieldsSchema.parse(createEmptySignature()).design.logoBacking).toBe('none');
  });

  it('a patch without it leaves it alone, a patch with it sets it, anything else is refused with words', () => {
    expect(signaturePatchSchema.parse({ design: { template: 'minimal' } }).design).toEqual({ template: 'minimal' });
    expect(signaturePatchSchema.parse({ design: { logoBacking: 'light' } }).design).toEqual({ logoBacking: 'light' });
    const refused = signaturePatchSchema.safeParse({ design: { logoBacking: 'dark' } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Logo backing must be none or light');
  });

  it('light puts the logo in a white cell, in every layout that has a logo; none adds nothing', () => {
    for (const layout of ['horizontal', 'vertical'] as const) {
      const plain = renderSignature(buildFullSignature({ design: { layout } }), options).html;
      const backed = renderSignature(buildFullSignature({ design: { layout, logoBacking: 'light' } }), options).html;
      expect(plain).not.toMatch(BACKING);
      expect(backed).toMatch(BACKING);
      expect(backed.length - plain.length).toBeLessThan(170);
    }
    expect(
      renderSignature(buildFullSignature({ design: { layout: 'text-only', logoBacking: 'light' } }), options).html,
    ).not.toMatch(BACKING);
    expect(
      renderSignature(buildFullSignature({ photoUrl: '', design: { logoBacking: 'light' } }), options).html,
    ).not.toMatch(BACKING);
  });

  it('the backing stays light in the partial dark theme and turns with the logo in the full one', () => {
    const html = renderSignature(buildFullSignature({ design: { logoBacking: 'light' } }), options).html;
    expect(darkModeHtml(html, 'partial')).toMatch(BACKING);
    expect(darkModeHtml(html, 'full')).not.toMatch(BACKING);
  });
});
