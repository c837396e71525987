import { sampleSignature } from './sample-person';
import type { Template } from './template-info';
import { TEMPLATE_CATALOGUE } from './template-catalogue';

const SAMPLE = sampleSignature();

/**
 * The landing page's template gallery, drawn by the real renderer on the server with the public
 * origin (GET /api/template-previews), so the renderer never joins the landing page's scripts.
 */
export function renderTemplatePreviews(publicUrl: string): Record<Template, string> {
  const previews = {} as Record<Template, string>;
  for (const entry of TEMPLATE_CATALOGUE)
    previews[entry.id] = entry.render(SAMPLE, { publicUrl, showWatermark: false }).html;
  return previews;
}
