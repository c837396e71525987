import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/free-port';
import { GoogleWorkspaceError, type GoogleErrorKind } from './errors';
import { createStandInHarness, startGoogleStandIn } from '../../test-support/google-stand-in-harness';
import { makeTestServiceAccount } from './google-stand-in-token';
import { sanitiseSignature, type StandInPerson } from './google-stand-in-wire';
import { parseServiceAccountKey } from './service-account-key';
import { createTokenCache, signJwtAssertion } from './access-token';
import {
  DIRECTORY_SCOPE,
  GMAIL_SETTINGS_SCOPE,
  GROUP_MEMBER_SCOPE,
  createWorkspaceClient,
  type WorkspaceClientOptions,
} from './workspace-client';

/** Every case runs against the stand-in on loopback, speaking Google's wire format over real HTTP. */

const DOMAIN = 'acme-test.example';
const at = (local: string) => `${local}@${DOMAIN}`;
const BOTH = [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE];

/** Eight people: one suspended (excluded by the directory query), one without Gmail, one with an alias. */
const PEOPLE: StandInPerson[] = [
  {
    primaryEmail: at('admin'),
    fullName: 'Ann Admin',
    givenName: 'Ann',
    familyName: 'Admin',
    isAdmin: true,
    title: 'IT lead',
    department: 'IT',
  },
  {
    primaryEmail: at('bob'),
    fullName: 'Bob Brown',
    givenName: 'Bob',
    familyName: 'Brown',
    title: 'Seller',
    department: 'Sales',
    orgUnitPath: '/Sales',
    phones: [{ type: 'mobile', value: '+1 555 0001' }],
  },
  {
    primaryEmail: at('carol'),
    fullName: 'Carol Chen',
    givenName: 'Carol',
    familyName: 'Chen',
    aliases: [at('aaa-press')],
  },
  { primaryEmail: at('dan'), fullName: 'Dan Doe', givenName: 'Dan', familyName: 'Doe', isMailboxSetup: false },
  { primaryEmail: at('erin'), fullName: 'Erin Eve', givenName: 'Erin', familyName: 'Eve', suspended: true },
  { primaryEmail: at('fay'), fullName: 'Fay Fox', givenName: 'Fay', familyName: 'Fox' },
  { primaryEmail: at('gus'), fullName: 'Gus Gray', givenName: 'Gus', familyName: 'Gray' },
  { primaryEmail: at('hal'), fullName: 'Hal Hill', givenName: 'Hal', familyName: 'Hill', department: 'Sales' },
];

let standIn: Awaited<ReturnType<typeof startGoogleStandIn>>;
let account: ReturnType<typeof makeTestServiceAccount>;

beforeAll(async () => {
  standIn = await startGoogleStandIn({ people: PEOPLE });
  account = makeTestServiceAccount(DOMAIN, BOTH);
  await standIn.state.grant(account.client);
});
afterAll(async () => standIn.close());

/** A client with a recorded (instant) sleep, so retries cost no time and their delays can be read. */
function client(overrides: Partial<WorkspaceClientOptions> = {}) {
  const sleeps: number[] = [];
  const retries: { attempt: number; delayMs: number; kind: GoogleErrorKind }[] = [];
  const c = createWorkspaceClient({
    key: account.key,
    endpoints: standIn.endpoints,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    onRetry: (info) => retries.push(info),
    ...overrides,
  });
  return { c, sleeps, retries };
}

async function failure(promise: Promise<unknown>): Promise<GoogleWorkspaceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GoogleWorkspaceError);
  return error as GoogleWorkspaceError;
}

