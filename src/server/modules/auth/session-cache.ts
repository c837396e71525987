import type { AuthChanges } from '../../db/auth-changes';

/**
 * A short-lived cache of session reads, by session token (decision 0190): GET /api/auth/me on every
 * page load and the session check of every signed-in call read the same row again and again. An
 * entry is used only while the process hears every change that could make it wrong (the auth-change
 * counter is live and has not moved since the read began), and only for `ttlMs`; the caller still
 * checks the session's own expiry against the clock on every hit.
 */
export type SessionCache<T> = {
  /** The cached value, or undefined; `read` runs on a miss and its answer is kept if nothing changed meanwhile. */
  through(token: string, read: () => Promise<T>, usable: (value: T) => boolean): Promise<T>;
};

export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export function createSessionCache<T>(changes: AuthChanges | undefined, ttlMs = SESSION_CACHE_TTL_MS): SessionCache<T> {
  const entries = new Map<string, { value: T; until: number }>();
  let generation = changes?.generation() ?? 0;
  return {
    async through(token, read, usable) {
      if (!changes?.live()) return read();
      if (changes.generation() !== generation) {
        entries.clear();
        generation = changes.generation();
      }
      const now = Date.now();
      const hit = entries.get(token);
      if (hit && hit.until > now && usable(hit.value)) return hit.value;
      const before = changes.generation();
      const value = await read();
      // A change while the read ran may have come after the row was read: that answer is not kept.
      if (changes.live() && changes.generation() === before && before === generation) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(token, { value, until: now + ttlMs });
      }
      return value;
    },
  };
}
