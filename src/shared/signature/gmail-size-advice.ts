import { GMAIL_SIGNATURE_MAX_CHARS } from './export-checks';
import { measureGmailSize, type GmailSize } from './gmail-size';
import { renderSignature, type RenderOptions } from './render-signature';
import type { SignatureFields } from './signature-schema';

/** One part of a signature and how many stored characters it costs. */
export type SizePart = { label: string; characters: number };

export type GmailSizeCheck = {
  size: GmailSize;
  /** Only above the limit: the words that refuse the export and name what to trim. */
  refusal: { title: string; message: string; parts: SizePart[] } | null;
};

export const SIGNATURE_TOO_LONG_TITLE = 'Signature too long for Gmail';

const TEXT_FIELDS = [
  ['address', 'Address'],
  ['website', 'Website URL'],
  ['email', 'Email Address'],
  ['company', 'Company'],
  ['title', 'Job Title'],
  ['name', 'Full Name'],
  ['phone', 'Phone'],
  ['mobile', 'Mobile'],
] as const satisfies readonly (readonly [keyof SignatureFields, string])[];

const NUMBER = new Intl.NumberFormat('en-US');
const chars = (n: number) => `${NUMBER.format(n)} characters`;

/** 'A', 'A or B', 'A, B or C'. */
function listWithOr(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}`;
}

function storedSize(fields: SignatureFields, options: RenderOptions): number {
  return measureGmailSize(renderSignature(fields, options).html).stored;
}

/**
 * What each part of the signature costs in the characters Gmail stores: the drop in stored size
 * when that part alone is left out. Largest first; parts that cost nothing are left out.
 */
export function measureSizeParts(fields: SignatureFields, options: RenderOptions): SizePart[] {
  const full = storedSize(fields, options);
  const parts: SizePart[] = [];
  const add = (label: string, without: SignatureFields) => {
    const characters = full - storedSize(without, options);
    if (characters > 0) parts.push({ label, characters });
  };
  for (const [key, label] of TEXT_FIELDS) {
    if (fields[key].trim() !== '') add(label, { ...fields, [key]: '' });
  }
  fields.customFields.forEach((field, index) => {
    const name = field.label.trim() ? `the custom field “${field.label.trim()}”` : `custom field ${index + 1}`;
    add(name, { ...fields, customFields: fields.customFields.filter((_, i) => i !== index) });
  });
  const socialCount = Object.values(fields.socialLinks).filter((url) => url && url.trim() !== '').length;
  if (socialCount > 0)
    add(`the ${socialCount} social ${socialCount === 1 ? 'link' : 'links'}`, { ...fields, socialLinks: {} });
  if (fields.photoUrl.trim() !== '') add('the logo', { ...fields, photoUrl: '' });
  return parts.sort((a, b) => b.characters - a.characters);
}

/**
 * The one size rule for the editor's buttons and generate-html: the stored size of the export
 * and, above Gmail's 10,000 characters, words naming the largest parts to trim. Both sides call
 * this with the same fields and options, so they say the same thing.
 */
export function checkGmailSize(fields: SignatureFields, options: RenderOptions, html?: string): GmailSizeCheck {
  const size = measureGmailSize(html ?? renderSignature(fields, options).html);
  if (size.status !== 'over') return { size, refusal: null };
  const parts = measureSizeParts(fields, options).slice(0, 3);
  const excess = Math.max(size.stored, size.characters) - GMAIL_SIGNATURE_MAX_CHARS;
  const trim =
    parts.length > 0
      ? ` The longest parts: ${listWithOr(parts.map((p) => `${p.label} (${chars(p.characters)})`))}.`
      : '';
  const message =
    `Gmail keeps at most ${chars(GMAIL_SIGNATURE_MAX_CHARS)} and this signature takes ${chars(Math.max(size.stored, size.characters))} ` +
    `once Gmail saves it. Shorten it by at least ${chars(excess)}.${trim}`;
  return { size, refusal: { title: SIGNATURE_TOO_LONG_TITLE, message, parts } };
}
