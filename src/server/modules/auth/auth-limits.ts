import type { LimitRule, RateLimiter } from '../../rate-limit/rate-limiter';
import { tooMany } from '../../http';
import { checkOrThrow, consumeOrThrow } from '../../rate-limit/limit-or-throw';
import { waitPhrase } from '../../rate-limit/wait-phrase';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every limit of the account flows in one place. Keys that name an address count whether or not
 * an account exists, so hitting a limit never tells a stranger which addresses are registered.
 */
export const AUTH_LIMITS = {
  /** ASVS 6.3.1: after 5 failures in 15 minutes the account is locked, whichever addresses try. */
  loginPerAccount: { name: 'login-account', limit: 5, windowMs: 15 * MINUTE },
  /** A looser net for one address spraying many accounts (only failures count). */
  loginFailuresPerIp: { name: 'login-ip', limit: 50, windowMs: 15 * MINUTE },
  signupPerIp: { name: 'signup-ip', limit: 100, windowMs: HOUR },
  /** At most 20 wrong codes per account per day, across all its codes. */
  codeFailuresPerAccount: { name: 'code-fail-account', limit: 20, windowMs: 24 * HOUR },
  codeAttemptsPerIp: { name: 'code-ip', limit: 100, windowMs: HOUR },
  /** Mail to one address, per kind: enough for a person, too few to flood an inbox. */
  verificationMailPerAccount: { name: 'mail-verification', limit: 5, windowMs: HOUR },
  resetMailPerAddress: { name: 'mail-reset', limit: 5, windowMs: HOUR },
  magicLinkMailPerAddress: { name: 'mail-magic-link', limit: 5, windowMs: HOUR },
  accountExistsMailPerAddress: { name: 'mail-account-exists', limit: 3, windowMs: 24 * HOUR },
  mailRequestsPerIp: { name: 'mail-ip', limit: 30, windowMs: HOUR },
  tokenAttemptsPerIp: { name: 'token-ip', limit: 60, windowMs: 15 * MINUTE },
} satisfies Record<string, LimitRule>;

export { tooMany, waitPhrase, consumeOrThrow, checkOrThrow };

/** Each link or magic-link token tried, per client address: one rule and one message for every kind of link. */
export function consumeTokenAttempt(limiter: RateLimiter, ip: string) {
  return consumeOrThrow(
    limiter,
    AUTH_LIMITS.tokenAttemptsPerIp,
    ip,
    (wait) => `Too many attempts. Please try again ${wait}.`,
  );
}
