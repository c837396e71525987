import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { member, user } from '../../db/schema/auth.schema';
import { workspaceConnection } from '../../db/schema/workspace.schema';
import { uniqueViolation } from '../../db/unique-violation';
import { makeTestServiceAccount } from '../../google/google-stand-in-token';
import { startGoogleStandIn } from '../../../test-support/google-stand-in-harness';
import {
  apiCaller,
  buildTestApp,
  describeEachDatabase,
  signUpUser,
  type TestApp,
} from '../../../test-support/test-app';
import { standInPerson } from '../../../test-support/workspace-world';
import { readAnswer } from '../../../client/lib/api-client';
import { workspaceApi } from '../../../shared/api/workspace';

/**
 * The operator's service account (GOOGLE_SERVICE_ACCOUNT_KEY) serves every organization, so an
 * organization may claim a domain only with a verified address there that Google calls a super
 * admin, and a domain is connected to one organization at a time (docs/decisions/0141).
 */
const DOMAIN = 'vendor-gws.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const operator = makeTestServiceAccount(DOMAIN);

describeEachDatabase('Workspace with the operator’s service account: who may claim a domain', (kind) => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  const call = apiCaller(() => t.app);
  /** An owner of their own new organization, signed up with `email`, confirmed or not. */
  async function ownerWith(email: string, verified = true) {
    const person = await signUpUser(t.app, { email, name: email.split('@')[0] });
    if (verified) await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, person.user.id));
    return person;
  }
  const connectOperator = (cookie: string, adminEmail: string) =>
    call('POST', '/api/workspace/connection/operator', cookie, { adminEmail });

  beforeAll(async () => {
    google = await startGoogleStandIn({
      people: [
        standInPerson(DOMAIN, 'root', 'Rita Root', { isAdmin: true }),
        standInPerson(DOMAIN, 'rory', 'Rory Root', { isAdmin: true }),
        standInPerson(DOMAIN, 'dee', 'Dee Delegated', { isDelegatedAdmin: true }),
        standInPerson(DOMAIN, 'sam', 'Sam Seller'),
      ],
    });
    // The domain's super admin authorised the operator's client ID (the Admin console deep link).
    await google.state.grant(operator.client);
    t = await buildTestApp(kind, {
      GOOGLE_SERVICE_ACCOUNT_KEY: operator.keyJson,
      GOOGLE_TOKEN_URL: google.endpoints.tokenUrl,
      GOOGLE_GMAIL_API_URL: google.endpoints.gmailApiUrl,
      GOOGLE_DIRECTORY_API_URL: google.endpoints.directoryApiUrl,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('the page offers the operator’s client ID (never its key) for the Admin console link', async () => {
    const someone = await ownerWith(`someone-${Date.now()}@example.com`);
    const res = await call('GET', '/api/workspace', someone.cookie);
    const page = readAnswer(workspaceApi.overview, res.statusCode, res.json());
    expect(page.operatorKey).toEqual({ clientId: operator.client.clientId, clientEmail: operator.client.clientEmail });
    expect(res.body).not.toContain('PRIVATE KEY');
  });

  let ritaCookie = '';
  it('refuses an unconfirmed address at the domain, before anything is asked of Google', async () => {
    const rita = await ownerWith(at('root'), false);
    ritaCookie = rita.cookie;
    const tokens = google.state.totalTokenRequests();
    const res = await connectOperator(rita.cookie, at('root'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(
      `Confirm your address ${at('root')} first (the link in the e-mail we sent you): only a confirmed address at ${DOMAIN} may connect it.`,
    );
    expect(google.state.totalTokenRequests()).toBe(tokens);
    // The same person, once confirmed, may (the next test connects her).
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, rita.user.id));
  });

  it('refuses a confirmed address at another domain', async () => {
    const mallory = await ownerWith(`mallory-${Date.now()}@example.com`);
    const res = await connectOperator(mallory.cookie, at('root'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/^You are signed in as mallory-.*@example\.com\. To connect vendor-gws\.test/);
  });

  it('refuses a confirmed address at the domain that Google does not call a super admin', async () => {
    // Sam is nobody's admin; he types the real super admin's address.
    const sam = await ownerWith(at('sam'));
    const bySam = await connectOperator(sam.cookie, at('root'));
    expect(bySam.statusCode).toBe(400);
    expect(bySam.json().errors.adminEmail).toMatch(/Google says sam@vendor-gws\.test is not a super admin/);
    // Dee is an admin with a role (she reads the directory), not a super admin.
    const dee = await ownerWith(at('dee'));
    const byDee = await connectOperator(dee.cookie, at('dee'));
    expect(byDee.statusCode).toBe(400);
    expect(byDee.json().errors.adminEmail).toMatch(/Google says dee@vendor-gws\.test is not a super admin/);
    for (const person of [sam, dee]) {
      const page = await call('GET', '/api/workspace', person.cookie);
      expect(page.json().connection).toBeNull();
    }
  });

  it('a confirmed super admin of the domain connects: no key is stored, and "Check connection" passes', async () => {
    const res = await connectOperator(ritaCookie, at('root'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ connected: true, clientId: operator.client.clientId, adminEmail: at('root') });
    const page = readAnswer(workspaceApi.overview, 200, (await call('GET', '/api/workspace', ritaCookie)).json());
    expect(page.connection).toMatchObject({ operatorKey: true, testMode: false, adminEmail: at('root') });
    const [row] = await t.database.db
      .select()
      .from(workspaceConnection)
      .where(eq(workspaceConnection.adminEmail, at('root')));
    expect(row).toMatchObject({ encryptedKey: '', operatorKey: true, domain: DOMAIN });
    const check = await call('POST', '/api/workspace/connection/check', ritaCookie);
    const answer = readAnswer(workspaceApi.check, check.statusCode, check.json());
    expect(answer.checks.filter((l) => l.state !== 'pass')).toEqual([]);
  });

  it('a domain claimed by a second organization is refused, by either path, until the first disconnects', async () => {
    const rory = await ownerWith(at('rory'));
    const tokens = google.state.totalTokenRequests();
    const byOperator = await connectOperator(rory.cookie, at('rory'));
    expect(byOperator.statusCode).toBe(409);
    expect(byOperator.json().error).toBe(
      `${DOMAIN} is already connected to another SignaturePro organization. A domain is connected to one organization at a time: its owner must disconnect it there first.`,
    );
    const ownKey = makeTestServiceAccount(DOMAIN);
    await google.state.grant(ownKey.client);
    const byOwnKey = await call('POST', '/api/workspace/connection', rory.cookie, {
      keyJson: ownKey.keyJson,
      adminEmail: at('rory'),
    });
    expect(byOwnKey.statusCode).toBe(409);
    expect(google.state.totalTokenRequests()).toBe(tokens);

    expect((await call('DELETE', '/api/workspace/connection', ritaCookie)).statusCode).toBe(200);
    const now = await connectOperator(rory.cookie, at('rory'));
    expect(now.statusCode, now.body).toBe(200);
  });

  it('the database itself keeps one organization per domain', async () => {
    const other = await ownerWith(`other-${Date.now()}@example.com`);
    const [m] = await t.database.db.select().from(workspaceConnection).where(eq(workspaceConnection.domain, DOMAIN));
    expect(m).toBeDefined();
    const [membership] = await t.database.db.select().from(member).where(eq(member.userId, other.user.id));
    const organizationId = membership!.organizationId;
    const insert = t.database.db.insert(workspaceConnection).values({
      organizationId,
      clientEmail: 'x@y.iam.gserviceaccount.com',
      clientId: '1',
      adminEmail: at('sam'),
      encryptedKey: '',
      domain: DOMAIN,
    });
    const error = await insert.then(
      () => null,
      (e: unknown) => e,
    );
    expect(uniqueViolation(error)).toBe('workspace_connection_domain_unique');
  });
});
