import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { freePort } from '../../test-support/free-port';
import { buildTestApp, createScratchPostgres, describeEachDatabase, signUpUser } from '../../test-support/test-app';
import { seedPgliteDataDir } from '../../test-support/database-snapshot';
import { member } from '../db/schema/auth.schema';
import { googleTestToken } from '../db/schema/google-test-mode.schema';
import { eq } from 'drizzle-orm';
import { GoogleWorkspaceError } from './errors';
import { parseServiceAccountKey } from './service-account-key';
import { googleModeLine } from './google-settings';
import {
  createTestModeServiceAccount,
  testModeAdminEmail,
  testModeDomain,
  testModeGroups,
  testModePeople,
} from './test-mode';
import type { DirectoryPerson } from './google-resources';
import { GOOGLE_ENDPOINTS, createWorkspaceClient } from './workspace-client';
import { workspaceKeySecret } from './workspace-key-secret';

// Two organizations' pretend domains: each has its own people, signatures and keys.
const ORG_A = 'org-a-id';
const ORG_B = 'org-b-id';
const at = (local: string, org = ORG_A) => `${local}@${testModeDomain(org)}`;

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

describe('Google settings (decision 0140)', () => {
  it('nothing set and PUBLIC_URL on a loopback host: TEST MODE, at PUBLIC_URL/test-mode/google', () => {
    const config = configFor(5000, os.tmpdir());
    expect(config.google).toEqual({
      mode: 'test',
      reason: 'PUBLIC_URL (http://127.0.0.1:5000) is on a loopback host and no GOOGLE_* setting is set',
      endpoints: {
        tokenUrl: 'http://127.0.0.1:5000/test-mode/google/token',
        gmailApiUrl: 'http://127.0.0.1:5000/test-mode/google',
        directoryApiUrl: 'http://127.0.0.1:5000/test-mode/google',
      },
      customGmailApi: false,
      operatorKeyJson: undefined,
      keySecret: undefined,
    });
    expect(googleModeLine(config.google)).toMatch(/^Google Workspace: TEST MODE \(PUBLIC_URL .* loopback host/);
    for (const url of ['http://localhost:5000', 'http://app.localhost', 'http://[::1]:5000'])
      expect(configFor(5000, os.tmpdir(), { PUBLIC_URL: url }).google.mode).toBe('test');
  });

  it('nothing set and any other PUBLIC_URL: real Google at its own addresses', () => {
    for (const url of ['https://signatures.example.com', 'http://192.168.1.20:5000', 'http://intranet-box:5000']) {
      const config = configFor(5000, os.tmpdir(), { PUBLIC_URL: url });
      expect(config.google).toMatchObject({ mode: 'google', reason: 'the default', customGmailApi: false });
      expect(config.google.endpoints).toEqual(GOOGLE_ENDPOINTS);
      expect(googleModeLine(config.google)).toContain(
        'real Google (the default): tokens from https://oauth2.googleapis.com/token',
      );
    }
  });

  it('GOOGLE_MODE says which, whatever the host; test with a Google URL is refused', () => {
    const asked = configFor(5000, os.tmpdir(), { PUBLIC_URL: 'https://signatures.example.com', GOOGLE_MODE: 'test' });
    expect(asked.google).toMatchObject({ mode: 'test', reason: 'GOOGLE_MODE=test' });
    const real = configFor(5000, os.tmpdir(), { GOOGLE_MODE: 'google' });
    expect(real.google).toMatchObject({ mode: 'google', endpoints: GOOGLE_ENDPOINTS });
    expect(() => configFor(5000, os.tmpdir(), { GOOGLE_MODE: 'pretend' })).toThrow(
      /GOOGLE_MODE must be google or test/,
    );
    expect(() =>
      configFor(5000, os.tmpdir(), { GOOGLE_MODE: 'test', GOOGLE_TOKEN_URL: 'https://oauth2.googleapis.com/token' }),
    ).toThrow(/GOOGLE_MODE is test but GOOGLE_TOKEN_URL is set/);
  });

  it('any Google URL set: Google, the unset ones at Google’s own addresses', () => {
    const config = configFor(5000, os.tmpdir(), { GOOGLE_GMAIL_API_URL: 'https://gmail.private-cloud.example/' });
    expect(config.google.mode).toBe('google');
    expect(config.google.customGmailApi).toBe(true);
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
    if (kind === 'pglite') await seedPgliteDataDir(path.join(dataDir, 'db'));
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

  /** A signed-up owner on `server` (its organization is made at sign-up) and the page as they see it. */
  async function ownerOn(server: { app: FastifyInstance }) {
    const person = await signUpUser(server.app, { name: 'Olivia Owner' });
    const [row] = await server.app.services.database.db.select().from(member).where(eq(member.userId, person.user.id));
    const page = async () =>
      server.app.inject({ method: 'GET', url: '/test-mode/google', headers: { cookie: person.cookie } });
    return { ...person, organizationId: row!.organizationId, page };
  }

  it('connects, reads the directory and pushes through the same client code path as Google', async () => {
    const { app, config } = servers[0]!;
    expect(config.google.mode).toBe('test');
    const state = app.services.googleTestMode!;
    const { keyJson, adminEmail, domain } = await createTestModeServiceAccount(state, ORG_A);
    expect(domain).toBe(testModeDomain(ORG_A));
    expect(adminEmail).toBe(testModeAdminEmail(domain));
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

    // Two sample groups, read with the optional group-member scope the TEST MODE key holds (decision 0261).
    const groups = testModeGroups(domain);
    expect((await client.listGroupMembers(adminEmail, groups.sales)).sort()).toEqual([
      at('ben.carter'),
      at('frank.former'),
    ]);
    expect((await client.listGroupMembers(adminEmail, groups.webinar)).sort()).toEqual([
      at('ada.admin'),
      at('ben.carter'),
      at('chloe.dubois'),
    ]);

    const notAdmin = await client.checkConnection(at('ben.carter')).catch((e: unknown) => e);
    expect((notAdmin as GoogleWorkspaceError).kind).toBe('not_admin');
  });

  it('a pretend domain seeded before it had groups gets them at its next key, its people otherwise as they were', async () => {
    const state = servers[0]!.app.services.googleTestMode!;
    const org = 'org-seeded-before-groups';
    const domain = testModeDomain(org);
    const before = testModePeople(domain).map(({ groups: _groups, ...p }) => ({ ...p, title: `${p.title} (kept)` }));
    await state.addPeople(before);
    await createTestModeServiceAccount(state, org);
    const ben = await state.store.person(`ben.carter@${domain}`);
    expect(ben?.groups).toEqual([testModeGroups(domain).sales, testModeGroups(domain).webinar]);
    expect(ben?.title).toBe('Account Executive (kept)');
    expect((await state.store.person(`dev.patel@${domain}`))?.groups).toBeUndefined();
  });

  it('each organization has its own pretend domain: a key of one reads and writes nothing of another', async () => {
    const { app, config } = servers[0]!;
    const state = app.services.googleTestMode!;
    const a = await createTestModeServiceAccount(state, ORG_A);
    const b = await createTestModeServiceAccount(state, ORG_B);
    expect(b.domain).not.toBe(a.domain);
    const clientB = createWorkspaceClient({
      key: parseServiceAccountKey(b.keyJson),
      endpoints: config.google.endpoints,
      retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
    });
    const people: DirectoryPerson[] = [];
    for await (const page of clientB.listDirectory(b.adminEmail)) people.push(...page);
    expect(people).toHaveLength(5);
    expect(people.every((p) => p.primaryEmail.endsWith(`@${b.domain}`))).toBe(true);
    // B's key acting as A's admin or writing to A's mailbox: Google's "not a person of your domain".
    // One at a time: a second call started before the first is awaited would reject unheard meanwhile.
    for (const attempt of [
      () => clientB.checkConnection(a.adminEmail),
      () => clientB.patchSignature(at('ben.carter'), at('ben.carter'), '<b>from B</b>'),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GoogleWorkspaceError);
    }
    expect(await state.storedSignature(at('ben.carter'))).not.toContain('from B');
  });

  it('is one Workspace across processes; its page needs sign-in and shows only the organization’s own people', async () => {
    const [one, two] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const owner = await ownerOn(one);
    const { keyJson } = await createTestModeServiceAccount(two.app.services.googleTestMode!, owner.organizationId);
    const mine = (local: string) => `${local}@${testModeDomain(owner.organizationId)}`;
    // Token from process one, Gmail calls to process two.
    const client = createWorkspaceClient({
      key: parseServiceAccountKey(keyJson),
      endpoints: {
        tokenUrl: one.config.google.endpoints.tokenUrl,
        gmailApiUrl: two.config.google.endpoints.gmailApiUrl,
        directoryApiUrl: two.config.google.endpoints.directoryApiUrl,
      },
    });
    await client.patchSignature(mine('dev.patel'), mine('dev.patel'), '<i>Dev &amp; Patel</i>');
    await client.patchSignature(
      mine('ben.carter'),
      mine('ben.carter'),
      '<p style="color:#123">Ben <b>Carter</b></p><script>alert("x")</script>',
    );
    expect(client.stats.tokenRequests).toBe(2);
    expect(await one.app.services.googleTestMode!.storedSignature(mine('dev.patel'))).toBe('<i>Dev &amp; Patel</i>');

    const signedOut = await fetch(`${one.config.publicUrl}/test-mode/google`);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toContain('Log in to see your organization');

    const page = await owner.page();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    expect(html).toContain('TEST MODE');
    expect(html).toContain('This is not Google.');
    expect(html).toContain(testModeDomain(owner.organizationId));
    // Stored signatures, escaped into sandboxed frames (never inline in the page).
    expect(html).toContain('&lt;i&gt;Dev &amp;amp; Patel&lt;/i&gt;');
    expect(html).toContain('&lt;p style=&quot;color:#123&quot;&gt;Ben &lt;b&gt;Carter&lt;/b&gt;&lt;/p&gt;');
    expect(html).not.toContain('<i>Dev');
    expect(html).toMatch(/<iframe sandbox title="Gmail signature of ben\.carter@/);
    expect(html).toContain('Gmail is not enabled for this person');
    expect(html).toContain('Frank Moreau');
    expect(html).toContain('Suspended');
    // Another organization's people (ORG_A's, pushed above) are not on this page.
    expect(html).not.toContain(testModeDomain(ORG_A));

    // A second organization's owner sees an empty Workspace of their own, not this one.
    const other = await ownerOn(two);
    const theirs = await other.page();
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain(testModeDomain(owner.organizationId));
    expect(theirs.body).toContain('No people yet');
  });

  it('escapes whatever a person is called', async () => {
    const owner = await ownerOn(servers[1]!);
    const domain = testModeDomain(owner.organizationId);
    await servers[1]!.app.services.googleTestMode!.addPeople([
      {
        primaryEmail: `mallory@${domain}`,
        fullName: '<img src=x onerror=alert(1)>',
        givenName: 'M',
        familyName: 'X',
        title: '"><script>alert(2)</script>',
      },
    ]);
    const html = (await owner.page()).body;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
  });

  it('keeps nothing for a stranger: token requests with made-up assertions leave no trace in memory or tables', async () => {
    const { app } = servers[0]!;
    const state = app.services.googleTestMode!;
    const tokensBefore = await app.services.database.db.select().from(googleTestToken);
    const header = Buffer.from(JSON.stringify({ alg: 'RS256' })).toString('base64url');
    for (let i = 0; i < 50; i += 1) {
      // A 40 KB `sub` each time, as a stranger could send: once a counter's key, never freed.
      const claims = Buffer.from(JSON.stringify({ iss: `x${i}@y`, sub: `${'s'.repeat(40_000)}${i}@z` })).toString(
        'base64url',
      );
      const res = await app.inject({
        method: 'POST',
        url: '/test-mode/google/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: `${header}.${claims}.c2ln`,
        }).toString(),
      });
      expect(res.statusCode).toBe(400);
    }
    // No hooks: counters and injected failures belong to the tests' harness, never to TEST MODE.
    expect(state.hooks).toBeUndefined();
    expect(Object.keys(state).some((k) => /count|failure/i.test(k))).toBe(false);
    expect(await app.services.database.db.select().from(googleTestToken)).toHaveLength(tokensBefore.length);
  });

  it('survives a restart: the stored signatures and granted service accounts are still there, people not seeded twice', async () => {
    const { keyJson, adminEmail } = await createTestModeServiceAccount(servers[0]!.app.services.googleTestMode!, ORG_A);
    await stopAll();
    const restarted = await startServer(await open(), dataDir);
    servers.push(restarted);
    const state = restarted.app.services.googleTestMode!;
    expect(await state.storedSignature(at('ben.carter'))).toBe('<p style="color:#123">Ben <b>Carter</b></p>');
    const people = await state.store.people();
    expect(people.filter((p) => p.primaryEmail === adminEmail)).toHaveLength(1);
    // The key granted before the restart still gets tokens.
    const client = createWorkspaceClient({
      key: parseServiceAccountKey(keyJson),
      endpoints: restarted.config.google.endpoints,
    });
    expect((await client.primarySendAs(at('ben.carter'))).signature).toBe(
      '<p style="color:#123">Ben <b>Carter</b></p>',
    );
  });
});