describe('service account key', () => {
  it('reads a key file as Google downloads it', () => {
    const key = parseServiceAccountKey(account.keyJson);
    expect(key.clientEmail).toBe(account.client.clientEmail);
    expect(key.clientId).toBe(account.client.clientId);
    expect(key.privateKey).toContain('BEGIN PRIVATE KEY');
    expect(key.tokenUri).toBe('https://oauth2.googleapis.com/token');
  });

  it('refuses what is not a service account key, with words', () => {
    for (const [text, words] of [
      ['not json', /not JSON/],
      [JSON.stringify({ installed: { client_id: 'x' }, type: 'authorized_user' }), /not "service_account"/],
      [JSON.stringify({ ...JSON.parse(account.keyJson), private_key: 'garbage' }), /not an RSA private key/],
      [JSON.stringify({ ...JSON.parse(account.keyJson), client_email: undefined }), /"client_email" is missing/],
    ] as const) {
      let error: unknown;
      try {
        parseServiceAccountKey(text);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(GoogleWorkspaceError);
      expect((error as GoogleWorkspaceError).kind).toBe('invalid_key');
      expect((error as GoogleWorkspaceError).message).toMatch(words);
      expect((error as GoogleWorkspaceError).message).toContain('Create new key');
    }
  });
});

describe('token endpoint (JWT-bearer grant)', () => {
  async function postAssertion(assertion: string) {
    const res = await fetch(standIn.endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const iat = () => Math.floor(Date.now() / 1000);

  it('gives a token for a well-signed assertion and refuses a tampered one', async () => {
    const assertion = signJwtAssertion(account.key, {
      sub: at('bob'),
      scopes: [GMAIL_SETTINGS_SCOPE],
      aud: standIn.endpoints.tokenUrl,
      iat: iat(),
    });
    const ok = await postAssertion(assertion);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    expect(String(ok.body.access_token)).toMatch(/^ya29\./);

    // The same signature over other claims (a wider scope set for another person): refused.
    const [header, , signature] = assertion.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        iss: account.key.clientEmail,
        sub: at('admin'),
        scope: BOTH.join(' '),
        aud: standIn.endpoints.tokenUrl,
        iat: iat(),
        exp: iat() + 3600,
      }),
    ).toString('base64url');
    const tampered = await postAssertion(`${header}.${forged}.${signature}`);
    expect(tampered).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
    });

    // Signed by another key under this service account's name: refused too.
    const other = makeTestServiceAccount(DOMAIN, BOTH);
    const impostor = signJwtAssertion(
      { clientEmail: account.key.clientEmail, privateKey: other.key.privateKey },
      { sub: at('bob'), scopes: [GMAIL_SETTINGS_SCOPE], aud: standIn.endpoints.tokenUrl, iat: iat() },
    );
    expect((await postAssertion(impostor)).body.error_description).toBe('Invalid JWT Signature.');
  });

  it('checks aud, a lifetime of at most one hour and the sub domain', async () => {
    const wrongAud = signJwtAssertion(account.key, {
      sub: at('bob'),
      scopes: [GMAIL_SETTINGS_SCOPE],
      aud: 'https://oauth2.googleapis.com/token',
      iat: iat(),
    });
    expect((await postAssertion(wrongAud)).body.error_description).toMatch(/aud must be the token URL/);

    // Hand-made: two hours of lifetime (signJwtAssertion itself never signs more than one).
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
    const claims = Buffer.from(
      JSON.stringify({
        iss: account.key.clientEmail,
        sub: at('bob'),
        scope: GMAIL_SETTINGS_SCOPE,
        aud: standIn.endpoints.tokenUrl,
        iat: iat(),
        exp: iat() + 7200,
      }),
    ).toString('base64url');
    const { createSign } = await import('node:crypto');
    const signer = createSign('RSA-SHA256');
    signer.update(`${header}.${claims}`);
    const long = await postAssertion(
      `${header}.${claims}.${signer.sign(account.key.privateKey).toString('base64url')}`,
    );
    expect(long.status).toBe(400);
    expect(long.body.error_description).toMatch(/short-lived token \(60 minutes\)/);

    const otherDomain = signJwtAssertion(account.key, {
      sub: 'someone@elsewhere.example',
      scopes: [GMAIL_SETTINGS_SCOPE],
      aud: standIn.endpoints.tokenUrl,
      iat: iat(),
    });
    expect((await postAssertion(otherDomain)).body).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid email or User ID',
    });
  });
});

