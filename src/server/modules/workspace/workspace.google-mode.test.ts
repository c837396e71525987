import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealGoogle } from '../../google/google-adapter';
import { makeTestServiceAccount } from '../../google/google-stand-in-token';
import { startGoogleStandIn } from '../../../test-support/google-stand-in-harness';
import { GOOGLE_LIMITS } from '../../google/google-limits';
import { parseServiceAccountKey } from '../../google/service-account-key';
import {
  apiCaller,
  buildTestApp,
  describeEachDatabase,
  loadTestConfig,
  signUpUser,
  type TestApp,
} from '../../../test-support/test-app';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { standInPerson } from '../../../test-support/workspace-world';

/**
 * Which Google runs, and what each one refuses (decision 0140): a pasted key in TEST MODE, more
 * TEST MODE keys or key checks than an hour allows (per organization), a push to Google's own
 * Gmail while recipients could not load the images, and RSA keys outside 2048–4096 bits.
 */
const DOMAIN = 'acme-mode.test';
const at = (local: string) => `${local}@${DOMAIN}`;

describeEachDatabase('Google Workspace: TEST MODE refusals and limits', (kind) => {
  let t: TestApp;
  const call = apiCaller(() => t.app);
  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, 60_000);
  afterAll(async () => t?.close());

  it('TEST MODE refuses a pasted key with words, whatever the key', async () => {
    expect(t.config.google.mode).toBe('test');
    const owner = await signUpUser(t.app, { name: 'Olivia Owner' });
    const res = await call('POST', '/api/workspace/connection', owner.cookie, {
      keyJson: makeTestServiceAccount(DOMAIN).keyJson,
      adminEmail: at('ada'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^This server runs a pretend Google: TEST MODE/);
    expect(res.json().errors.keyJson).toMatch(/GOOGLE_MODE=google/);
  });

  it(`makes at most ${GOOGLE_LIMITS.testKeysPerOrganization.limit} TEST MODE keys an hour per organization; another organization is not held back`, async () => {
    const owner = await signUpUser(t.app, { name: 'Olivia Owner' });
    for (let i = 0; i < GOOGLE_LIMITS.testKeysPerOrganization.limit; i += 1) {
      const res = await call('POST', '/api/workspace/connection/test-mode', owner.cookie);
      expect(res.statusCode).toBe(200);
    }
    const refused = await call('POST', '/api/workspace/connection/test-mode', owner.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/made a TEST MODE key 10 times in the last hour/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const other = await signUpUser(t.app, { name: 'Oscar Other' });
    expect((await call('POST', '/api/workspace/connection/test-mode', other.cookie)).statusCode).toBe(200);
  }, 60_000);
});

describeEachDatabase('Google Workspace: real Google refuses pushes nobody could see', (kind) => {
  let t: TestApp;
  let realGmail: FastifyInstance;
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  const account = makeTestServiceAccount(DOMAIN);
  const call = apiCaller(() => t.app);
  beforeAll(async () => {
    google = await startGoogleStandIn({
      people: [
        standInPerson(DOMAIN, 'ada', 'Ada Admin', { isAdmin: true }),
        standInPerson(DOMAIN, 'ben', 'Ben Carter'),
      ],
    });
    await google.state.grant(account.client);
    // Connecting checks Gmail too (sendAs.list), which Google's own Gmail cannot answer from here: an
    // app with every URL at the stand-in connects, and a second app on the same database, whose
    // Gmail is Google's own (GOOGLE_GMAIL_API_URL unset), is asked to push.
    const urls = {
      GOOGLE_TOKEN_URL: google.endpoints.tokenUrl,
      GOOGLE_DIRECTORY_API_URL: google.endpoints.directoryApiUrl,
    };
    t = await buildTestApp(kind, { ...urls, GOOGLE_GMAIL_API_URL: google.endpoints.gmailApiUrl });
    realGmail = await buildApp(loadTestConfig(t.dataDir, urls), {
      database: t.database,
      clientDir: false,
      logger: false,
    });
  }, 60_000);
  afterAll(async () => {
    await realGmail?.close();
    await t?.close();
    await google?.close();
  });

  it('a push to Google’s Gmail while PUBLIC_URL is http on localhost is refused with words; nothing reaches Gmail', async () => {
    const owner = await signUpUser(t.app, { name: 'Olivia Owner' });
    const connected = await call('POST', '/api/workspace/connection', owner.cookie, {
      keyJson: account.keyJson,
      adminEmail: at('ada'),
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const push = await realGmail.inject({
      method: 'POST',
      url: '/api/workspace/push',
      headers: { cookie: owner.cookie },
      payload: { target: { kind: 'all' } },
    });
    expect(push.statusCode).toBe(409);
    expect(push.json().error).toMatch(
      /^Not pushed: every image in these signatures would be broken in every mailbox\./,
    );
    expect(push.json().error).toContain('PUBLIC_URL');
    expect(google.state.totalPatches()).toBe(0);
    // The domain is connected to one organization at a time (decision 0141): free it for the next test.
    expect((await call('DELETE', '/api/workspace/connection', owner.cookie)).statusCode).toBe(200);
  });

  it(`checks keys at most ${GOOGLE_LIMITS.signPerOrganization.limit} times an hour per organization`, async () => {
    const owner = await signUpUser(t.app, { name: 'Olivia Owner' });
    for (let i = 0; i < GOOGLE_LIMITS.signPerOrganization.limit; i += 1) {
      const res = await call('POST', '/api/workspace/connection', owner.cookie, {
        keyJson: '{}',
        adminEmail: at('ada'),
      });
      expect(res.statusCode).toBe(400);
    }
    const refused = await call('POST', '/api/workspace/connection', owner.cookie, {
      keyJson: account.keyJson,
      adminEmail: at('ada'),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/checked a service account key with Google 30 times in the last hour/);
  });
});

describe('which pushes real Google allows', () => {
  const settings = (publicUrl: string, customGmailApi: boolean) =>
    createRealGoogle({
      publicUrl,
      google: {
        mode: 'google',
        reason: 'test',
        endpoints: { tokenUrl: 'https://t', gmailApiUrl: 'https://g', directoryApiUrl: 'https://d' },
        customGmailApi,
        operatorKeyJson: undefined,
        keySecret: undefined,
      },
    });
  it('Google’s Gmail: only with an https PUBLIC_URL on a public host; a custom Gmail API is exempt', () => {
    expect(settings('https://signatures.example.com', false).pushRefusal()).toBeNull();
    expect(settings('http://signatures.example.com', false).pushRefusal()).toMatch(/plain http/);
    expect(settings('https://10.0.0.5', false).pushRefusal()).toMatch(/only this computer or its network/);
    expect(settings('http://localhost:5000', true).pushRefusal()).toBeNull();
  });
});

describe('service account keys', () => {
  const keyWith = (modulusLength: number) =>
    JSON.stringify({
      type: 'service_account',
      client_email: 'sa@project.iam.gserviceaccount.com',
      client_id: '123456789012345678901',
      private_key: generateKeyPairSync('rsa', { modulusLength })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    });
  it('RSA keys of 2048 to 4096 bits only', () => {
    expect(parseServiceAccountKey(keyWith(2048)).clientId).toBe('123456789012345678901');
    expect(() => parseServiceAccountKey(keyWith(1024))).toThrow(
      /a 1024-bit RSA key; Google's keys are 2048 to 4096 bits/,
    );
    expect(() => parseServiceAccountKey(keyWith(4608))).toThrow(/a 4608-bit RSA key/);
  }, 60_000);
});
