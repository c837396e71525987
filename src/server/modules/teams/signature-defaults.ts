import { DEFAULT_DESIGN, TEMPLATES } from '../../../shared/signature/signature-schema';
import type { SignatureDefaults } from '../../../shared/validation/account-schemas';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A new signature starts from its organization's defaults: every design value the request left
 * out comes from them (then from the product's own defaults), and the organization's logo fills
 * an image left out. A value the person chose and sent always wins, so the editor, which shows a
 * new draft already filled from the defaults, and a bare API call end up alike.
 */
export function applySignatureDefaults(
  input: Record<string, unknown>,
  defaults: (SignatureDefaults & { logoUrl: string | null }) | null,
): Record<string, unknown> {
  if (!defaults) return input;
  const fromDefaults: Record<string, unknown> = {
    primaryColor: defaults.primaryColor,
    secondaryColor: defaults.secondaryColor,
  };
  // Until the renderer offers a template, a default naming it leaves the product's default in place.
  if ((TEMPLATES as readonly string[]).includes(defaults.template)) fromDefaults.template = defaults.template;
  const given = isRecord(input.design) ? input.design : {};
  const body: Record<string, unknown> = { ...input, design: { ...DEFAULT_DESIGN, ...fromDefaults, ...given } };
  if (input.photoUrl === undefined && defaults.logoUrl) body.photoUrl = defaults.logoUrl;
  return body;
}
