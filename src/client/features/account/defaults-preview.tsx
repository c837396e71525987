import { useMemo } from 'react';
import { sampleSignature } from '../../../shared/signature/sample-person';
import { NO_REQUIREMENTS } from '../../../shared/signature/export-checks';
import { applyOrganizationPolicy, policyFromDefaults } from '../../../shared/signature/organization-policy';
import { findTemplate } from '../../../shared/signature/template-catalogue';
import type { DefaultTemplate } from '../../../shared/validation/account-schemas';

type Props = { template: DefaultTemplate; primaryColor: string; secondaryColor: string };

const SAMPLE = sampleSignature();

/**
 * The defaults drawn by the real renderer, from the one template catalogue:
 * what a new signature in this organization will look like in Gmail, before any watermark.
 */
export function DefaultsPreview({ template, primaryColor, secondaryColor }: Props) {
  const html = useMemo(() => {
    // The sample person under the policy, by the function that fills every new signature.
    const policy = policyFromDefaults({ ...NO_REQUIREMENTS, template, primaryColor, secondaryColor }, null);
    const signature = { ...SAMPLE, design: applyOrganizationPolicy({}, policy).design };
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
