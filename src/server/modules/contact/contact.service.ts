import type { Logger } from '../../http';
import { tooMany } from '../../http';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import type { ContactTokenResponse } from '../../../shared/api/public-site';
import type { contactRequestSchema } from '../../../shared/validation/contact-schema';
import { AppError, invalid } from '../../errors';
import type { MailMessage } from '../../mail/mailer';
import type { LimitRule, RateLimiter } from '../../rate-limit/rate-limiter';
import { fieldErrorsOf } from './field-errors';
import { buildContactMail } from './contact-mail';
import type { ContactRepository } from './contact.repository';
import { checkFormToken, issueFormToken } from './form-token';

/** A person writes a few messages at most; these stop a script, not a customer. */
export const CONTACT_LIMITS_PER_IP: LimitRule = { name: 'contact-ip', limit: 10, windowMs: 15 * 60_000 };
export const CONTACT_LIMITS_PER_EMAIL: LimitRule = { name: 'contact-email', limit: 5, windowMs: 60 * 60_000 };

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a few minutes.';

export type ContactServiceDeps = {
  repository: ContactRepository;
  limiter: RateLimiter;
  sendMail(message: MailMessage): Promise<void>;
  secret: string;
  supportEmail: string;
  log: Pick<Logger, 'info' | 'error'>;
  now?: () => number;
};

/** Why a submission was accepted without being stored; only the log ever says so. */
type DropReason = 'honeypot' | 'too-fresh' | 'invalid-token';

export function rateLimited(retryAfterMs: number): AppError {
  return tooMany(retryAfterMs, TOO_MANY_REQUESTS);
}

export function createContactService(deps: ContactServiceDeps) {
  const now = deps.now ?? Date.now;

  return {
    issueToken(): ContactTokenResponse {
      return { token: issueFormToken(deps.secret, now()), supportEmail: deps.supportEmail };
    },

    /**
     * Stores the message and mails it to support. A bot (filled honeypot, forged token, or sent
     * within 2 s of the form loading) gets the very same answer as a person, and nothing happens.
     */
    /** Per network, before the form is even read (the route's preValidation). */
    async admit(clientIp: string): Promise<void> {
      const perIp = await deps.limiter.hit(CONTACT_LIMITS_PER_IP, clientIp);
      if (!perIp.allowed) throw rateLimited(perIp.retryAfterMs);
    },

    /** The words for a form the route's schema refused: the first message, and one per field. */
    refusal(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): AppError {
      const errors = fieldErrorsOf(issues);
      return invalid(Object.values(errors)[0] ?? 'Please check the form.', errors);
    },

    async submit(request: z.output<typeof contactRequestSchema>): Promise<{ ok: true }> {
      const { honeypot, formToken, submitTime: _ignored, ...message } = request;

      let dropReason: DropReason | null = null;
      if (honeypot && honeypot.trim() !== '') dropReason = 'honeypot';
      else {
        const token = checkFormToken(deps.secret, formToken, now());
        if (token === 'expired') {
          throw new AppError(
            'VALIDATION',
            'This form has expired. Please reload the page and send your message again.',
          );
        }
        if (token === 'too-fresh') dropReason = 'too-fresh';
        if (token === 'invalid') dropReason = 'invalid-token';
      }
      if (dropReason) {
        deps.log.info({ contactDropped: dropReason }, 'contact form submission silently dropped');
        return { ok: true };
      }

      const perEmail = await deps.limiter.hit(CONTACT_LIMITS_PER_EMAIL, message.email.toLowerCase());
      if (!perEmail.allowed) throw rateLimited(perEmail.retryAfterMs);

      const id = randomUUID();
      await deps.repository.insertMessage(id, message);
      try {
        await deps.sendMail(buildContactMail(message, deps.supportEmail, id));
      } catch (error) {
        // The message is stored: support can still read it, so the sender is not asked to retry.
        deps.log.error({ err: error, contactMessageId: id }, 'contact message stored but not queued for mail');
        await deps.repository.markMailFailed(id);
      }
      return { ok: true };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
