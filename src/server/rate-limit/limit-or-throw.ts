import { tooMany } from '../http';
import type { LimitResult, LimitRule, RateLimiter } from './rate-limiter';
import { waitPhrase } from './wait-phrase';

/** What a 429 says, given when to try again ("in 15 minutes"). */
export type TooManyMessage = (wait: string) => string;

async function throwIfLimited(answer: Promise<LimitResult>, message: TooManyMessage) {
  const result = await answer;
  if (!result.allowed) throw tooMany(result.retryAfterMs, message(waitPhrase(result.retryAfterMs)));
}

/** Counts one event and throws 429 with Retry-After once the rule is exceeded. */
export function consumeOrThrow(limiter: RateLimiter, rule: LimitRule, key: string, message: TooManyMessage) {
  return throwIfLimited(limiter.hit(rule, key), message);
}

/** Throws 429 if the rule is already exhausted, without counting this event. */
export function checkOrThrow(limiter: RateLimiter, rule: LimitRule, key: string, message: TooManyMessage) {
  return throwIfLimited(limiter.peek(rule, key), message);
}
