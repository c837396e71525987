import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { freePort } from '../../test-support/free-port';
import { buildTestApp, createScratchPostgres, describeEachDatabase } from '../../test-support/test-app';
import { GoogleWorkspaceError } from './errors';
import { parseServiceAccountKey } from './service-account-key';
import { TEST_MODE_ADMIN_EMAIL, TEST_MODE_DOMAIN, createTestModeServiceAccount } from './test-mode';
import { createWorkspaceClient, type DirectoryPerson } from './workspace-client';
import { workspaceKeySecret } from './workspace-key-secret';

const at = (local: string) => `${local}@${TEST_MODE_DOMAIN}`;

function configFor(port: number, dataDir: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    PAYMENTS: 'test',
    ...env,
  });
}

/** One server "process": the whole app on its own port, listening on loopback. */
async function startServer(database: Database, dataDir: string): Promise<{ app: FastifyInstance; config: AppConfig }> {
  const port = await freePort();
  const config = configFor(port, dataDir);
  const app = await buildApp(config, { database, clientDir: false, logger: false });
  await app.listen({ host: '127.0.0.1', port });
  return { app, config };
}

describe('Google settings', () => {
  it('none set: TEST MODE, at PUBLIC_URL/test-mode/google', () => {
    const config = configFor(5000, os.tmpdir());
    expect(config.google).toEqual({
      mode: 'test',
      endpoints: {
        tokenUrl: 'http://127.0.0.1:5000/test-mode/google/token',
        gmailApiUrl: 'http://127.0.0.1:5000/test-mode/google',
        directoryApiUrl: 'http://127.0.0.1:5000/test-mode/google',
      },
      keySecret: undefined,
    });
  });

  it('any set: Google, the unset ones at Google’s own addresses', () => {
    const config = configFor(5000, os.tmpdir(), { GOOGLE_GMAIL_API_URL: 'https://gmail.private-cloud.example/' });
    expect(config.google.mode).toBe('google');
    expect(config.google.endpoints).toEqual({
      tokenUrl: 'https://oauth2.googleapis.com/token',
      gmailApiUrl: 'https://gmail.private-cloud.example',
      directoryApiUrl: 'https://admin.googleapis.com',
    });
  });

  it('a bad value stops start-up naming the setting; the key secret is its own or derived', () => {
    expect(() => configFor(5000, os.tmpdir(), { GOOGLE_TOKEN_URL: 'oauth2.googleapis.com' })).toThrow(
      /GOOGLE_TOKEN_URL must be a URL/,
    );
    expect(() => configFor(5000, os.tmpdir(), { WORKSPACE_KEY_SECRET: 'short' })).toThrow(
      /WORKSPACE_KEY_SECRET must be at least 32 characters \(the value is not shown\)/,
    );
    const own = configFor(5000, os.tmpdir(), { WORKSPACE_KEY_SECRET: 'k'.repeat(40) });
    expect(workspaceKeySecret(own)).toBe('k'.repeat(40));
    const derived = workspaceKeySecret(configFor(5000, os.tmpdir()));
    expect(derived).toHaveLength(43);
    expect(derived).not.toContain('test-secret');
  });
});

describe('with Google configured', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  // Building the app (migrations on a new PGlite) belongs in the hook: under load it outlasts a test's time limit.
  beforeAll(async () => {
    t = await buildTestApp('pglite', { GOOGLE_TOKEN_URL: 'https://oauth2.googleapis.com/token' });
  });
  afterAll(async () => t?.close());

  it('nothing is mounted at /test-mode/google', async () => {
    expect(t.app.services.googleTestMode).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/test-mode/google' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/test-mode/google/token', payload: {} })).statusCode).toBe(404);
  });
});

