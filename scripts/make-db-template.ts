/**
 * Makes the embedded database a first start copies (decision 0191): PGlite's database created, every
 * migration applied and the jobs runner's own tables installed, in `dist/server/pglite-template`.
 * Creating these is most of a first start's time; copying a folder is not. Run by scripts/build.mjs.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { createJobRunner } from '../src/server/jobs/job-runner';

const target = path.resolve(process.argv[2] ?? 'dist/server/pglite-template');
rmSync(target, { recursive: true, force: true });
const database = await openDatabase({ dataDir: target, inThread: true });
const jobs = createJobRunner(database, { schedules: false });
await jobs.start();
await jobs.stop();
// A checkpoint, so that the copy opens without replaying the log.
await database.db.execute('checkpoint' as never);
await database.close();
