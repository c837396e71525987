/**
 * What the four templates are called and how they look, in words: the light half of the template
 * catalogue (template-catalogue.ts adds each one's render). No zod and no renderer here, so the
 * landing page can name the templates without loading either.
 */
export const TEMPLATES = ['professional', 'minimal', 'modern', 'creative'] as const;
export type Template = (typeof TEMPLATES)[number];

export type TemplateInfo = { id: Template; label: string; description: string };

/** The descriptions say what the renderer draws (template-*.ts); keep them in step. */
export const TEMPLATE_INFO: readonly TemplateInfo[] = [
  { id: 'professional', label: 'Professional', description: 'Coloured name, a rule and labelled lines.' },
  { id: 'minimal', label: 'Minimal', description: 'Understated, grey text, hairline separators.' },
  { id: 'modern', label: 'Modern', description: 'A bold colour bar beside your details.' },
  { id: 'creative', label: 'Creative', description: 'Your name on a tinted band.' },
];

export const TEMPLATE_LABELS = Object.fromEntries(TEMPLATE_INFO.map((t) => [t.id, t.label])) as Record<
  Template,
  string
>;
