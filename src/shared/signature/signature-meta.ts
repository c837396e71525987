import { z } from 'zod';
import { cleanText } from '../validation/text-field';

/**
 * A person's several signatures (docs/decisions/0120). Each has a label (what
 * the person calls it: the signature's `name` field is already the person's full name), an optional
 * Gmail send-as address it is for, and one of them is the default. None of this is rendered.
 */
export const FIRST_SIGNATURE_LABEL = 'My signature';
export const SIGNATURE_LABEL_MAX = 60;

export const signatureLabelSchema = cleanText('The signature name')
  .trim()
  .min(1, 'Please give the signature a name')
  .max(SIGNATURE_LABEL_MAX, `The signature name must be ${SIGNATURE_LABEL_MAX} characters or fewer`);

/** A send-as address, stored lower-cased; '' or null means "not tied to an address". */
export const sendAsEmailSchema = z.union([
  z.null(),
  z
    .string('The send-as address must be an email address')
    .trim()
    .toLowerCase()
    .transform((value) => (value === '' ? null : value))
    .pipe(
      z
        .email('Please enter a valid send-as email address')
        .max(254, 'Please enter a valid send-as email address')
        .nullable(),
    ),
]);

/** What PUT /api/signatures/:id accepts besides the signature's fields. isDefault can only be turned on. */
export const signatureMetaPatchSchema = z
  .object({
    label: signatureLabelSchema,
    sendAsEmail: sendAsEmailSchema,
    isDefault: z.literal(true, 'To change the default, make another signature the default'),
  })
  .partial();
export type SignatureMetaPatch = z.infer<typeof signatureMetaPatchSchema>;
export const SIGNATURE_META_KEYS = ['label', 'sendAsEmail', 'isDefault'] as const;

/** What POST /api/signatures accepts besides the signature's fields. */
export const createSignatureOptionsSchema = z.object({
  label: signatureLabelSchema.optional(),
  sendAsEmail: sendAsEmailSchema.optional(),
  /** Copy the fields of this signature of the person's (Duplicate); the body's own fields are then ignored. */
  copyFrom: z.string('copyFrom must be a signature id').min(1).max(100).optional(),
});
export type CreateSignatureOptions = z.infer<typeof createSignatureOptionsSchema>;
export const CREATE_OPTION_KEYS = ['label', 'sendAsEmail', 'copyFrom'] as const;

export type SignatureMeta = { label: string; sendAsEmail: string | null; isDefault: boolean };

/** Splits a request body into the signature's fields and the keys listed (both untouched). */
export function splitKeys<K extends string>(
  input: Record<string, unknown>,
  keys: readonly K[],
): { rest: Record<string, unknown>; picked: Partial<Record<K, unknown>> } {
  const rest: Record<string, unknown> = { ...input };
  const picked: Partial<Record<K, unknown>> = {};
  for (const key of keys) {
    if (key in rest) {
      picked[key] = rest[key];
      delete rest[key];
    }
  }
  return { rest, picked };
}
