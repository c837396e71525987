import type { ContactLine, SignatureView } from './signature-view';
import {
  NAME_FONT_SIZE,
  contactLineHtml,
  customLineHtml,
  linesHtml,
  linkHtml,
  roleHtml,
  spanHtml,
  stackedTemplate,
  type StackStyle,
  type TemplateMarkup,
} from './signature-markup';

const NAME_COLOR = '#222222';
// Quiet, yet readable on white and in both dark themes (isReadableEverywhere; decision 0171).
const QUIET_STYLE = 'color:#737373';
const SEPARATOR = `<span style="color:#cccccc">&nbsp;|&nbsp;</span>`;
const STACK: StackStyle = { gap: 6, divider: 'border-top:1px solid #e5e5e5', identity: '', frame: '' };

function identityHtml(view: SignatureView): string {
  const name = spanHtml(`font-size:${NAME_FONT_SIZE}px;font-weight:bold;color:${NAME_COLOR}`, view.name?.html ?? '');
  return linesHtml([name, roleHtml(view, SEPARATOR)]);
}

// Phone numbers keep a faint letter so that phone and mobile stay distinguishable; an address or
// a domain needs none. Email and website take the primary colour, the one accent of this
// template: in the secondary colour too, the primary colour would show nowhere.
function contactHtml(line: ContactLine, view: SignatureView): string {
  if (line.label === 'P' || line.label === 'M')
    return contactLineHtml(line, QUIET_STYLE, line.label, view.secondaryColor);
  return linkHtml(line.hrefAttr, line.value.html, view.color);
}

function detailsHtml(view: SignatureView): string {
  const lines: string[] = [];
  const phones: string[] = [];
  const online: string[] = [];
  for (const contact of view.contacts) {
    (contact.label === 'P' || contact.label === 'M' ? phones : online).push(contactHtml(contact, view));
  }
  if (phones.length > 0) lines.push(phones.join(SEPARATOR));
  if (online.length > 0) lines.push(online.join(SEPARATOR));
  for (const line of view.addressLines) lines.push(line.html);
  for (const custom of view.customLines)
    lines.push(
      customLineHtml(custom, QUIET_STYLE, ':', custom.href.startsWith('tel:') ? view.secondaryColor : view.color),
    );
  return lines.join('<br>');
}

/** Understated: dark name, text in the secondary colour, hairline separators; the primary colour only on links. */
export function renderMinimalTemplate(view: SignatureView): TemplateMarkup {
  return stackedTemplate(view, identityHtml(view), detailsHtml(view), STACK);
}
