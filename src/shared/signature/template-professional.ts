import type { ContactLine, CustomLine, SignatureView } from './signature-view';
import { NAME_FONT_SIZE, linkHtml, socialTableHtml, stackRowsHtml, textStyle, type TemplateMarkup } from './signature-markup';

const BODY_COLOR = '#333333';
const ROLE_COLOR = '#666666';
const GAP = 8;

function labelHtml(labelTextHtml: string, color: string): string {
  return `<span style="color:${color};font-weight:bold">${labelTextHtml}</span>&nbsp;`;
}

function identityHtml(view: SignatureView): string {
  let html = '';
  if (view.name) html = `<span style="font-size:${NAME_FONT_SIZE}px;font-weight:bold;color:${view.color}">${view.name.html}</span>`;
  const role = view.title && view.company
    ? `${view.title.html} | ${view.company.html}`
    : (view.title ?? view.company)?.html ?? '';
  if (role !== '') html += `${html === '' ? '' : '<br>'}<span style="color:${ROLE_COLOR}">${role}</span>`;
  return html;
}

function contactHtml(line: ContactLine, color: string): string {
  return labelHtml(`${line.label}:`, color) + linkHtml(line.hrefAttr, line.value.html, BODY_COLOR);
}

function customHtml(line: CustomLine, color: string): string {
  return (line.label ? labelHtml(`${line.label.html}:`, color) : '') + line.value.html;
}

function detailsHtml(view: SignatureView): string {
  const lines: string[] = [];
  for (const contact of view.contacts) lines.push(contactHtml(contact, view.color));
  if (view.addressLines.length > 0) {
    lines.push(`<span style="color:${ROLE_COLOR}">${view.addressLines.map((line) => line.html).join('<br>')}</span>`);
  }
  for (const custom of view.customLines) lines.push(customHtml(custom, view.color));
  return lines.join('<br>');
}

/** Name in the brand colour, a 2px brand-coloured rule, then labelled contact lines. */
export function renderProfessionalTemplate(view: SignatureView): TemplateMarkup {
  const blocks: string[] = [];
  const details = detailsHtml(view);
  if (details !== '') blocks.push(details);
  const socials = socialTableHtml(view);
  if (socials !== '') blocks.push(socials);
  return {
    textStyle: textStyle(view.fontStack, BODY_COLOR),
    rows: stackRowsHtml(identityHtml(view), blocks, `border-top:2px solid ${view.color}`, GAP),
  };
}
