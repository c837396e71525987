import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { workspaceConnection } from '../../db/schema/workspace.schema';
import { DIRECTORY_SCOPE, GMAIL_SETTINGS_SCOPE } from '../../google/workspace-client';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import { standInPerson, startWorkspaceWorld, type WorkspaceWorld } from '../../../test-support/workspace-world';
import { readAnswer } from '../../../client/lib/api-client';
import { workspaceApi, type ConnectionCheckLine } from '../../../shared/api/workspace';
import type { InjectedFailure } from '../../../test-support/google-stand-in-harness';
import type { StandInRoute } from '../../google/google-stand-in-wire';

const DOMAIN = 'check-gws.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const PEOPLE = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { isAdmin: true }),
  standInPerson(DOMAIN, 'ben', 'Ben Carter'),
  standInPerson(DOMAIN, 'cy', 'Cy Gone', { suspended: true }),
  standInPerson(DOMAIN, 'dee', 'Dee Delegated', { isDelegatedAdmin: true }),
];

/** Google's own answer when an API is not enabled in the key's project (design/google-workspace.md). */
const disabled = (api: string, service: string): InjectedFailure => ({
  status: 403,
  reason: 'accessNotConfigured',
  message: `${api} has not been used in project 123456789012 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/${service}/overview?project=123456789012 then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`,
});

