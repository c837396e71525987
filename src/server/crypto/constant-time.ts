import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * True when two secrets (tokens, MACs, digests) are equal, taking the same time for any guess:
 * both sides are hashed first, so neither a differing byte nor a differing length shows in the timing.
 */
export function sameSecret(given: string | Buffer, expected: string | Buffer): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
