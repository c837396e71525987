import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';

/**
 * The embedded database in a worker thread (pglite-worker.mjs, decision 0191), seen from the server's
 * thread as the part of PGlite's API that Drizzle, the migrator and pg-boss use: query, exec,
 * transaction, close. Results and errors cross as plain data (a PostgreSQL error keeps its code,
 * constraint and detail).
 */
export type RemotePGlite = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'> & {
  waitReady: Promise<void>;
};

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Pending = { resolve(value: unknown): void; reject(error: Error): void };

const here = path.dirname(fileURLToPath(import.meta.url));
/** Beside this file in the sources, beside server.js in the build. */
const WORKER_FILE = existsSync(path.join(here, 'pglite-worker.mjs'))
  ? path.join(here, 'pglite-worker.mjs')
  : path.join(here, 'db/pglite-worker.mjs');

/** Drizzle asks for some types as text (identity parsers); only which ones crosses the thread. */
function wire(options: QueryOptions | undefined) {
  if (!options) return {};
  return { rowMode: options.rowMode, rawTypes: Object.keys(options.parsers ?? {}).map(Number) };
}

function toError(plain: Record<string, unknown>): Error {
  const error = new Error(String(plain.message));
  Object.assign(error, plain);
  return error;
}

export function openRemotePGlite(options: {
  dataDir: string;
  /** A database made at build time, copied on a first start (no PG_VERSION in dataDir yet). */
  template?: string;
  /** A NOTIFY channel whose notifications call `onNotify` (before the statement that caused them answers). */
  channel?: string;
  onNotify?: () => void;
}): RemotePGlite {
  const worker = new Worker(WORKER_FILE, {
    workerData: { dataDir: options.dataDir, template: options.template, channel: options.channel },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failed: Error | undefined;
  let markReady: () => void = () => undefined;
  let markFailed: (error: Error) => void = () => undefined;
  const waitReady = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  waitReady.catch(() => undefined);
  worker.on('message', (message: { id?: number; result?: unknown; error?: Record<string, unknown> } & object) => {
    if ('ready' in message) return markReady();
    if ('notify' in message) return options.onNotify?.();
    const call = pending.get(message.id!);
    pending.delete(message.id!);
    if (message.error) call?.reject(toError(message.error));
    else call?.resolve(message.result);
  });
  const fail = (error: Error) => {
    failed = error;
    markFailed(error);
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('The embedded database is not queryable: its worker has stopped.')));

  function send<T>(message: Record<string, unknown>): Promise<T> {
    if (failed) return Promise.reject(failed);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...message });
    });
  }

  const querier = (tx?: number) => ({
    query: <T>(text: string, params?: unknown[], opts?: QueryOptions) =>
      send<Results<T>>({ op: 'query', tx, text, params, ...wire(opts) }),
    exec: (text: string, opts?: QueryOptions) => send<Results[]>({ op: 'exec', tx, text, ...wire(opts) }),
  });

  return {
    waitReady,
    ...querier(),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const id = nextId++;
      await new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, op: 'begin' });
      });
      let result: T;
      try {
        result = await fn({
          ...querier(id),
          rollback: () => Promise.resolve(),
          closed: false,
        } as unknown as Transaction);
      } catch (error) {
        await send({ op: 'end', tx: id, commit: false }).catch(() => undefined);
        throw error;
      }
      await send({ op: 'end', tx: id, commit: true });
      return result;
    },
    async close() {
      if (!failed) await send({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  } as unknown as RemotePGlite;
}
