import type { SignatureFields } from './signature-schema';
import { isDataOrBase64Url } from './url-normalise';

export const MISSING_REQUIRED_INFO = {
  title: 'Missing required information',
  description: 'Please enter your name and email address before exporting.',
} as const;

export const INVALID_IMAGE_FORMAT = {
  title: 'Invalid image format',
  description: 'Logos in Gmail signatures must be served via HTTPS URL (no base64). Please upload or provide a URL.',
  note: "Image skipped: Profile photo will be excluded (Gmail doesn't support embedded images). Please use an HTTPS image URL instead.",
} as const;

export type ExportCheck = { ok: true } | { ok: false; title: typeof MISSING_REQUIRED_INFO.title; description: string };
export type ImageWarning = typeof INVALID_IMAGE_FORMAT;

/** What an organization's signature defaults may require of its members' signatures. */
export type FieldRequirements = { requiredTitle: boolean; requiredPhone: boolean; requiredAddress: boolean };
export const NO_REQUIREMENTS: FieldRequirements = {
  requiredTitle: false,
  requiredPhone: false,
  requiredAddress: false,
};

/** The fields an organization can require, in the order the Details tab shows them. */
export const REQUIRABLE_FIELDS = [
  { key: 'title', label: 'Job Title', flag: 'requiredTitle' },
  { key: 'phone', label: 'Phone', flag: 'requiredPhone' },
  { key: 'address', label: 'Address', flag: 'requiredAddress' },
] as const satisfies readonly { key: keyof SignatureFields; label: string; flag: keyof FieldRequirements }[];
export type RequirableField = (typeof REQUIRABLE_FIELDS)[number]['key'];

/** The fields these requirements make compulsory, in the Details tab's order. */
export function requiredFieldsOf(requirements: FieldRequirements): readonly (typeof REQUIRABLE_FIELDS)[number][] {
  return REQUIRABLE_FIELDS.filter((field) => requirements[field.flag]);
}

type CheckedFields = Pick<SignatureFields, 'name' | 'email' | RequirableField>;

/** Copy to Gmail needs a name and an email address; everything else is optional. */
export function checkExport(signature: Pick<SignatureFields, 'name' | 'email'>): ExportCheck {
  if (signature.name.trim() === '' || signature.email.trim() === '') return { ok: false, ...MISSING_REQUIRED_INFO };
  return { ok: true };
}

/** 'A', 'A and B', 'A, B and C'. */
function listInWords(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/**
 * The export rule with the organization's requirements: name and email first, in the spec's
 * words, then every required field left empty, named. The editor and generate-html share it so
 * that neither can let through what the other refuses.
 */
export function checkRequiredFields(signature: CheckedFields, requirements: FieldRequirements): ExportCheck {
  const basic = checkExport(signature);
  if (!basic.ok) return basic;
  const missing = requiredFieldsOf(requirements).filter((field) => signature[field.key].trim() === '');
  if (missing.length === 0) return { ok: true };
  const names = listInWords(missing.map((field) => field.label));
  return { ok: false, title: MISSING_REQUIRED_INFO.title, description: `Please fill in ${names} before exporting.` };
}

/**
 * The warning to show when the photo is embedded (data: or base64). The export still goes ahead:
 * the renderer leaves such an image out, so the user only needs to know why it is missing.
 */
export function imageWarning(signature: Pick<SignatureFields, 'photoUrl'>): ImageWarning | null {
  return isDataOrBase64Url(signature.photoUrl) ? INVALID_IMAGE_FORMAT : null;
}