describeEachDatabase('Google Workspace: "Check connection" is one PASS/FAIL line per check', (kind) => {
  let world: WorkspaceWorld;
  const call = apiCaller(() => world.t.app);
  const check = async () => {
    const res = await call('POST', '/api/workspace/connection/check', world.owner.cookie);
    return readAnswer(workspaceApi.check, res.statusCode, res.json());
  };
  const states = (lines: ConnectionCheckLine[]) => Object.fromEntries(lines.map((l) => [l.id, l.state]));
  const ALL_PASS = {
    key: 'pass',
    directoryToken: 'pass',
    gmailToken: 'pass',
    adminSdk: 'pass',
    directory: 'pass',
    gmailApi: 'pass',
    publicUrl: 'pass',
  };
  /** One cause injected at the stand-in: exactly the named line fails, the lines needing it are not checked. */
  async function oneCause(route: StandInRoute, failure: InjectedFailure) {
    world.google.state.injectFailures(route, 1, failure);
    const answer = await check();
    expect(answer.ok).toBe(false);
    return answer;
  }

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Ben Carter', email: at('ben') });
    const res = await call('POST', '/api/workspace/connection', world.owner.cookie, {
      keyJson: world.account.keyJson,
      adminEmail: at('ada'),
    });
    expect(res.statusCode, res.body).toBe(200);
  }, 60_000);
  afterAll(async () => world?.close());

  it('a good key: seven lines in order, each PASS with what it proved (the directory counted)', async () => {
    const answer = await check();
    expect(answer.ok).toBe(true);
    expect(answer.checks.map((l) => l.label)).toEqual([
      'Key parses',
      'Token for the directory scope',
      'Token for the Gmail scope',
      'Admin SDK enabled and the admin is a super admin',
      'Directory readable',
      'Gmail API enabled',
      'PUBLIC_URL public',
    ]);
    expect(states(answer.checks)).toEqual(ALL_PASS);
    const detail = (id: string) => answer.checks.find((l) => l.id === id)!.detail;
    expect(detail('key')).toContain(world.account.client.clientId);
    expect(detail('key')).toContain('project signaturepro-test');
    expect(detail('adminSdk')).toMatch(/ada@check-gws\.test is a super admin/);
    // Suspended people are not counted.
    expect(detail('directory')).toBe('3 people in the directory.');
    expect(detail('gmailApi')).toMatch(/Gmail listed 1 send-as address of ada@/);
  });

  it('tokens are new every time: each check signs and asks Google again', async () => {
    const before = world.google.state.tokenRequestsFor(at('ada'));
    await check();
    await check();
    expect(world.google.state.tokenRequestsFor(at('ada')) - before).toBe(4);
  });

  it('a key Google no longer accepts fails the directory token; what needs that token is not checked', async () => {
    const answer = await oneCause('token', { status: 400, reason: 'invalid_grant', message: 'Invalid JWT Signature.' });
    expect(states(answer.checks)).toEqual({
      ...ALL_PASS,
      directoryToken: 'fail',
      adminSdk: 'skipped',
      directory: 'skipped',
    });
    const line = answer.checks.find((l) => l.id === 'directoryToken')!;
    expect(line.link?.href).toBe(
      `https://admin.google.com/ac/owl/domainwidedelegation?clientIdToAdd=${world.account.client.clientId}&clientScopeToAdd=${GMAIL_SETTINGS_SCOPE},${DIRECTORY_SCOPE}&overwriteClientId=true`,
    );
    expect(answer.checks.find((l) => l.id === 'directory')!.detail).toBe(
      'Not checked: needs “Token for the directory scope”.',
    );
  });

  it('the Gmail scope not granted fails the Gmail token line only, with the Admin console link', async () => {
    await world.google.state.grant({ ...world.account.client, scopes: [DIRECTORY_SCOPE] });
    try {
      const answer = await check();
      expect(answer.ok).toBe(false);
      expect(states(answer.checks)).toEqual({ ...ALL_PASS, gmailToken: 'fail', gmailApi: 'skipped' });
      const line = answer.checks.find((l) => l.id === 'gmailToken')!;
      expect(line.detail).toMatch(/does not let this service account act for people with these scopes/);
      expect(line.link?.href).toContain(`clientIdToAdd=${world.account.client.clientId}`);
    } finally {
      await world.google.state.grant(world.account.client);
    }
  });

  it('the Admin SDK API disabled fails its line with the enable page of the key’s project', async () => {
    const answer = await oneCause('users.get', disabled('Admin SDK API', 'admin.googleapis.com'));
    expect(states(answer.checks)).toEqual({ ...ALL_PASS, adminSdk: 'fail', directory: 'skipped' });
    const line = answer.checks.find((l) => l.id === 'adminSdk')!;
    expect(line.detail).toContain('Admin SDK API has not been used in project 123456789012');
    expect(line.link).toEqual({
      href: 'https://console.cloud.google.com/apis/library/admin.googleapis.com?project=signaturepro-test',
      text: 'Enable the Admin SDK API',
    });
    expect(answer.message).toMatch(/^Admin SDK enabled and the admin is a super admin: /);
  });

  it('a directory Google will not list fails "Directory readable" only', async () => {
    const answer = await oneCause('directory', {
      status: 403,
      reason: 'forbidden',
      message: 'Not Authorized to access this resource/api',
    });
    expect(states(answer.checks)).toEqual({ ...ALL_PASS, directory: 'fail' });
  });

  it('the Gmail API disabled fails its line with the enable page of the key’s project', async () => {
    const answer = await oneCause('sendAs.list', disabled('Gmail API', 'gmail.googleapis.com'));
    expect(states(answer.checks)).toEqual({ ...ALL_PASS, gmailApi: 'fail' });
    expect(answer.checks.find((l) => l.id === 'gmailApi')!.link).toEqual({
      href: 'https://console.cloud.google.com/apis/library/gmail.googleapis.com?project=signaturepro-test',
      text: 'Enable the Gmail API',
    });
  });

  it('a stored key that can no longer be read fails "Key parses"; nothing else is asked of Google', async () => {
    const [row] = await world.t.database.db
      .select()
      .from(workspaceConnection)
      .where(eq(workspaceConnection.organizationId, world.owner.organizationId));
    await world.t.database.db
      .update(workspaceConnection)
      .set({ encryptedKey: 'v1.broken.broken.broken' })
      .where(eq(workspaceConnection.organizationId, world.owner.organizationId));
    const tokens = world.google.state.totalTokenRequests();
    try {
      const answer = await check();
      expect(states(answer.checks)).toEqual({
        key: 'fail',
        directoryToken: 'skipped',
        gmailToken: 'skipped',
        adminSdk: 'skipped',
        directory: 'skipped',
        gmailApi: 'skipped',
        publicUrl: 'pass',
      });
      expect(answer.checks[0]!.detail).toMatch(/can no longer be read/);
      expect(world.google.state.totalTokenRequests()).toBe(tokens);
    } finally {
      await world.t.database.db
        .update(workspaceConnection)
        .set({ encryptedKey: row!.encryptedKey })
        .where(eq(workspaceConnection.organizationId, world.owner.organizationId));
    }
  });

  it('an admin who is not a super admin (Google: isAdmin false) is refused beside the address', async () => {
    const res = await call('POST', '/api/workspace/connection', world.owner.cookie, {
      keyJson: world.account.keyJson,
      adminEmail: at('dee'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.adminEmail).toMatch(/Google says dee@check-gws\.test is not a super admin/);
  });

  it('without GOOGLE_SERVICE_ACCOUNT_KEY there is no operator path: the page offers none and the route says why', async () => {
    const page = await call('GET', '/api/workspace', world.owner.cookie);
    expect(page.json().operatorKey).toBeNull();
    const res = await call('POST', '/api/workspace/connection/operator', world.owner.cookie, { adminEmail: at('ada') });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/no service account of its own \(GOOGLE_SERVICE_ACCOUNT_KEY is not set\)/);
  });

  it('Connect is refused by the first failing check, with its words', async () => {
    world.google.state.injectFailures('sendAs.list', 1, disabled('Gmail API', 'gmail.googleapis.com'));
    const res = await call('POST', '/api/workspace/connection', world.owner.cookie, {
      keyJson: world.account.keyJson,
      adminEmail: at('ada'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Gmail API has not been used in project 123456789012');
  });
});
