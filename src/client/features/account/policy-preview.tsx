import { useMemo } from 'react';
import { applyOrganizationPolicy, type OrganizationPolicy } from '../../../shared/signature/organization-policy';
import { renderSignature } from '../../../shared/signature/render-signature';
import { SAMPLE_PERSON } from '../../../shared/signature/sample-person';
import { createEmptySignature } from '../../../shared/signature/signature-schema';

/**
 * The sample person under an organization policy, drawn by the real renderer: what a signature of
 * this organization looks like in Gmail, before any watermark. The signature defaults tab and the
 * Workspace template card both show this one preview, through the one policy function
 * (docs/decisions/0161-one-organization-policy.md), so the two can never draw a policy differently.
 */
export function PolicyPreview({
  policy,
  label,
  testId,
}: {
  policy: OrganizationPolicy;
  label: string;
  testId: string;
}) {
  const html = useMemo(() => {
    // The sample has no design of its own: the policy's (over the product's) is the one drawn.
    const signature = createEmptySignature(applyOrganizationPolicy({ ...SAMPLE_PERSON }, policy));
    return renderSignature(signature, { publicUrl: window.location.origin, showWatermark: false }).html;
  }, [policy]);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4" aria-label={label}>
      <p className="mb-3 text-xs text-slate-400">Best regards,</p>
      {/* The renderer escapes every value: this is the HTML Gmail would receive. */}
      <div data-testid={testId} className="overflow-x-auto" dangerouslySetInnerHTML={{ __html: html }} />
    </figure>
  );
}
