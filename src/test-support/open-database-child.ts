/**
 * A process that opens (and so migrates) the database of DATABASE_URL on a signal: it prints
 * "loaded" once its modules are in, waits for a line on stdin, opens the database, prints "ready"
 * and closes it. migration-lock.test.ts starts several and releases them at the same moment.
 */
import { createInterface } from 'node:readline';
import { openDatabase } from '../server/db/client';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const lines = createInterface({ input: process.stdin });
console.log('loaded');
await new Promise((resolve) => lines.once('line', resolve));
lines.close();
const database = await openDatabase({ url, log: { warn: (obj, msg) => console.error(msg, JSON.stringify(obj)) } });
await database.ping();
console.log('ready');
await database.close();
