import * as z from 'zod/mini';
import { contactEmail } from './contact-schema';

/** The footer's newsletter box: one address, the contact form's email rule and messages. */
export const newsletterSchema = z.object({ email: contactEmail });
export type NewsletterInput = z.input<typeof newsletterSchema>;
