import type { SignatureView } from './signature-view';

/** The text/plain twin of the HTML, for mail clients and pastes that drop the HTML part. */
export function renderSignatureText(view: SignatureView): string {
  const lines: string[] = [];
  if (view.name) lines.push(view.name.text);
  const role = [view.title?.text, view.company?.text].filter(Boolean).join(' · ');
  if (role !== '') lines.push(role);
  for (const contact of view.contacts) {
    // The website line shows the full URL: plain text has no link to carry it.
    lines.push(`${contact.label}: ${contact.label === 'W' ? contact.href : contact.value.text}`);
  }
  for (const line of view.addressLines) lines.push(line.text);
  for (const custom of view.customLines)
    lines.push(custom.label ? `${custom.label.text}: ${custom.value.text}` : custom.value.text);
  for (const social of view.socials) lines.push(`${social.label}: ${social.href}`);
  if (view.showWatermark) {
    if (lines.length > 0) lines.push('');
    lines.push(view.assets.watermarkText);
  }
  return lines.join('\n');
}
