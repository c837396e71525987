import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { AppError } from '../errors';
import { storeKey, type LimitResult, type LimitRule, type RateLimiter } from './rate-limiter';

type Log = { error(obj: object, msg: string): void };

/**
 * Limits shared by every server process through Redis. Counting is one MULTI (create the window
 * if absent, increment, read its TTL), so concurrent hits from several processes never lose a count.
 */
/** ioredis, loaded only when REDIS_URL is set: a single process never needs it (start-up time, decision 0092). */
const loadRedis = () => (createRequire(import.meta.url)('ioredis') as { Redis: typeof Redis }).Redis;

export function createRedisRateLimiter(url: string, prefix: string, log: Log): RateLimiter {
  const RedisClient = loadRedis();
  const redis = new RedisClient(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    enableAutoPipelining: true,
  });
  // Without a listener ioredis would crash the process on a connection error.
  redis.on('error', (err: Error) => log.error({ err }, 'Redis (rate limits) connection error'));

  // Failing open would switch the login lockout off whenever Redis hiccups; refuse instead.
  const unavailable = (err: unknown): never => {
    log.error({ err }, 'Redis (rate limits) command failed');
    throw new AppError('UNAVAILABLE', 'This is briefly unavailable. Please try again in a minute.', undefined, {
      'retry-after': '60',
    });
  };

  const toResult = (count: number, ttl: number, allowed: boolean): LimitResult => ({
    allowed,
    count,
    retryAfterMs: count > 0 ? Math.max(ttl, 0) : 0,
  });

  return {
    kind: 'redis',
    async hit(rule: LimitRule, key: string) {
      const k = storeKey(prefix, rule, key);
      const replies = await redis
        .multi()
        .set(k, '0', 'PX', rule.windowMs, 'NX')
        .incr(k)
        .pttl(k)
        .exec()
        .catch(unavailable);
      if (!replies) return unavailable(new Error('transaction aborted'));
      const failed = replies.find(([err]) => err);
      if (failed) return unavailable(failed[0]);
      const count = Number(replies[1]![1]);
      const ttl = Number(replies[2]![1]);
      return toResult(count, ttl, count <= rule.limit);
    },
    async peek(rule, key) {
      const k = storeKey(prefix, rule, key);
      const replies = await redis.multi().get(k).pttl(k).exec().catch(unavailable);
      if (!replies) return unavailable(new Error('transaction aborted'));
      const count = Number(replies[0]![1] ?? 0);
      const ttl = Number(replies[1]![1]);
      return toResult(count, ttl, count < rule.limit);
    },
    async reset(rule, key) {
      await redis.del(storeKey(prefix, rule, key)).catch(unavailable);
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
