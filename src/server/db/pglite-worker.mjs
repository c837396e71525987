/**
 * The embedded database (PGlite) in a worker thread of its own (decision 0191): its WebAssembly
 * runs here, so a query being executed never holds up the server's event loop. Plain JavaScript,
 * so the same file runs under tsx, vitest and the build (copied beside dist/server/server.js).
 *
 * Messages in: { id, op: 'query' | 'exec' | 'begin' | 'end' | 'close', tx?, text?, params?, rowMode?, rawTypes?, commit? }.
 * Messages out: { id, result } or { id, error }, and { notify } for each auth-change notification.
 * A transaction holds PGlite's lock from 'begin' to 'end'; statements of other callers wait for it,
 * exactly as they would in the same thread.
 */
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, template, channel } = workerData;

/** A first start copies a database made at build time (every migration applied) instead of creating one. */
if (template && existsSync(template) && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
  mkdirSync(dataDir, { recursive: true });
  cpSync(template, dataDir, { recursive: true });
} else {
  mkdirSync(dataDir, { recursive: true });
}

const lite = new PGlite(dataDir);
const transactions = new Map();
const identity = (value) => value;

function options(message) {
  if (!message.rowMode && !message.rawTypes) return undefined;
  const parsers = {};
  for (const type of message.rawTypes ?? []) parsers[type] = identity;
  return { rowMode: message.rowMode, parsers };
}

/** PGlite's error with every field the app reads (code, constraint, detail…), as plain data. */
function plainError(error) {
  const out = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  for (const [key, value] of Object.entries(error ?? {}))
    if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  return out;
}

function begin(id) {
  let finish;
  let begun = false;
  const ended = new Promise((resolve) => (finish = resolve));
  lite
    .transaction(async (tx) => {
      begun = true;
      transactions.set(id, tx);
      parentPort.postMessage({ id, result: null });
      const { commit } = await ended;
      if (!commit) await tx.rollback();
    })
    .then(
      () => transactions.get(`end:${id}`)?.resolve(),
      (error) => {
        if (!begun) parentPort.postMessage({ id, error: plainError(error) });
        else transactions.get(`end:${id}`)?.reject(error);
      },
    )
    .finally(() => {
      transactions.delete(id);
      transactions.delete(`end:${id}`);
    });
  transactions.set(`finish:${id}`, finish);
}

function end(message) {
  const finish = transactions.get(`finish:${message.tx}`);
  transactions.delete(`finish:${message.tx}`);
  return new Promise((resolve, reject) => {
    transactions.set(`end:${message.tx}`, { resolve, reject });
    finish({ commit: message.commit });
  });
}

async function handle(message) {
  const target = message.tx ? transactions.get(message.tx) : lite;
  if (!target) throw new Error('This transaction has already ended.');
  switch (message.op) {
    case 'query':
      return target.query(message.text, message.params ?? [], options(message));
    case 'exec':
      return target.exec(message.text, options(message));
    case 'end':
      return end(message);
    case 'close':
      return lite.close();
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  if (message.op === 'begin') return begin(message.id);
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result: result ?? null }),
    (error) => parentPort.postMessage({ id: message.id, error: plainError(error) }),
  );
});

await lite.waitReady;
if (channel) await lite.listen(channel, () => parentPort.postMessage({ notify: true }));
parentPort.postMessage({ ready: true });
