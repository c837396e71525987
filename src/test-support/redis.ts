import { Redis } from 'ioredis';

/** Tests only: the local Redis the shared-limit tests run against. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Fails loudly (never skips) when the local Redis is not there: these tests must not pass silently. */
export async function assertRedisReachable(url = TEST_REDIS_URL) {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    const pong = await probe.ping();
    if (pong !== 'PONG') throw new Error(`unexpected reply ${pong}`);
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${url} (${error instanceof Error ? error.message : String(error)}). ` +
        'The shared rate-limit tests need it: start Redis (e.g. `redis-server`) or set TEST_REDIS_URL.',
      { cause: error },
    );
  } finally {
    probe.disconnect();
  }
}
