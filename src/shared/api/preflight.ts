import { z } from 'zod';
import { defineRoute } from './contract';

const tags = ['preflight'] as const;

/** At most this many addresses per check: a full signature has one logo and about fifteen links. */
export const REACHABILITY_MAX_IMAGES = 10;
export const REACHABILITY_MAX_LINKS = 20;

const address = z
  .string()
  .trim()
  .min(1, 'Please send an address')
  .max(2048, 'Please keep each address under 2,048 characters');

export const reachabilityBodySchema = z.object({
  images: z
    .array(address)
    .max(REACHABILITY_MAX_IMAGES, `Please check at most ${REACHABILITY_MAX_IMAGES} images at once`),
  links: z.array(address).max(REACHABILITY_MAX_LINKS, `Please check at most ${REACHABILITY_MAX_LINKS} links at once`),
});
export type ReachabilityBody = z.input<typeof reachabilityBodySchema>;

/** One address as a recipient meets it: reachable, reachable with a catch, or not at all. */
export const reachabilityAnswerSchema = z.object({
  url: z.string(),
  kind: z.enum(['image', 'link']),
  status: z.enum(['pass', 'warn', 'fail']),
  /** What we met, in words ('' when it simply works). */
  detail: z.string(),
});
export type ReachabilityAnswer = z.infer<typeof reachabilityAnswerSchema>;

/** Gmail's "Show original" is rarely over a few hundred KB without attachments. */
export const GMAIL_ORIGINAL_MAX_CHARS = 2_000_000;

export const gmailCheckBodySchema = z.object({
  original: z
    .string()
    .trim()
    .min(1, 'Please paste the message as Gmail’s "Show original" gives it')
    .max(GMAIL_ORIGINAL_MAX_CHARS, 'That is too long: please paste a message without attachments'),
  /** The HTML we hand Gmail for this signature (Copy to Gmail's), to compare with. */
  html: z.string().max(100_000, 'Please check a signature of at most 100,000 characters'),
});
export type GmailCheckBody = z.input<typeof gmailCheckBodySchema>;

export const gmailCheckAnswerSchema = z.object({
  /** False when the message holds no Gmail signature block (sent without one, or not from Gmail). */
  found: z.boolean(),
  storedLength: z.number().int(),
  predictedLength: z.number().int(),
  /** How far our prediction is from what Gmail stored, in percent of the stored length. */
  differencePercent: z.number(),
  images: z.array(z.object({ src: z.string(), proxied: z.boolean() })),
  /** What our HTML had and Gmail's copy has not, in words ("the style border-radius"). */
  dropped: z.array(z.string()),
});
export type GmailCheckAnswer = z.infer<typeof gmailCheckAnswerSchema>;

export const preflightApi = {
  reachability: defineRoute({
    method: 'POST',
    path: '/api/preflight/reachability',
    summary:
      "Load the signature's images and links from the server, as a recipient would: private networks fail, dead links and sign-in pages are named (answers kept a few minutes per person)",
    tags,
    body: reachabilityBodySchema,
    responses: { 200: z.object({ results: z.array(reachabilityAnswerSchema) }) },
  }),
  gmailCheck: defineRoute({
    method: 'POST',
    path: '/api/preflight/gmail-check',
    summary:
      'Read a message sent from Gmail (its "Show original", or its HTML): the signature as Gmail stored it, its real length beside our prediction, its images and what Gmail dropped',
    tags,
    body: gmailCheckBodySchema,
    responses: { 200: gmailCheckAnswerSchema },
  }),
};