describe('checkConnection: the one harmless call, with readable errors', () => {
  it('passes for an admin with both scopes granted: one token request, one users.list of one', async () => {
    const { c } = client();
    const before = standIn.state.counters.requests.directory;
    await c.checkConnection(at('admin'));
    expect(c.stats).toMatchObject({ tokenRequests: 1, calls: 1, retries: 0 });
    expect(standIn.state.counters.requests.directory).toBe(before + 1);
  });

  it('scopes not granted: names the client ID and the exact scopes to authorise', async () => {
    const narrow = makeTestServiceAccount(DOMAIN, [GMAIL_SETTINGS_SCOPE]);
    await standIn.state.grant(narrow.client);
    const error = await failure(
      createWorkspaceClient({ key: narrow.key, endpoints: standIn.endpoints }).checkConnection(at('admin')),
    );
    expect(error.kind).toBe('scopes_not_granted');
    expect(error.googleReason).toBe('unauthorized_client');
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      `Google does not let this service account act for people with these scopes: they were never authorised, were removed, or were added minutes ago and are not applied yet (it can take up to 24 hours). In the Admin console → Security → API controls → Domain-wide delegation, authorise client ID ${narrow.client.clientId} with: ${GMAIL_SETTINGS_SCOPE}, ${DIRECTORY_SCOPE}. Google said: “unauthorized_client: Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.”`,
    );
  });

  it('wrong domain, not an admin, key revoked', async () => {
    const { c } = client();
    const wrong = await failure(c.checkConnection('boss@elsewhere.example'));
    expect(wrong.kind).toBe('wrong_domain');
    expect(wrong.message).toContain('boss@elsewhere.example');

    const notAdmin = await failure(c.checkConnection(at('bob')));
    expect(notAdmin.kind).toBe('not_admin');
    expect(notAdmin.message).toMatch(/may not read the Workspace directory/);

    const doomed = makeTestServiceAccount(DOMAIN, BOTH);
    await standIn.state.grant(doomed.client);
    await standIn.state.revoke(doomed.client.clientEmail);
    const revoked = await failure(
      createWorkspaceClient({ key: doomed.key, endpoints: standIn.endpoints }).checkConnection(at('admin')),
    );
    expect(revoked.kind).toBe('key_revoked');
    expect(revoked.message).toMatch(/no longer accepts this service account key/);
  });

  it('an address nothing listens on is unreachable, retried, then reported', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { c, retries } = client({
      endpoints: { tokenUrl: `${base}/token`, gmailApiUrl: base, directoryApiUrl: base },
      retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 10 },
    });
    const error = await failure(c.checkConnection(at('admin')));
    expect(error.kind).toBe('unreachable');
    expect(retries.map((r) => r.kind)).toEqual(['unreachable']);
  });
});

describe('tokens', () => {
  it('one token request per person and scope set per hour (fake clock), shared by concurrent calls', async () => {
    let now = Date.now();
    const state = createStandInHarness(undefined, { now: () => now });
    const own = await startGoogleStandIn({ state, people: PEOPLE });
    try {
      const sa = makeTestServiceAccount(DOMAIN, BOTH);
      await state.grant(sa.client);
      const c = createWorkspaceClient({
        key: sa.key,
        endpoints: own.endpoints,
        now: () => now,
        tokenCache: createTokenCache(),
      });
      await Promise.all(Array.from({ length: 10 }, () => c.listSendAs(at('bob'))));
      await c.patchSignature(at('bob'), at('bob'), '<b>Bob</b>');
      expect(state.tokenRequestsFor(at('bob'))).toBe(1);
      await c.listSendAs(at('fay'));
      expect(state.tokenRequestsFor(at('fay'))).toBe(1);

      now += 54 * 60 * 1000;
      await c.listSendAs(at('bob'));
      expect(state.tokenRequestsFor(at('bob'))).toBe(1);

      now += 2 * 60 * 1000; // 56 minutes: past the cache's 55
      await c.listSendAs(at('bob'));
      expect(state.tokenRequestsFor(at('bob'))).toBe(2);
      expect(c.stats.tokenRequests).toBe(3);
    } finally {
      await own.close();
    }
  });
});

