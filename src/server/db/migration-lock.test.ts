import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createScratchPostgres, describeWhen, NO_POSTGRES } from '../../test-support/test-app';

/**
 * Processes that start together on an empty PostgreSQL database must not both run the
 * migrations. Each child process (src/test-support/open-database-child.ts) loads its modules, then all
 * are released at once into openDatabase; each must become ready, and every migration must be
 * recorded once. Without the migration lock (db/client.ts) one of them stops with "relation
 * already exists" or the journal table holds a migration twice.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

type Child = {
  loaded: Promise<void>;
  exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
  go(): void;
};

function startChild(databaseUrl: string): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test-support/open-database-child.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let markLoaded: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('loaded')) markLoaded();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => {
      markLoaded();
      resolve({ code, stdout, stderr });
    }),
  );
  return { loaded, exit, go: () => child.stdin.end('go\n') };
}

describeWhen(NO_POSTGRES, 'migrations on simultaneous first starts [postgres]', () => {
  const scratches: { url: string; drop(): Promise<void> }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 3; i += 1) scratches.push(await createScratchPostgres());
  });
  afterAll(async () => {
    for (const scratch of scratches) await scratch.drop();
  });

  it(
    'three processes released together on an empty database all become ready, and each migration is applied once',
    { timeout: 120_000 },
    async () => {
      // Three rounds, each on a fresh database, so an unguarded start loses the race at least once.
      for (const scratch of scratches) {
        const children = [startChild(scratch.url), startChild(scratch.url), startChild(scratch.url)];
        await Promise.all(children.map((c) => c.loaded));
        for (const c of children) c.go();
        const results = await Promise.all(children.map((c) => c.exit));
        for (const result of results) {
          expect(result.stderr, result.stderr).not.toMatch(/already exists|duplicate key/);
          expect(result.code, result.stderr).toBe(0);
          expect(result.stdout).toContain('ready');
        }
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        try {
          const applied = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
          expect(applied.rows).toHaveLength(journal.entries.length);
          expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(journal.entries.length);
          // The schema is there: a table from the first migration and one from the last answer.
          await client.query('select count(*) from "user"');
          await client.query('select count(*) from signature');
        } finally {
          await client.end();
        }
      }
    },
  );
});
