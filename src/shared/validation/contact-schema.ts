// zod/mini: the same zod, but tree-shakeable, so the contact page's chunk stays small. The server parses with the very same schema.
import * as z from 'zod/mini';
import { CONTACT_LIMITS } from './contact-limits';
import { stripInvisible } from './text-hygiene';

export { CONTACT_LIMITS };

/** Header-bound values (name, subject) become one line, whatever a client sends. */
const oneLine = (value: string) =>
  stripInvisible(value)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();

export const contactEmail = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Email is required'),
    z.maxLength(254, 'Please enter a valid email address'),
    z.email('Please enter a valid email address'),
  );

/** A required field, tidied by `tidy` first, with the spec's three messages ("Name is required"…). */
function requiredText(label: string, min: number, max: number, ...tidy: z.core.$ZodCheck<string>[]) {
  return z
    .string()
    .check(
      ...tidy,
      z.minLength(1, `${label} is required`),
      z.minLength(min, `${label} must be at least ${min} characters`),
      z.maxLength(max, `${label} must be less than ${max} characters`),
    );
}

/** The spec's contact rules with its exact messages; the form and POST /api/contact both use it. */
export const contactSchema = z.object({
  name: requiredText('Name', CONTACT_LIMITS.nameMin, CONTACT_LIMITS.nameMax, z.overwrite(oneLine)),
  email: contactEmail,
  subject: requiredText('Subject', CONTACT_LIMITS.subjectMin, CONTACT_LIMITS.subjectMax, z.overwrite(oneLine)),
  message: requiredText(
    'Message',
    CONTACT_LIMITS.messageMin,
    CONTACT_LIMITS.messageMax,
    z.overwrite(stripInvisible),
    z.trim(),
  ),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

/** What the browser posts: the fields, the honeypot and the signed form token from GET /api/contact/token. */
export const contactRequestSchema = z.object({
  ...contactSchema.shape,
  /** Hidden from people; a bot that fills it is silently ignored. */
  honeypot: z.optional(z.string()),
  /** Signed by the server when the form loaded; proves how long the form has been open. */
  formToken: z.optional(z.string()),
  /** The spec's field; informational only, the signed token is what counts. */
  submitTime: z.optional(z.number()),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
