import type { ContactLine, SignatureView } from './signature-view';
import {
  NAME_FONT_SIZE, contactLineHtml, customLineHtml, linesHtml, linkHtml, roleHtml, spanHtml, stackedTemplate,
  type StackStyle, type TemplateMarkup,
} from './signature-markup';

const BODY_COLOR = '#777777';
const NAME_COLOR = '#222222';
const QUIET_STYLE = 'color:#999999';
const SEPARATOR = `<span style="color:#cccccc">&nbsp;|&nbsp;</span>`;
const STACK: StackStyle = { gap: 6, divider: 'border-top:1px solid #e5e5e5', identity: '', frame: '' };

function identityHtml(view: SignatureView): string {
  const name = spanHtml(`font-size:${NAME_FONT_SIZE}px;font-weight:bold;color:${NAME_COLOR}`, view.name?.html ?? '');
  return linesHtml([name, roleHtml(view, SEPARATOR)]);
}

// Phone numbers keep a faint letter so that phone and mobile stay distinguishable; an address or
// a domain needs none. Email and website take the brand colour, the one accent of this template.
function contactHtml(line: ContactLine, color: string): string {
  if (line.label === 'P' || line.label === 'M') return contactLineHtml(line, QUIET_STYLE, line.label, BODY_COLOR);
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
  for (const custom of view.customLines) lines.push(customLineHtml(custom, QUIET_STYLE, ':'));
  return lines.join('<br>');
}

/** Understated: dark name, grey text, hairline separators; the brand colour only on links. */
export function renderMinimalTemplate(view: SignatureView): TemplateMarkup {
  return stackedTemplate(view, BODY_COLOR, identityHtml(view), detailsHtml(view), STACK);
}
