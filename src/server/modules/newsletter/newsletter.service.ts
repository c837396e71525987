import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import type { NewsletterResponse } from '../../../shared/api/public-site';
import type { newsletterSchema } from '../../../shared/validation/newsletter-schema';
import type { AppError } from '../../errors';
import { invalid } from '../../errors';
import type { LimitRule, RateLimiter } from '../../rate-limit/rate-limiter';
import { rateLimited } from '../contact/contact.service';
import type { NewsletterRepository } from './newsletter.repository';

export const NEWSLETTER_LIMITS_PER_IP: LimitRule = { name: 'newsletter-ip', limit: 10, windowMs: 60 * 60_000 };

export function createNewsletterService(deps: { repository: NewsletterRepository; limiter: RateLimiter }) {
  return {
    /** Stores the address (no double opt-in, decisions.md); giving it twice is fine and says so. */
    /** Per network, before the address is even read (the route's preValidation). */
    async admit(clientIp: string): Promise<void> {
      const perIp = await deps.limiter.hit(NEWSLETTER_LIMITS_PER_IP, clientIp);
      if (!perIp.allowed) throw rateLimited(perIp.retryAfterMs);
    },

    /** The words for an address the route's schema refused, always on the one field. */
    refusal(issues: ReadonlyArray<{ message: string }>): AppError {
      const message = issues[0]?.message ?? 'Please enter a valid email address';
      return invalid(message, { email: message });
    },

    async subscribe(input: z.output<typeof newsletterSchema>): Promise<NewsletterResponse> {
      const email = input.email.toLowerCase();
      const added = await deps.repository.insertSubscriber(randomUUID(), email, 'footer');
      return added
        ? {
            status: 'subscribed',
            message: `You're subscribed: we saved ${email} and will send product news about once a month.`,
          }
        : { status: 'already-subscribed', message: `${email} is already subscribed, so there's nothing more to do.` };
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
