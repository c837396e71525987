import type { SignatureFields } from './signature-schema';
import { resolveSignatureView } from './signature-view';

/** The Gmail mobile apps' signature setting takes plain text only, and a short one (gmail.md). */
export const GMAIL_APP_MAX_LINES = 6;

export type GmailAppTextOptions = { publicUrl: string; showWatermark: boolean };

/**
 * A short plain-text signature for the Gmail apps, at most six lines: name, title | company, the
 * phone numbers on one line, the email address, the website, and the free plan's line. Fields left
 * empty leave no line behind.
 */
export function renderGmailAppText(signature: SignatureFields, options: GmailAppTextOptions): string {
  const view = resolveSignatureView(signature, options.publicUrl, options.showWatermark);
  const lines: string[] = [];
  if (view.name) lines.push(view.name.text);
  const role = [view.title?.text, view.company?.text].filter(Boolean).join(' | ');
  if (role !== '') lines.push(role);
  const phones = view.contacts
    .filter((line) => line.label === 'P' || line.label === 'M')
    .map((line) => (line.label === 'M' ? `M ${line.value.text}` : line.value.text));
  if (phones.length > 0) lines.push(phones.join(' | '));
  for (const line of view.contacts) {
    if (line.label === 'E') lines.push(line.value.text);
  }
  for (const line of view.contacts) {
    if (line.label === 'W') lines.push(line.value.text);
  }
  if (view.showWatermark) lines.push(view.assets.watermarkText);
  return lines.slice(0, GMAIL_APP_MAX_LINES).join('\n');
}
