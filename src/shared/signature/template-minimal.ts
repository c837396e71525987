import type { ContactLine, SignatureView } from './signature-view';
import { NAME_FONT_SIZE, linkHtml, socialTableHtml, stackRowsHtml, textStyle, type TemplateMarkup } from './signature-markup';

const BODY_COLOR = '#777777';
const NAME_COLOR = '#222222';
const QUIET_COLOR = '#999999';
const GAP = 6;
const SEPARATOR = `<span style="color:#cccccc">&nbsp;|&nbsp;</span>`;
const DIVIDER = 'border-top:1px solid #e5e5e5';

function identityHtml(view: SignatureView): string {
  let html = '';
  if (view.name) html = `<span style="font-size:${NAME_FONT_SIZE}px;font-weight:bold;color:${NAME_COLOR}">${view.name.html}</span>`;
  const role = view.title && view.company
    ? `${view.title.html}${SEPARATOR}${view.company.html}`
    : (view.title ?? view.company)?.html ?? '';
  if (role !== '') html += `${html === '' ? '' : '<br>'}${role}`;
  return html;
}

// Phone numbers keep a faint letter so that phone and mobile stay distinguishable; an address or
// a domain needs none. Email and website take the brand colour, the one accent of this template.
function contactHtml(line: ContactLine, color: string): string {
  if (line.label === 'P' || line.label === 'M') {
    return `<span style="color:${QUIET_COLOR}">${line.label}</span>&nbsp;${linkHtml(line.hrefAttr, line.value.html, BODY_COLOR)}`;
  }
  return linkHtml(line.hrefAttr, line.value.html, color);
}

function detailsHtml(view: SignatureView): string {
  const lines: string[] = [];
  const phones: string[] = [];
  const online: string[] = [];
  for (const contact of view.contacts) {
    (contact.label === 'P' || contact.label === 'M' ? phones : online).push(contactHtml(contact, view.color));
  }
  if (phones.length > 0) lines.push(phones.join(SEPARATOR));
  if (online.length > 0) lines.push(online.join(SEPARATOR));
  for (const line of view.addressLines) lines.push(line.html);
  for (const custom of view.customLines) {
    lines.push(custom.label ? `<span style="color:${QUIET_COLOR}">${custom.label.html}:</span>&nbsp;${custom.value.html}` : custom.value.html);
  }
  return lines.join('<br>');
}

/** Understated: dark name, grey text, hairline separators; the brand colour only on links. */
export function renderMinimalTemplate(view: SignatureView): TemplateMarkup {
  const blocks: string[] = [];
  const details = detailsHtml(view);
  if (details !== '') blocks.push(details);
  const socials = socialTableHtml(view);
  if (socials !== '') blocks.push(socials);
  return {
    textStyle: textStyle(view.fontStack, BODY_COLOR),
    rows: stackRowsHtml(identityHtml(view), blocks, DIVIDER, GAP),
  };
}