describeEachDatabase('Google TEST MODE mounted in the app', (kind) => {
  let dataDir: string;
  let pgUrl: string | undefined;
  let dropScratch: (() => Promise<void>) | undefined;
  let databases: Database[] = [];
  let servers: { app: FastifyInstance; config: AppConfig }[] = [];

  /** A database as a new process would open it (PGlite: the folder; PostgreSQL: a new pool). */
  async function open(): Promise<Database> {
    const database = pgUrl
      ? await openDatabase({ url: pgUrl })
      : await openDatabase({ dataDir: path.join(dataDir, 'db') });
    databases.push(database);
    return database;
  }
  async function stopAll() {
    for (const s of servers) await s.app.close();
    for (const d of databases) await d.close();
    servers = [];
    databases = [];
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-gtest-'));
    if (kind === 'postgres') {
      const scratch = await createScratchPostgres();
      pgUrl = scratch.url;
      dropScratch = scratch.drop;
    }
    const first = await open();
    // PGlite is one process's database: the second "process" shares it; PostgreSQL gets a second pool.
    const second = kind === 'postgres' ? await open() : first;
    servers.push(await startServer(first, dataDir), await startServer(second, dataDir));
  });
  afterAll(async () => {
    await stopAll();
    await dropScratch?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('connects, reads the directory and pushes through the same client code path as Google', async () => {
    const { app, config } = servers[0]!;
    expect(config.google.mode).toBe('test');
    const state = app.services.googleTestMode!;
    const { keyJson, adminEmail } = await createTestModeServiceAccount(state);
    expect(adminEmail).toBe(TEST_MODE_ADMIN_EMAIL);
    const client = createWorkspaceClient({ key: parseServiceAccountKey(keyJson), endpoints: config.google.endpoints });

    await client.checkConnection(adminEmail);

    const people: DirectoryPerson[] = [];
    for await (const page of client.listDirectory(adminEmail, { pageSize: 2 })) people.push(...page);
    expect(people.map((p) => p.primaryEmail)).toEqual([
      at('ada.admin'),
      at('ben.carter'),
      at('chloe.dubois'),
      at('dev.patel'),
      at('eva.noinbox'),
    ]);
    expect(people.find((p) => p.primaryEmail === at('eva.noinbox'))?.isMailboxSetup).toBe(false);
    expect(people.find((p) => p.primaryEmail === at('chloe.dubois'))).toMatchObject({
      title: 'Marketing Manager',
      department: 'Marketing',
      orgUnitPath: '/Marketing',
      aliases: [at('marketing')],
    });

    const primary = await client.primarySendAs(at('chloe.dubois'));
    expect(primary.sendAsEmail).toBe(at('chloe.dubois'));
    const stored = await client.patchSignature(
      at('ben.carter'),
      at('ben.carter'),
      '<p style="color:#123">Ben <b>Carter</b></p><script>alert("x")</script>',
    );
    expect(stored.signature).toBe('<p style="color:#123">Ben <b>Carter</b></p>');

    const noGmail = await client
      .patchSignature(at('eva.noinbox'), at('eva.noinbox'), '<b>Eva</b>')
      .catch((e: unknown) => e);
    expect(noGmail).toBeInstanceOf(GoogleWorkspaceError);
    expect((noGmail as GoogleWorkspaceError).kind).toBe('mail_not_enabled');

    const notAdmin = await client.checkConnection(at('ben.carter')).catch((e: unknown) => e);
    expect((notAdmin as GoogleWorkspaceError).kind).toBe('not_admin');
  });

  it('is one Workspace across processes: a token from one is accepted by the other, which shows the pushed signature', async () => {
    const [one, two] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const { keyJson } = await createTestModeServiceAccount(two.app.services.googleTestMode!);
    // Token from process one, Gmail calls to process two.
    const client = createWorkspaceClient({
      key: parseServiceAccountKey(keyJson),
      endpoints: {
        tokenUrl: one.config.google.endpoints.tokenUrl,
        gmailApiUrl: two.config.google.endpoints.gmailApiUrl,
        directoryApiUrl: two.config.google.endpoints.directoryApiUrl,
      },
    });
    await client.patchSignature(at('dev.patel'), at('dev.patel'), '<i>Dev &amp; Patel</i>');
    expect(client.stats.tokenRequests).toBe(1);
    expect(one.app.services.googleTestMode!.tokenRequestsFor(at('dev.patel'))).toBe(1);
    expect(two.app.services.googleTestMode!.patchesFor(at('dev.patel'))).toBe(1);

    const page = await fetch(`${one.config.publicUrl}/test-mode/google`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('This is not Google.');
    // Stored signatures, escaped into sandboxed frames (never inline in the page).
    expect(html).toContain('&lt;i&gt;Dev &amp;amp; Patel&lt;/i&gt;');
    expect(html).toContain('&lt;p style=&quot;color:#123&quot;&gt;Ben &lt;b&gt;Carter&lt;/b&gt;&lt;/p&gt;');
    expect(html).not.toContain('<i>Dev');
    expect(html).toMatch(/<iframe sandbox title="Gmail signature of ben\.carter@/);
    expect(html).toContain('Gmail is not enabled for this person');
    expect(html).toContain('Frank Moreau');
    expect(html).toContain('Suspended');
  });

  it('escapes whatever a person is called', async () => {
    const { app, config } = servers[1]!;
    await app.services.googleTestMode!.addPeople([
      {
        primaryEmail: at('mallory'),
        fullName: '<img src=x onerror=alert(1)>',
        givenName: 'M',
        familyName: 'X',
        title: '"><script>alert(2)</script>',
      },
    ]);
    const html = await (await fetch(`${config.publicUrl}/test-mode/google/`)).text();
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
  });

  it('survives a restart: the stored signatures and granted service accounts are still there, people not seeded twice', async () => {
    const { keyJson } = await createTestModeServiceAccount(servers[0]!.app.services.googleTestMode!);
    await stopAll();
    const restarted = await startServer(await open(), dataDir);
    servers.push(restarted);
    const state = restarted.app.services.googleTestMode!;
    expect(await state.storedSignature(at('ben.carter'))).toBe('<p style="color:#123">Ben <b>Carter</b></p>');
    const people = await state.store.people();
    expect(people.filter((p) => p.primaryEmail === TEST_MODE_ADMIN_EMAIL)).toHaveLength(1);
    // The key granted before the restart still gets tokens.
    const client = createWorkspaceClient({
      key: parseServiceAccountKey(keyJson),
      endpoints: restarted.config.google.endpoints,
    });
    expect((await client.primarySendAs(at('dev.patel'))).signature).toBe('<i>Dev &amp; Patel</i>');
  });
});
