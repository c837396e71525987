import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertRedisReachable, TEST_REDIS_URL } from '../../test-support/redis';
import { createMemoryRateLimiter, type LimitRule, type RateLimiter } from './rate-limiter';
import { createRedisRateLimiter } from './redis-rate-limiter';

const log = { error() {} };
const rule: LimitRule = { name: 'test', limit: 3, windowMs: 60_000 };

function contract(name: string, make: () => RateLimiter) {
  describe(name, () => {
    let limiter: RateLimiter;
    beforeAll(() => {
      limiter = make();
    });
    afterAll(async () => limiter?.close());

    it('allows up to the limit, then refuses with the time left in the window', async () => {
      const key = randomUUID();
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit(rule, key));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results[3]!.count).toBe(4);
      expect(results[3]!.retryAfterMs).toBeGreaterThan(55_000);
      expect(results[3]!.retryAfterMs).toBeLessThanOrEqual(60_000);
    });

    it('peeks without counting, and reset forgets the key', async () => {
      const key = randomUUID();
      expect(await limiter.peek(rule, key)).toEqual({ allowed: true, count: 0, retryAfterMs: 0 });
      await limiter.hit(rule, key);
      await limiter.hit(rule, key);
      expect((await limiter.peek(rule, key)).count).toBe(2);
      await limiter.hit(rule, key);
      expect((await limiter.peek(rule, key)).allowed).toBe(false);
      await limiter.reset(rule, key);
      expect((await limiter.peek(rule, key)).count).toBe(0);
    });

    it('counts every one of many parallel hits', async () => {
      const key = randomUUID();
      const results = await Promise.all(Array.from({ length: 50 }, () => limiter.hit(rule, key)));
      expect(results.filter((r) => r.allowed)).toHaveLength(3);
      expect(new Set(results.map((r) => r.count)).size).toBe(50);
    });

    it('opens a new window when the old one ends', async () => {
      // Long enough that a busy machine cannot let the window end between the first two hits.
      const short: LimitRule = { name: 'short', limit: 1, windowMs: 1_500 };
      const key = randomUUID();
      expect((await limiter.hit(short, key)).allowed).toBe(true);
      expect((await limiter.hit(short, key)).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 1_600));
      expect((await limiter.hit(short, key)).allowed).toBe(true);
    });
  });
}

contract('memory rate limiter', () => createMemoryRateLimiter());

describe('redis rate limiter', () => {
  beforeAll(async () => assertRedisReachable());
  contract('against the local Redis', () => createRedisRateLimiter(TEST_REDIS_URL, `sp-test:${randomUUID()}:`, log));

  it('stores no address in Redis, only digests', async () => {
    const prefix = `sp-test:${randomUUID()}:`;
    const limiter = createRedisRateLimiter(TEST_REDIS_URL, prefix, log);
    const probe = new Redis(TEST_REDIS_URL);
    try {
      await limiter.hit(rule, 'someone@example.com');
      const keys = await probe.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).not.toContain('someone');
    } finally {
      await limiter.close();
      probe.disconnect();
    }
  });

  it('refuses (503) rather than letting requests through when Redis is unreachable', async () => {
    const limiter = createRedisRateLimiter('redis://127.0.0.1:1', 'x:', log);
    try {
      await expect(limiter.hit(rule, 'k')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      await limiter.close();
    }
  });
});