describe('token cache scope (docs/decisions/0131)', () => {
  it('a shared cache never hands a token to another owner or another key with the same client_email', async () => {
    const cache = createTokenCache();
    const victim = createWorkspaceClient({
      key: account.key,
      endpoints: standIn.endpoints,
      cacheOwner: 'org-a',
      tokenCache: cache,
    });
    await victim.listSendAs(at('bob'));
    const forger = makeTestServiceAccount(DOMAIN, BOTH);
    const forged = parseServiceAccountKey(
      JSON.stringify({
        ...(JSON.parse(forger.keyJson) as object),
        client_email: account.client.clientEmail,
        client_id: account.client.clientId,
      }),
    );
    for (const owner of ['org-b', 'org-a']) {
      const c = createWorkspaceClient({
        key: forged,
        endpoints: standIn.endpoints,
        cacheOwner: owner,
        tokenCache: cache,
      });
      const refused = await failure(c.listSendAs(at('bob')));
      expect(refused.googleReason).toBe('invalid_grant');
      expect(c.stats.calls).toBe(0);
    }
    // The real key of another owner does not reuse org-a's token either: it asks Google itself.
    const other = createWorkspaceClient({
      key: account.key,
      endpoints: standIn.endpoints,
      cacheOwner: 'org-c',
      tokenCache: cache,
    });
    await other.listSendAs(at('bob'));
    expect(other.stats.tokenRequests).toBe(1);
  });

  it('checkConnection signs and asks for a new token every time, even with a fresh one cached', async () => {
    const cache = createTokenCache();
    const c = createWorkspaceClient({
      key: account.key,
      endpoints: standIn.endpoints,
      cacheOwner: 'org-a',
      tokenCache: cache,
    });
    await c.checkConnection(at('admin'));
    await c.checkConnection(at('admin'));
    expect(c.stats.tokenRequests).toBe(2);
  });
});

describe('a token Google no longer accepts', () => {
  it('a 401 drops the cached token and tries once more with a new one', async () => {
    const memory = createStandInHarness();
    let forgetNext = false;
    // Google forgets a token (revoked, rotated) while our cache still holds it.
    const state = createStandInHarness({
      ...memory.store,
      grant: async (token) => {
        if (forgetNext) {
          forgetNext = false;
          return undefined;
        }
        return memory.store.grant(token);
      },
    });
    const own = await startGoogleStandIn({ state, people: PEOPLE });
    try {
      const sa = makeTestServiceAccount(DOMAIN, BOTH);
      await state.grant(sa.client);
      const c = createWorkspaceClient({ key: sa.key, endpoints: own.endpoints });
      await c.listSendAs(at('bob'));
      forgetNext = true;
      expect((await c.listSendAs(at('bob'))).map((s) => s.sendAsEmail)).toEqual([at('bob')]);
      expect(state.tokenRequestsFor(at('bob'))).toBe(2);
      expect(c.stats).toMatchObject({ tokenRequests: 2, calls: 3, retries: 0 });
    } finally {
      await own.close();
    }
  });
});

describe('directory', () => {
  it('pages through three pages of active people; suspended are left out, mailbox-less kept and marked', async () => {
    const { c } = client();
    const before = standIn.state.counters.requests.directory;
    const pages: string[][] = [];
    const everyone = [];
    for await (const page of c.listDirectory(at('admin'), { pageSize: 3 })) {
      pages.push(page.map((p) => p.primaryEmail));
      everyone.push(...page);
    }
    expect(pages).toEqual([[at('admin'), at('bob'), at('carol')], [at('dan'), at('fay'), at('gus')], [at('hal')]]);
    expect(standIn.state.counters.requests.directory - before).toBe(3);
    expect(everyone.find((p) => p.primaryEmail === at('erin'))).toBeUndefined();
    expect(everyone.find((p) => p.primaryEmail === at('dan'))?.isMailboxSetup).toBe(false);
    expect(everyone.find((p) => p.primaryEmail === at('bob'))).toEqual({
      primaryEmail: at('bob'),
      aliases: [],
      fullName: 'Bob Brown',
      givenName: 'Bob',
      familyName: 'Brown',
      title: 'Seller',
      department: 'Sales',
      phones: [{ type: 'mobile', value: '+1 555 0001' }],
      orgUnitPath: '/Sales',
      suspended: false,
      archived: false,
      isMailboxSetup: true,
      thumbnailPhotoUrl: null,
    });
    expect(everyone.find((p) => p.primaryEmail === at('carol'))?.aliases).toEqual([at('aaa-press')]);
  });
});

