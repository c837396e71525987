import { renderSignature, type RenderOptions, type SignatureManifest } from './render-signature';
import type { SignatureFields } from './signature-schema';
import { TEMPLATE_INFO, type TemplateInfo } from './template-info';

export type TemplateEntry = TemplateInfo & {
  /** The signature drawn in this template by the one renderer, whatever template it names. */
  render: (signature: SignatureFields, options: RenderOptions) => SignatureManifest;
};

/**
 * The one template catalogue: the editor's Design tab, the account area's
 * signature defaults and the landing page all list these, and draw them with the real renderer.
 */
export const TEMPLATE_CATALOGUE: readonly TemplateEntry[] = TEMPLATE_INFO.map((info) => ({
  ...info,
  render: (signature, options) =>
    renderSignature({ ...signature, design: { ...signature.design, template: info.id } }, options),
}));

export function findTemplate(id: string): TemplateEntry {
  return TEMPLATE_CATALOGUE.find((entry) => entry.id === id) ?? TEMPLATE_CATALOGUE[0]!;
}
