import type { ContactLine, SignatureView } from './signature-view';
import {
  contactLineHtml,
  customLineHtml,
  detailLinesHtml,
  linesHtml,
  spanHtml,
  stackedTemplate,
  type DetailFormat,
  type TemplateMarkup,
} from './signature-markup';

const NAME_STYLE = 'font-size:20px;line-height:26px;font-weight:bold;color:#1f1f1f';
// Quiet, yet readable on white and in both dark themes (isReadableEverywhere; decision 0171).
const QUIET_STYLE = 'color:#737373';
const GAP = 8;

function identityHtml(view: SignatureView): string {
  const name = spanHtml(NAME_STYLE, view.name?.html ?? '');
  const title = spanHtml(
    `font-size:11px;font-weight:bold;letter-spacing:1px;text-transform:uppercase;color:${view.secondaryColor}`,
    view.title?.html ?? '',
  );
  return linesHtml([name, title, view.company?.html ?? '']);
}

const DETAILS: DetailFormat = {
  contact: (line: ContactLine, view) => contactLineHtml(line, `color:${view.color}`, line.label, view.secondaryColor),
  custom: (line, view) => customLineHtml(line, QUIET_STYLE, ':', view.secondaryColor),
};

/**
 * A bold bar in the primary colour down the left of the details, a large dark name, the title in
 * small spaced capitals in the secondary colour.
 */
export function renderModernTemplate(view: SignatureView): TemplateMarkup {
  return stackedTemplate(view, identityHtml(view), detailLinesHtml(view, DETAILS), {
    gap: GAP,
    divider: '',
    identity: '',
    frame: `border-left:4px solid ${view.color};padding-left:14px`,
  });
}