describe('directory page tokens', () => {
  it('fails the read in words when Google answers a page token it already gave, instead of a partial directory', async () => {
    const { c } = client();
    const page = (email: string) => ({
      status: 200,
      body: {
        kind: 'admin#directory#users',
        users: [{ primaryEmail: email, name: { fullName: email }, isMailboxSetup: true }],
        nextPageToken: 'the-same-token',
      },
    });
    const before = standIn.state.counters.requests.directory;
    standIn.state.injectFailures('directory', 1, page(at('bob')));
    standIn.state.injectFailures('directory', 1, page(at('carol')));
    // A third answer, never asked for: the client stops at the second.
    standIn.state.injectFailures('directory', 1, page(at('fay')));
    const read: string[] = [];
    const error = await failure(
      (async () => {
        for await (const people of c.listDirectory(at('admin'))) read.push(...people.map((p) => p.primaryEmail));
      })(),
    );
    expect(error.kind).toBe('server_error');
    expect(error.message).toBe(
      'Google answered page 2 of the directory with a page token it had already given (after 2 people), so reading it would never end: stopped. Nobody was added or removed; the next sync reads the directory again.',
    );
    expect(read).toEqual([at('bob'), at('carol')]);
    expect(standIn.state.counters.requests.directory - before).toBe(2);
    standIn.state.takeFailure('directory');
  });
});

describe('group members', () => {
  it('stops with words when Google answers a page token it already gave, instead of paging for ever', async () => {
    const withGroups = makeTestServiceAccount(DOMAIN, [...BOTH, GROUP_MEMBER_SCOPE]);
    await standIn.state.grant(withGroups.client);
    const { c } = client({ key: withGroups.key });
    const page = (email: string) => ({
      status: 200,
      body: {
        kind: 'admin#directory#members',
        members: [{ kind: 'admin#directory#member', email, type: 'USER', role: 'MEMBER' }],
        nextPageToken: 'the-same-token',
      },
    });
    const before = standIn.state.counters.requests['groups.members'];
    standIn.state.injectFailures('groups.members', 1, page(at('bob')));
    standIn.state.injectFailures('groups.members', 1, page(at('carol')));
    // A third answer, never asked for: the client stops at the second.
    standIn.state.injectFailures('groups.members', 1, page(at('fay')));
    const error = await failure(c.listGroupMembers(at('admin'), `sales@${DOMAIN}`));
    expect(error.kind).toBe('server_error');
    expect(error.message).toBe(
      `Google answered page 2 of the members of sales@${DOMAIN} with a page token it had already given (after 2 members), so reading it would never end: stopped. The group keeps the members read before; the next sync reads it again.`,
    );
    expect(standIn.state.counters.requests['groups.members'] - before).toBe(2);
    standIn.state.takeFailure('groups.members');
  });
});

describe('send-as and signatures', () => {
  it('the primary is chosen by isPrimary, not by its place in the list', async () => {
    const { c } = client();
    const list = await c.listSendAs(at('carol'));
    expect(list.map((s) => s.sendAsEmail)).toEqual([at('aaa-press'), at('carol')]);
    const primary = await c.primarySendAs(at('carol'));
    expect(primary.sendAsEmail).toBe(at('carol'));
    expect(primary.isPrimary).toBe(true);
  });

  it('patches the signature and answers the copy Gmail stored (sanitised)', async () => {
    const { c } = client();
    const stored = await c.patchSignature(
      at('gus'),
      at('gus'),
      '<div onclick="steal()">Gus <b>Gray</b><script>alert(1)</script></div>',
    );
    expect(stored.signature).toBe('<div>Gus <b>Gray</b></div>');
    expect(await standIn.state.storedSignature(at('gus'))).toBe('<div>Gus <b>Gray</b></div>');
    expect((await c.primarySendAs(at('gus'))).signature).toBe('<div>Gus <b>Gray</b></div>');
    expect(sanitiseSignature('<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>')).toBe(
      '<a >x</a><img src=x>',
    );
  });

  it('a signature over 10,000 characters is refused before any call; exactly 10,000 goes through', async () => {
    const { c } = client();
    const tokensBefore = standIn.state.tokenRequestsFor(at('hal'));
    const error = await failure(c.patchSignature(at('hal'), at('hal'), 'x'.repeat(10_001)));
    expect(error.kind).toBe('too_long');
    expect(error.message).toMatch(/10,001 characters of HTML; Gmail accepts at most 10,000/);
    expect(standIn.state.patchesFor(at('hal'))).toBe(0);
    expect(standIn.state.tokenRequestsFor(at('hal'))).toBe(tokensBefore);
    expect(c.stats).toMatchObject({ calls: 0, tokenRequests: 0 });

    await c.patchSignature(at('hal'), at('hal'), 'y'.repeat(10_000));
    expect(standIn.state.patchesFor(at('hal'))).toBe(1);
  });

  it('"Mail service not enabled" is its own kind and never retried', async () => {
    const { c, retries } = client();
    const error = await failure(c.patchSignature(at('dan'), at('dan'), '<b>Dan</b>'));
    expect(error.kind).toBe('mail_not_enabled');
    expect(error.status).toBe(400);
    expect(error.googleReason).toBe('failedPrecondition');
    expect(error.message).toContain('Mail service not enabled');
    expect(retries).toEqual([]);
    expect(standIn.state.patchesFor(at('dan'))).toBe(1);
  });
});

