import { GMAIL_SIGNATURE_MAX_CHARS, SIGNATURE_SIZE_LIMIT, gmailSizeOf, type GmailSize } from './gmail-size';
import { renderSignature, type RenderOptions, type SignatureManifest } from './render-signature';
import { TEXT_FIELD_KEYS, TEXT_FIELD_LABELS, type SignatureFields } from './signature-schema';

/** One part of a signature and how many stored characters it costs. */
export type SizePart = { label: string; characters: number };

export type GmailSizeCheck = {
  size: GmailSize;
  /** Only above the limit: the words that refuse the export and name what to trim. */
  refusal: { title: string; message: string; parts: SizePart[] } | null;
};

export const SIGNATURE_TOO_LONG_TITLE = 'Signature too long for Gmail';

const NUMBER = new Intl.NumberFormat('en-US');
const chars = (n: number) => `${NUMBER.format(n)} characters`;

/** 'A', 'A or B', 'A, B or C'. */
function listWithOr(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}`;
}

function storedSize(fields: SignatureFields, options: RenderOptions): number {
  return renderSignature(fields, options).storedLength;
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
  for (const key of TEXT_FIELD_KEYS) {
    if (fields[key].trim() !== '') add(TEXT_FIELD_LABELS[key], { ...fields, [key]: '' });
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
 * The one size rule for the editor's buttons, generate-html, the test e-mail and the Workspace
 * push: the stored size of the export and, above SIGNATURE_SIZE_LIMIT, words naming the largest
 * parts to trim. Every side calls this with the same fields and options (and the manifest when it
 * has rendered already), so they say the same thing.
 */
export function checkGmailSize(
  fields: SignatureFields,
  options: RenderOptions,
  manifest: Pick<SignatureManifest, 'html' | 'storedLength'> = renderSignature(fields, options),
): GmailSizeCheck {
  const size = gmailSizeOf(manifest.html, manifest.storedLength);
  if (size.status !== 'over') return { size, refusal: null };
  const parts = measureSizeParts(fields, options).slice(0, 3);
  const excess = size.stored - SIGNATURE_SIZE_LIMIT;
  const trim =
    parts.length > 0
      ? ` The longest parts: ${listWithOr(parts.map((p) => `${p.label} (${chars(p.characters)})`))}.`
      : '';
  const message =
    `Gmail keeps at most ${chars(GMAIL_SIGNATURE_MAX_CHARS)} and this signature takes ${chars(size.stored)} ` +
    `once Gmail saves it, more than the ${chars(SIGNATURE_SIZE_LIMIT)} we allow to stay safely inside. ` +
    `Shorten it by at least ${chars(excess)}.${trim}`;
  return { size, refusal: { title: SIGNATURE_TOO_LONG_TITLE, message, parts } };
}
