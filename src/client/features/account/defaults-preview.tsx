import { useMemo } from 'react';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import { findTemplate } from '../../../shared/signature/template-catalogue';
import type { DefaultTemplate } from '../../../shared/validation/account-schemas';

type Props = { template: DefaultTemplate; primaryColor: string; secondaryColor: string };

/** A sample person, so that every part a template styles (name, role, contacts, profiles) shows. */
export const SAMPLE_PERSON = {
  name: 'Jordan Lee',
  title: 'Head of Sales',
  company: 'Acme Inc',
  phone: '+1 555 0100',
  email: 'jordan@acme.example',
  website: 'acme.example',
  socialLinks: {
    linkedin: 'https://linkedin.com/in/jordanlee',
    twitter: 'https://x.com/jordanlee',
    github: 'https://github.com/jordanlee',
  },
};
const SAMPLE = createEmptySignature(SAMPLE_PERSON);

/**
 * The defaults drawn by the real renderer, from the one template catalogue (issue 10, point 11):
 * what a new signature in this organization will look like in Gmail, before any watermark.
 */
export function DefaultsPreview({ template, primaryColor, secondaryColor }: Props) {
  const html = useMemo(() => {
    const signature = { ...SAMPLE, design: { ...SAMPLE.design, primaryColor, secondaryColor } };
    return findTemplate(template).render(signature, { publicUrl: window.location.origin, showWatermark: false }).html;
  }, [template, primaryColor, secondaryColor]);
  return (
    <figure
      className="rounded-lg border border-slate-200 bg-white p-4"
      aria-label="Preview of the default signature style"
    >
      <p className="mb-3 text-xs text-slate-400">Best regards,</p>
      {/* The renderer escapes every value: this is the HTML Gmail would receive. */}
      <div data-testid="defaults-preview" className="overflow-x-auto" dangerouslySetInnerHTML={{ __html: html }} />
    </figure>
  );
}
