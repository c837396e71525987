import type { ContactLine, SignatureView } from './signature-view';
import {
  NAME_FONT_SIZE,
  contactLineHtml,
  customLineHtml,
  detailLinesHtml,
  linesHtml,
  roleHtml,
  spanHtml,
  stackedTemplate,
  type DetailFormat,
  type TemplateMarkup,
} from './signature-markup';

const GAP = 8;

const labelStyle = (color: string) => `color:${color};font-weight:bold`;

// The role line takes the table's secondary colour: no span of its own.
function identityHtml(view: SignatureView): string {
  const name = spanHtml(`font-size:${NAME_FONT_SIZE}px;font-weight:bold;color:${view.color}`, view.name?.html ?? '');
  return linesHtml([name, roleHtml(view, ' | ')]);
}

const DETAILS: DetailFormat = {
  contact: (line: ContactLine, view) =>
    contactLineHtml(line, labelStyle(view.color), `${line.label}:`, view.secondaryColor),
  custom: (line, view) => customLineHtml(line, labelStyle(view.color), ':', view.secondaryColor),
};

/** Name in the primary colour, a 2px rule in it, then labelled lines in the secondary colour. */
export function renderProfessionalTemplate(view: SignatureView): TemplateMarkup {
  return stackedTemplate(view, identityHtml(view), detailLinesHtml(view, DETAILS), {
    gap: GAP,
    divider: `border-top:2px solid ${view.color}`,
    identity: '',
    frame: '',
  });
}
