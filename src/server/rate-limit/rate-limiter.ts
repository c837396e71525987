import { createHash } from 'node:crypto';

/** A fixed-window counting rule: at most `limit` events per `windowMs` for one key. */
export type LimitRule = { name: string; limit: number; windowMs: number };

export type LimitResult = {
  /** For hit: this event is within the limit. For peek: one more event would be. */
  allowed: boolean;
  count: number;
  /** Until the window ends; 0 when nothing is counted. */
  retryAfterMs: number;
};

/** One interface, two stores: memory for one process, Redis when several processes share the limits. */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  /** Counts one event against the key, atomically, and says whether it is within the rule. */
  hit(rule: LimitRule, key: string): Promise<LimitResult>;
  /** Reads the count without adding to it. */
  peek(rule: LimitRule, key: string): Promise<LimitResult>;
  /** Forgets the key (a successful sign-in clears its failures). */
  reset(rule: LimitRule, key: string): Promise<void>;
  /** Resolves when the store answers (GET /api/ready); memory always does. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Keys often hold email addresses; the store only ever sees a digest, so neither Redis nor a heap
 * dump becomes a list of who tried to sign in.
 */
export function storeKey(prefix: string, rule: LimitRule, key: string): string {
  return `${prefix}${rule.name}:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
}

type Window = { count: number; resetAt: number };

export function createMemoryRateLimiter(prefix = 'rl:'): RateLimiter {
  const windows = new Map<string, Window>();
  let lastSweep = Date.now();

  // Expired windows are dropped lazily so the map cannot grow without bound under a spray of keys.
  function sweep(now: number) {
    if (now - lastSweep < 60_000 && windows.size < 10_000) return;
    lastSweep = now;
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  }

  function current(k: string, now: number): Window | undefined {
    const w = windows.get(k);
    if (w && w.resetAt <= now) {
      windows.delete(k);
      return undefined;
    }
    return w;
  }

  return {
    kind: 'memory',
    async hit(rule, key) {
      const now = Date.now();
      sweep(now);
      const k = storeKey(prefix, rule, key);
      const w = current(k, now) ?? { count: 0, resetAt: now + rule.windowMs };
      w.count += 1;
      windows.set(k, w);
      return { allowed: w.count <= rule.limit, count: w.count, retryAfterMs: w.resetAt - now };
    },
    async peek(rule, key) {
      const now = Date.now();
      const w = current(storeKey(prefix, rule, key), now);
      if (!w) return { allowed: true, count: 0, retryAfterMs: 0 };
      return { allowed: w.count < rule.limit, count: w.count, retryAfterMs: w.resetAt - now };
    },
    async reset(rule, key) {
      windows.delete(storeKey(prefix, rule, key));
    },
    async ping() {},
    async close() {
      windows.clear();
    },
  };
}
