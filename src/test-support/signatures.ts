/**
 * Signature defaults an organization sets (a Pro feature): the "modern" green design, a phone
 * number required of everyone. The several-signatures, plan and permission tests send the same.
 */
export const GREEN_DESIGN = { template: 'modern', primaryColor: '#2d8659', secondaryColor: '#333333' } as const;
export const GREEN_SIGNATURE_DEFAULTS = {
  ...GREEN_DESIGN,
  requiredPhone: true,
  requiredTitle: false,
  requiredAddress: false,
};
