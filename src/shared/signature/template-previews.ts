import { createEmptySignature } from './signature-schema';
import type { Template } from './template-info';
import { TEMPLATE_CATALOGUE } from './template-catalogue';

/** One sample person, drawn in every template of the catalogue. */
const SAMPLE = createEmptySignature({
  name: 'Alex Morgan',
  title: 'Head of Partnerships',
  company: 'Northwind Studio',
  phone: '+1 (415) 555-0134',
  email: 'alex@northwind.example',
  website: 'northwind.example',
  socialLinks: {
    linkedin: 'https://linkedin.com/in/alexmorgan',
    twitter: 'https://x.com/alexmorgan',
    github: 'https://github.com/alexmorgan',
  },
});

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
