import type { ContactLine, SignatureView } from './signature-view';
import {
  NAME_FONT_SIZE, contactLineHtml, customLineHtml, detailLinesHtml, linesHtml, roleHtml, spanHtml, stackedTemplate,
  type DetailFormat, type TemplateMarkup,
} from './signature-markup';

const BODY_COLOR = '#333333';
const ROLE_COLOR = '#666666';
const GAP = 8;

const labelStyle = (color: string) => `color:${color};font-weight:bold`;

function identityHtml(view: SignatureView): string {
  const name = spanHtml(`font-size:${NAME_FONT_SIZE}px;font-weight:bold;color:${view.color}`, view.name?.html ?? '');
  return linesHtml([name, spanHtml(`color:${ROLE_COLOR}`, roleHtml(view, ' | '))]);
}

const DETAILS: DetailFormat = {
  contact: (line: ContactLine, view) => contactLineHtml(line, labelStyle(view.color), `${line.label}:`, BODY_COLOR),
  custom: (line, view) => customLineHtml(line, labelStyle(view.color), ':'),
  addressColor: ROLE_COLOR,
};

/** Name in the brand colour, a 2px brand-coloured rule, then labelled contact lines. */
export function renderProfessionalTemplate(view: SignatureView): TemplateMarkup {
  return stackedTemplate(view, BODY_COLOR, identityHtml(view), detailLinesHtml(view, DETAILS), {
    gap: GAP,
    divider: `border-top:2px solid ${view.color}`,
    identity: '',
    frame: '',
  });
}