describe('retries', () => {
  it('429 and 503 are retried with exponential backoff and full jitter, then succeed', async () => {
    const { c, sleeps, retries } = client({ retry: { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1000 } });
    standIn.state.injectFailures('sendAs.patch', 1, { status: 429 });
    standIn.state.injectFailures('sendAs.patch', 1, { status: 503 });
    standIn.state.injectFailures('sendAs.patch', 1, { status: 403, reason: 'userRateLimitExceeded' });
    const stored = await c.patchSignature(at('fay'), at('fay'), '<i>Fay</i>');
    expect(stored.signature).toBe('<i>Fay</i>');
    expect(standIn.state.patchesFor(at('fay'))).toBe(4);
    expect(retries.map((r) => r.kind)).toEqual(['rate_limited', 'server_error', 'rate_limited']);
    // random() = 0.5 of 100, 200, 400 ms.
    expect(sleeps).toEqual([50, 100, 200]);
    expect(c.stats.retries).toBe(3);
  });

  it('a 400 is never retried (the stand-in saw exactly one patch)', async () => {
    const { c, retries } = client();
    const before = standIn.state.patchesFor(at('bob'));
    standIn.state.injectFailures('sendAs.patch', 1, {
      status: 400,
      reason: 'invalidArgument',
      message: 'Invalid signature',
    });
    const error = await failure(c.patchSignature(at('bob'), at('bob'), '<b>Bob</b>'));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain('Invalid signature');
    expect(standIn.state.patchesFor(at('bob')) - before).toBe(1);
    expect(retries).toEqual([]);
  });

  it('Retry-After is honoured', async () => {
    const { c, sleeps } = client();
    standIn.state.injectFailures('sendAs.list', 1, { status: 429, retryAfterSeconds: 7 });
    await c.listSendAs(at('bob'));
    expect(sleeps).toEqual([7000]);
  });

  it('attempts are bounded: a lasting 5xx is reported after maxAttempts', async () => {
    const { c, sleeps } = client({
      retry: { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 1500 },
      random: () => 0.999,
    });
    standIn.state.injectFailures('sendAs.list', 10, { status: 503 });
    const before = standIn.state.counters.requests['sendAs.list'];
    const error = await failure(c.listSendAs(at('bob')));
    expect(error.kind).toBe('server_error');
    expect(error.retryable).toBe(true);
    expect(standIn.state.counters.requests['sendAs.list'] - before).toBe(3);
    expect(sleeps).toEqual([999, 1498]); // capped at maxDelayMs
    while (standIn.state.takeFailure('sendAs.list'));
  });

  it('token endpoint rate limits are retried too', async () => {
    const { c, retries } = client();
    standIn.state.injectFailures('token', 1, { status: 429 });
    await c.listSendAs(at('hal'));
    expect(retries.map((r) => r.kind)).toEqual(['rate_limited']);
  });
});
