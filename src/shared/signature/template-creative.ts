import type { ContactLine, SignatureView } from './signature-view';
import { mixWithWhite } from './colour-mix';
import {
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

/** How much of the brand colour the band and the label chips carry; the rest is white. */
const TINT_SHARE = 0.12;
const BAND_PADDING = 'padding-top:10px;padding-bottom:10px;padding-left:14px;padding-right:14px';
const GAP = 10;

// Every render of one signature asks for the same tint: remember the last one.
let lastColour = '';
let lastTint = '';
function tintOf(colour: string): string {
  if (colour !== lastColour) {
    lastTint = mixWithWhite(colour, TINT_SHARE);
    lastColour = colour;
  }
  return lastTint;
}

function identityHtml(view: SignatureView): string {
  const name = spanHtml(`font-size:18px;font-weight:bold;color:${view.color}`, view.name?.html ?? '');
  return linesHtml([name, roleHtml(view, ' · ')]);
}

const DETAILS: DetailFormat = {
  contact: (line: ContactLine, view) =>
    contactLineHtml(
      line,
      `background-color:${tintOf(view.color)};color:${view.color};font-weight:bold`,
      `&nbsp;${line.label}&nbsp;`,
      view.secondaryColor,
    ),
  custom: (line, view) => customLineHtml(line, `color:${view.color}`, ':', view.secondaryColor),
};

/** The name on a band tinted with the primary colour; contact labels as small tinted chips. */
export function renderCreativeTemplate(view: SignatureView): TemplateMarkup {
  return stackedTemplate(view, identityHtml(view), detailLinesHtml(view, DETAILS), {
    gap: GAP,
    divider: '',
    identity: `background-color:${tintOf(view.color)};border-radius:6px;${BAND_PADDING}`,
    frame: '',
  });
}
