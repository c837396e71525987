import { AppError } from '../errors';

const MINUTE = 60_000;

/** 429 with the words to show and Retry-After in whole seconds. */
export function tooMany(retryAfterMs: number, message: string): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(seconds) });
}

/** "in 15 minutes", "in 3 hours": what a person can act on. */
export function waitPhrase(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}
