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
};
