import { z } from 'zod';
import { contactRequestSchema } from '../validation/contact-schema';
import { newsletterSchema } from '../validation/newsletter-schema';
import { defineRoute } from './contract';

const tags = ['public site'] as const;

export const contactTokenResponseSchema = z.object({ token: z.string(), supportEmail: z.string() });
export const newsletterResponseSchema = z.object({
  status: z.enum(['subscribed', 'already-subscribed']),
  message: z.string(),
});

export const publicSiteApi = {
  contactToken: defineRoute({
    method: 'GET',
    path: '/api/contact/token',
    summary: 'The signed time the contact form loaded, and the support address',
    tags,
    responses: { 200: contactTokenResponseSchema },
  }),
  contact: defineRoute({
    method: 'POST',
    path: '/api/contact',
    summary: 'Send a message to support (the form token must be at least 2 seconds old)',
    tags,
    body: contactRequestSchema,
    responses: { 200: z.object({ ok: z.literal(true) }) },
  }),
  newsletter: defineRoute({
    method: 'POST',
    path: '/api/newsletter',
    summary: 'Subscribe to product news: 201 for a new address, 200 when it was already on the list',
    tags,
    body: newsletterSchema,
    responses: { 200: newsletterResponseSchema, 201: newsletterResponseSchema },
  }),
};

export type ContactTokenResponse = z.infer<typeof contactTokenResponseSchema>;
export type ContactResponse = z.infer<(typeof publicSiteApi.contact.responses)[200]>;
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;
