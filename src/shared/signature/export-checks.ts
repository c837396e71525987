import type { SignatureFields } from './signature-schema';
import { isDataOrBase64Url } from './url-normalise';

/** Gmail refuses or truncates a longer signature ("Signature exceeds maximum length of 10000 characters"). */
export const GMAIL_SIGNATURE_MAX_CHARS = 10000;

export const MISSING_REQUIRED_INFO = {
  title: 'Missing required information',
  description: 'Please enter your name and email address before exporting.',
} as const;

export const INVALID_IMAGE_FORMAT = {
  title: 'Invalid image format',
  description: 'Logos in Gmail signatures must be served via HTTPS URL (no base64). Please upload or provide a URL.',
  note: "Image skipped: Profile photo will be excluded (Gmail doesn't support embedded images). Please use an HTTPS image URL instead.",
} as const;

export type ExportCheck = { ok: true } | ({ ok: false } & typeof MISSING_REQUIRED_INFO);
export type ImageWarning = typeof INVALID_IMAGE_FORMAT;

/** Copy to Gmail needs a name and an email address; everything else is optional. */
export function checkExport(signature: Pick<SignatureFields, 'name' | 'email'>): ExportCheck {
  if (signature.name.trim() === '' || signature.email.trim() === '') return { ok: false, ...MISSING_REQUIRED_INFO };
  return { ok: true };
}

/**
 * The warning to show when the photo is embedded (data: or base64). The export still goes ahead:
 * the renderer leaves such an image out, so the user only needs to know why it is missing.
 */
export function imageWarning(signature: Pick<SignatureFields, 'photoUrl'>): ImageWarning | null {
  return isDataOrBase64Url(signature.photoUrl) ? INVALID_IMAGE_FORMAT : null;
}
