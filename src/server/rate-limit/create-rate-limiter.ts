import type { Logger } from '../http';
import type { AppConfig } from '../config';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter';
import { createRedisRateLimiter } from './redis-rate-limiter';

export const DEFAULT_RATE_LIMIT_PREFIX = 'sp:rl:';

/** Redis when REDIS_URL is set (limits hold across processes), otherwise memory (one process). */
export function createRateLimiter(
  config: Pick<AppConfig, 'redisUrl'>,
  log: Pick<Logger, 'error'>,
  prefix = DEFAULT_RATE_LIMIT_PREFIX,
): RateLimiter {
  return config.redisUrl ? createRedisRateLimiter(config.redisUrl, prefix, log) : createMemoryRateLimiter(prefix);
}
