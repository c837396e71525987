/** @vitest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSignature } from '../../../shared/signature/render-signature';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import { TEMPLATE_CATALOGUE } from '../../../shared/signature/template-catalogue';
import { TEMPLATES } from '../../../shared/signature/template-info';
import { DEFAULT_TEMPLATES } from '../../../shared/validation/account-schemas';
import { SAMPLE_PERSON } from '../../../shared/signature/sample-person';
import { DefaultsPreview } from './defaults-preview';

afterEach(cleanup);

/** The renderer's HTML as the DOM serialises it, so that the two can be compared as strings. */
function asDom(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

describe('one renderer, one catalogue', () => {
  it('lists the four templates once, in the same order and words, for the editor and the defaults', () => {
    expect(TEMPLATE_CATALOGUE.map((t) => t.id)).toEqual([...TEMPLATES]);
    expect(DEFAULT_TEMPLATES).toEqual(
      TEMPLATE_CATALOGUE.map(({ id, label, description }) => ({ value: id, label, description })),
    );
  });

  it("each entry's render is the real renderer with that template", () => {
    const signature = createEmptySignature({ name: 'Ada', phone: '+1 555 0100', design: { template: 'professional' } });
    const options = { publicUrl: 'https://app.example.com', showWatermark: false };
    for (const entry of TEMPLATE_CATALOGUE) {
      expect(entry.render(signature, options)).toEqual(
        renderSignature({ ...signature, design: { ...signature.design, template: entry.id } }, options),
      );
    }
  });

  it.each(TEMPLATES)(
    'the signature-defaults preview draws %s with the real renderer, in the chosen colours',
    (template) => {
      render(<DefaultsPreview template={template} primaryColor="#9c27b0" secondaryColor="#2d8659" />);
      const drawn = screen.getByTestId('defaults-preview').innerHTML;
      const sample = createEmptySignature({
        ...SAMPLE_PERSON,
        design: { template, primaryColor: '#9c27b0', secondaryColor: '#2d8659' },
      });
      const expected = renderSignature(sample, { publicUrl: window.location.origin, showWatermark: false }).html;
      expect(drawn).toBe(asDom(expected));
      expect(drawn).toContain('#9c27b0');
      expect(drawn).toContain('#2d8659');
      expect(drawn).not.toContain('SignaturePro');
    },
  );

  it('draws each template differently', () => {
    const drawings = new Set(
      TEMPLATES.map((template) => {
        const { unmount } = render(
          <DefaultsPreview template={template} primaryColor="#1a73e8" secondaryColor="#666666" />,
        );
        const html = screen.getByTestId('defaults-preview').innerHTML;
        unmount();
        return html;
      }),
    );
    expect(drawings.size).toBe(4);
  });
});
