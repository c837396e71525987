import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process';
import { createScratchPostgres, describeWhen, NO_POSTGRES } from '../../test-support/test-app';
import { parseServiceAccountKey } from './service-account-key';
import { TEST_MODE_DOMAIN, createPersistentStandInState, createTestModeServiceAccount } from './test-mode';
import { createWorkspaceClient } from './workspace-client';

/**
 * The TEST MODE Workspace in two real server processes (server.ts as child processes) on one
 * PostgreSQL database: the sample people are seeded once though both seed at once, a token one
 * process gave out is accepted by the other, and either page shows what was pushed through the
 * other. (PGlite is one process's database; its restart case is in test-mode.test.ts.)
 */
const at = (local: string) => `${local}@${TEST_MODE_DOMAIN}`;

/** The real server on the shared database, with its own DATA_DIR. */
function startServer(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  return startServerProcess({
    env: (base) => ({
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'two-process-secret-two-process-secret-01',
      GOOGLE_TOKEN_URL: '',
      GOOGLE_GMAIL_API_URL: '',
      GOOGLE_DIRECTORY_API_URL: '',
    }),
  });
}

describeWhen(NO_POSTGRES, 'TEST MODE Workspace in two server processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let database: Database;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-gtest-procs-'));
    // One after the other (two processes migrating one new database at once is not this test's
    // subject); the sample people are seeded on first use, by both at once below.
    servers.push(await startServer(scratch.url, path.join(dataDir, 'a')));
    servers.push(await startServer(scratch.url, path.join(dataDir, 'b')));
    database = await openDatabase({ url: scratch.url });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('one Workspace: seeded once, a token from one process works on the other, both pages show the push', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    // Both pages answer from the database; reading them seeds concurrently.
    const [pageA, pageB] = await Promise.all([
      fetch(`${a.base}/test-mode/google`),
      fetch(`${b.base}/test-mode/google`),
    ]);
    expect(pageA.status).toBe(200);
    expect(pageB.status).toBe(200);

    // A service account authorised in the shared database (by neither process).
    const state = createPersistentStandInState(database.db);
    const { keyJson, adminEmail } = await createTestModeServiceAccount(state);
    expect((await state.store.people()).filter((p) => p.primaryEmail === adminEmail)).toHaveLength(1);

    const client = createWorkspaceClient({
      key: parseServiceAccountKey(keyJson),
      endpoints: {
        tokenUrl: `${a.base}/test-mode/google/token`,
        gmailApiUrl: `${b.base}/test-mode/google`,
        directoryApiUrl: `${b.base}/test-mode/google`,
      },
    });
    await client.checkConnection(adminEmail);
    const stored = await client.patchSignature(
      at('ben.carter'),
      at('ben.carter'),
      '<b>Ben from process B</b><script>x()</script>',
    );
    expect(stored.signature).toBe('<b>Ben from process B</b>');
    expect(client.stats.tokenRequests).toBe(2); // admin (both scopes) and Ben (Gmail)

    for (const server of servers) {
      const html = await (await fetch(`${server.base}/test-mode/google`)).text();
      expect(html).toContain('TEST MODE');
      expect(html).toContain('&lt;b&gt;Ben from process B&lt;/b&gt;');
    }
    expect(a.log()).not.toMatch(/"level":50/);
    expect(b.log()).not.toMatch(/"level":50/);
  });
});
