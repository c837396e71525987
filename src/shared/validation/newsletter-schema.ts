import * as z from 'zod/mini';
import { contactEmail } from './contact-schema';
import type { newsletterResponseSchema } from '../api/public-site';

/** The footer's newsletter box: one address, the contact form's email rule and messages. */
export const newsletterSchema = z.object({ email: contactEmail });
export type NewsletterInput = z.input<typeof newsletterSchema>;
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;
