import { randomUUID } from 'node:crypto';
import { newsletterSchema, type NewsletterResponse } from '../../../shared/validation/newsletter-schema';
import { invalid } from '../../errors';
import type { LimitRule, RateLimiter } from '../../rate-limit/rate-limiter';
import { rateLimited } from '../contact/contact.service';
import type { NewsletterRepository } from './newsletter.repository';

export const NEWSLETTER_LIMITS_PER_IP: LimitRule = { name: 'newsletter-ip', limit: 10, windowMs: 60 * 60_000 };

export function createNewsletterService(deps: { repository: NewsletterRepository; limiter: RateLimiter }) {
  return {
    /** Stores the address (no double opt-in, decisions.md); giving it twice is fine and says so. */
    async subscribe(body: unknown, clientIp: string): Promise<NewsletterResponse> {
      const perIp = await deps.limiter.hit(NEWSLETTER_LIMITS_PER_IP, clientIp);
      if (!perIp.allowed) throw rateLimited(perIp.retryAfterMs);
      const parsed = newsletterSchema.safeParse(body);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'Please enter a valid email address';
        throw invalid(message, { email: message });
      }
      const email = parsed.data.email.toLowerCase();
      const added = await deps.repository.insertSubscriber(randomUUID(), email, 'footer');
      return added
        ? { status: 'subscribed', message: `You're subscribed: we saved ${email} and will send product news about once a month.` }
        : { status: 'already-subscribed', message: `${email} is already subscribed, so there's nothing more to do.` };
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
