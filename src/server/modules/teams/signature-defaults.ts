import { applyOrganizationPolicy, policyFromDefaults } from '../../../shared/signature/organization-policy';
import type { SignatureDefaults } from '../../../shared/validation/account-schemas';

/**
 * A new signature starts from its organization's policy (docs/decisions/0161-one-organization-policy.md):
 * every design value the request left out comes from the defaults (then from the product's own), and
 * the organization's logo fills an image left out. A value the person chose and sent always wins, so
 * the editor, which shows a new draft already filled by the same function, and a bare API call end up alike.
 */
export function applySignatureDefaults(
  input: Record<string, unknown>,
  defaults: (SignatureDefaults & { logoUrl: string | null }) | null,
): Record<string, unknown> {
  if (!defaults) return input;
  return applyOrganizationPolicy(input, policyFromDefaults(defaults, defaults.logoUrl));
}
