/**
 * Who-is-signed-in changes, as one counter every process watches (decision 0190). A write to the
 * tables a session read depends on — sessions, people, memberships, organizations — bumps the
 * counter of the process that wrote at once (its statement is seen going out), and a trigger
 * (migration 0009) sends `NOTIFY sp_auth_changed` on commit, which bumps it in every process that
 * listens. The session cache (modules/auth/session-cache.ts) keeps nothing across a bump, and keeps
 * nothing at all while a process is not listening.
 */
import type pg from 'pg';

export const AUTH_CHANGED_CHANNEL = 'sp_auth_changed';

/** A statement that writes one of the tables a session read depends on (Drizzle quotes every name). */
const AUTH_TABLE_WRITE = /\b(?:update|insert\s+into|delete\s+from)\s+"(?:session|user|member|organization)"/i;
const ENDS_TRANSACTION = /^\s*(?:commit|rollback|end)\b/i;

export type AuthChanges = {
  /** Changes every time anything a session read depends on may have changed. */
  generation(): number;
  /** True while every change is sure to bump the counter (the process is listening). */
  live(): boolean;
};

export type AuthChangeFeed = AuthChanges & {
  bump(): void;
  setLive(live: boolean): void;
  /**
   * Called with each statement text a connection sends, before and after it runs: bumps on a write
   * to the auth tables, and again when that connection's transaction ends (a read that started
   * before the commit must not be kept after it).
   */
  sawStatement(connection: object, text: string): void;
};

export function createAuthChangeFeed(initiallyLive: boolean): AuthChangeFeed {
  let generation = 0;
  let live = initiallyLive;
  const dirty = new WeakSet<object>();
  const bump = () => void (generation += 1);
  return {
    generation: () => generation,
    live: () => live,
    bump,
    setLive(next) {
      live = next;
      bump();
    },
    sawStatement(connection, text) {
      if (AUTH_TABLE_WRITE.test(text)) {
        dirty.add(connection);
        bump();
      } else if (dirty.has(connection) && ENDS_TRANSACTION.test(text)) {
        dirty.delete(connection);
        bump();
      }
    },
  };
}

/** Wraps a pg client's `query` so the feed sees each statement before and after it runs (promise or callback). */
export function watchPgClient(client: pg.ClientBase, feed: AuthChangeFeed): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    feed.sawStatement(client, text);
    const after = () => feed.sawStatement(client, text);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        after();
        callback(...results);
      };
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(after, after);
    return result;
  };
}

/**
 * LISTENs on a connection of its own and bumps the feed on every notification; live only while the
 * LISTEN holds. A lost connection is tried again every second (nothing is cached meanwhile).
 */
export function listenForAuthChanges(
  makeClient: () => pg.Client,
  feed: AuthChangeFeed,
  log?: { warn(obj: object, msg: string): void },
): { ready: Promise<void>; close(): Promise<void> } {
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let firstAttempt: (() => void) | undefined;
  const ready = new Promise<void>((resolve) => (firstAttempt = resolve));
  const connect = async () => {
    const client = makeClient();
    current = client;
    const lost = (err?: Error) => {
      if (current !== client) return;
      current = undefined;
      feed.setLive(false);
      if (err) log?.warn({ err: { message: err.message } }, 'auth change listener lost its connection');
      void client.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(), 1000);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', () => feed.bump());
    try {
      await client.connect();
      await client.query(`listen ${AUTH_CHANGED_CHANNEL}`);
      if (current === client && !closed) feed.setLive(true);
    } catch (error) {
      lost(error as Error);
    } finally {
      firstAttempt?.();
    }
  };
  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      feed.setLive(false);
      await client?.end().catch(() => undefined);
    },
  };
}
