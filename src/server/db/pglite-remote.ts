import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { AUTH_CHANGED_CHANNEL } from './auth-changes';

/**
 * The embedded database in a worker thread (pglite-worker.mjs, decision 0191), seen from the server's
 * thread as the part of PGlite's API that Drizzle, the migrator and pg-boss use: query, exec,
 * transaction, close. Results and errors cross as plain data (a PostgreSQL error keeps its code,
 * constraint and detail).
 */
export type RemotePGlite = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'> & {
  waitReady: Promise<void>;
  /** Who hears the channel's notifications from now on (a database started early learns it late). */
  onNotify(listener: () => void): void;
};

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Pending = { resolve(value: unknown): void; reject(error: Error): void };

const here = path.dirname(fileURLToPath(import.meta.url));
/** Beside this file in the sources, beside server.js in the build. */
const WORKER_FILE = existsSync(path.join(here, 'pglite-worker.mjs'))
  ? path.join(here, 'pglite-worker.mjs')
  : path.join(here, 'db/pglite-worker.mjs');
/**
 * The embedded database as a first start would make it, every migration applied, made by the build
 * beside server.js (scripts/build.mjs): copied instead of created, a first start takes as long as a restart.
 */
export const PGLITE_TEMPLATE_DIR = path.join(here, 'pglite-template');

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
  let onNotify = options.onNotify;
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
    if ('notify' in message) return onNotify?.();
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
    onNotify: (listener: () => void) => void (onNotify = listener),
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

/** Embedded databases started before the app's modules loaded, by their folder, until opened. */
const startedEarly = new Map<string, RemotePGlite>();

/**
 * Starts the embedded database's worker at once, from the environment alone (as loadConfig reads
 * it): PGlite's WebAssembly then starts on the other core while this thread loads the app's
 * modules, the two longest parts of a start (decision 0193). Nothing when DATABASE_URL is set.
 */
export function startEmbeddedDatabaseEarly(env: NodeJS.ProcessEnv = process.env): void {
  if (env.DATABASE_URL) return;
  const dataDir = path.join(path.resolve(env.DATA_DIR ?? './data'), 'db');
  const template = existsSync(PGLITE_TEMPLATE_DIR) ? PGLITE_TEMPLATE_DIR : undefined;
  startedEarly.set(dataDir, openRemotePGlite({ dataDir, template, channel: AUTH_CHANGED_CHANNEL }));
}

/** The database of this folder started early, if any (once): one folder is never opened twice. */
export function takeEarlyDatabase(dataDir: string): RemotePGlite | undefined {
  const key = path.resolve(dataDir);
  const client = startedEarly.get(key);
  startedEarly.delete(key);
  return client;
}
