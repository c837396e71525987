import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestServiceAccount } from '../../google/google-stand-in-token';
import { GOOGLE_ENDPOINTS } from '../../google/workspace-client';
import { freePort } from '../../../test-support/free-port';
import {
  apiCaller,
  buildTestApp,
  describeEachDatabase,
  signUpUser,
  type TestApp,
} from '../../../test-support/test-app';

/**
 * A production start-up names no Google setting: the module must talk to Google's own addresses
 * (decision 0140), and when those cannot be reached the admin reads that, quickly, never that their
 * key was deleted (nothing reached Google to say so).
 */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://signatures.example.com' };
const account = makeTestServiceAccount('acme-unreachable.test');
const KEY_WORDS = /no longer accepts|deleted|replaced|new JSON key/i;

describe('production start-up with no GOOGLE_* setting', () => {
  let t: TestApp;
  const call = apiCaller(() => t.app);
  beforeAll(async () => {
    t = await buildTestApp('pglite', PRODUCTION);
  }, 60_000);
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  it('asks Google’s real token URL, and a network that never reaches it reads "could not reach Google"', async () => {
    expect(t.config.google).toMatchObject({ mode: 'google', reason: 'the default', endpoints: GOOGLE_ENDPOINTS });
    expect(t.app.services.googleTestMode).toBeUndefined();
    const owner = await signUpUser(t.app, { name: 'Olivia Owner' });
    // The network as a machine without a route to Google answers it (undici's own failure).
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      asked.push(String(input));
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }),
      });
    });
    const res = await call('POST', '/api/workspace/connection', owner.cookie, {
      keyJson: account.keyJson,
      adminEmail: 'ada@acme-unreachable.test',
    });
    vi.restoreAllMocks();
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set([GOOGLE_ENDPOINTS.tokenUrl]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'We could not reach Google (oauth2.googleapis.com): the address does not resolve (DNS). Nothing was changed.',
    );
    expect(res.json().error).not.toMatch(KEY_WORDS);
  });
});

describeEachDatabase('Google at an address nothing answers on', (kind) => {
  let t: TestApp;
  const call = apiCaller(() => t.app);
  beforeAll(async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    t = await buildTestApp(kind, {
      ...PRODUCTION,
      GOOGLE_TOKEN_URL: `${nobody}/token`,
      GOOGLE_GMAIL_API_URL: nobody,
      GOOGLE_DIRECTORY_API_URL: nobody,
    });
  }, 60_000);
  afterAll(async () => t?.close());

  it('Connect answers "could not reach Google" within seconds (one short retry, not a minute of backoff); nothing is saved', async () => {
    const owner = await signUpUser(t.app, { name: 'Olivia Owner' });
    const started = Date.now();
    const res = await call('POST', '/api/workspace/connection', owner.cookie, {
      keyJson: account.keyJson,
      adminEmail: 'ada@acme-unreachable.test',
    });
    const seconds = (Date.now() - started) / 1000;
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^We could not reach Google \(127\.0\.0\.1:\d+\): the connection was refused\./);
    expect(res.json().error).not.toMatch(KEY_WORDS);
    expect(seconds).toBeLessThan(3);
    const state = await call('GET', '/api/workspace', owner.cookie);
    expect(state.json().connection).toBeNull();
  });
});
