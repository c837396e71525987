import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { member } from '../db/schema/auth.schema';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process';
import { createScratchPostgres, describeWhen, NO_POSTGRES } from '../../test-support/test-app';
import { parseServiceAccountKey } from './service-account-key';
import { createPersistentStandInState, createTestModeServiceAccount, testModeDomain } from './test-mode';
import { createWorkspaceClient } from './workspace-client';

/**
 * The TEST MODE Workspace in two real server processes (server.ts as child processes) on one
 * PostgreSQL database: the sample people are seeded once though both seed at once, a token one
 * process gave out is accepted by the other, and either page shows what was pushed through the
 * other. (PGlite is one process's database; its restart case is in test-mode.test.ts.)
 */

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

  /** An owner signed up through process `base` (the organization is made at sign-up): its cookie and organization. */
  async function signUpOwner(base: string) {
    const res = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        email: `owner-${Date.now()}@example.com`,
        password: 'Sup3r-secret-pass',
        name: 'Olivia Owner',
        termsAccepted: true,
      }),
    });
    expect(res.status).toBe(201);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = (await (await fetch(`${base}/api/auth/me`, { headers: { cookie } })).json()) as { user: { id: string } };
    const [row] = await database.db.select().from(member).where(eq(member.userId, me.user.id));
    return { cookie, organizationId: row!.organizationId };
  }

  it('one Workspace: seeded once, a token from one process works on the other, both pages show the push', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const owner = await signUpOwner(a.base);
    const at = (local: string) => `${local}@${testModeDomain(owner.organizationId)}`;
    // Signed out, neither page shows anything.
    for (const server of servers) expect((await fetch(`${server.base}/test-mode/google`)).status).toBe(401);

    // Service accounts authorised in the shared database by two "processes" at once: the sample people are seeded once.
    const [one, two] = [createPersistentStandInState(database.db), createPersistentStandInState(database.db)];
    const [{ keyJson, adminEmail }] = await Promise.all([
      createTestModeServiceAccount(one, owner.organizationId),
      createTestModeServiceAccount(two, owner.organizationId),
    ]);
    expect((await one.store.people()).filter((p) => p.primaryEmail === adminEmail)).toHaveLength(1);

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
      const page = await fetch(`${server.base}/test-mode/google`, { headers: { cookie: owner.cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('TEST MODE');
      expect(html).toContain('&lt;b&gt;Ben from process B&lt;/b&gt;');
    }
    expect(a.log()).not.toMatch(/"level":50/);
    expect(b.log()).not.toMatch(/"level":50/);
  });
});
