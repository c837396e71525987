import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { organization } from '../../src/server/db/schema/auth.schema';
import { makeTestServiceAccount } from '../../src/server/google/google-stand-in-token';
import { startGoogleStandIn } from '../../src/test-support/google-stand-in-harness';
import { directoryPeople } from './directory-people';

const LATENCY_MS = 50;

/** The app on PGlite pointed at a new stand-in of `domain` with `count` people, and a signed-up owner. */
export async function signedUpOwner(domain: string, count: number) {
  const google = await startGoogleStandIn({ people: directoryPeople(domain, count), latencyMs: LATENCY_MS });
  const account = makeTestServiceAccount(domain);
  await google.state.grant(account.client);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-bench-ws-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:5000',
    GOOGLE_TOKEN_URL: google.endpoints.tokenUrl,
    GOOGLE_GMAIL_API_URL: google.endpoints.gmailApiUrl,
    GOOGLE_DIRECTORY_API_URL: google.endpoints.directoryApiUrl,
  });
  const app = await buildApp(config, { logger: false, clientDir: false });
  await app.ready();
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: `owner@${domain}`, password: 'A long password 1', name: 'Olivia Owner', termsAccepted: true },
  });
  const cookie = [signup.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    app,
    google,
    account,
    cookie,
    call,
    async close() {
      await app.close();
      await google.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The same, with Workspace connected, seats for everyone and the directory synced. */
export async function workspaceWorld(
  domain: string,
  count: number,
  until: (check: () => Promise<boolean>, what: string) => Promise<void>,
) {
  const w = await signedUpOwner(domain, count);
  // A push covers the seats paid for (docs/decisions/0137): the trial's 10 would leave the rest out.
  await w.app.services.database.db.update(organization).set({ seats: count });
  await w.call('POST', '/api/workspace/connection', { keyJson: w.account.keyJson, adminEmail: `ada@${domain}` });
  await w.call('POST', '/api/workspace/sync');
  const statuses = async () =>
    ((await w.call('GET', '/api/workspace')).json() as { people: { pushStatus: string }[] }).people;
  await until(async () => (await statuses()).length === count, 'the sync');
  return { ...w, statuses };
}
