/**
 * A campaign's start budget (docs/decisions/0223): a campaign for everyone starting for 1,000 people
 * whose signatures are already in Gmail is in each of their Gmail signatures within 60 s of its start,
 * through the whole app (jobs runner, PGlite) against the Google stand-in with 50 ms of latency per
 * answer. The anchor, in the same run and the same app: the admin's push to the same 1,000 people
 * ("Push to everyone"), timed from the click to the last signature stored; on a loaded machine the
 * anchor says how much of the figure is the machine's. Prints the seconds from the start's instant to
 * the last banner stored, the patches per person (exactly one each) and the anchor.
 * Run: node --import tsx bench/campaign-start.bench.ts (PEOPLE=… to change the 1,000).
 * Prints figures only; it never fails on timing, since machines differ.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { organization } from '../src/server/db/schema/auth.schema';
import { makeTestServiceAccount } from '../src/server/google/google-stand-in-token';
import { directoryPeople, waitUntil } from './support/directory-people';
import { campaignBody, uploadBanner } from '../src/test-support/campaigns';
import { startGoogleStandIn } from '../src/test-support/google-stand-in-harness';

const PEOPLE = Number(process.env.PEOPLE ?? 1000);
const LATENCY_MS = 50;
const DOMAIN = 'bench-campaign.example';
/** Time for the campaign's save and its jobs to be queued before its start. */
const LEAD_MS = 10_000;

const until = (check: () => Promise<boolean>, what: string) => waitUntil(check, what, 900_000);

async function main() {
  const list = directoryPeople(DOMAIN, PEOPLE);
  const google = await startGoogleStandIn({ people: list, latencyMs: LATENCY_MS });
  const account = makeTestServiceAccount(DOMAIN);
  await google.state.grant(account.client);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-bench-campaign-'));
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
  try {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: `owner@${DOMAIN}`, password: 'A long password 1', name: 'Olivia Owner', termsAccepted: true },
    });
    const cookie = [signup.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    // A push covers the seats paid for (docs/decisions/0137): the trial's 10 would leave the rest out.
    await app.services.database.db.update(organization).set({ seats: PEOPLE });
    await call('POST', '/api/workspace/connection', { keyJson: account.keyJson, adminEmail: `ada@${DOMAIN}` });
    await call('POST', '/api/workspace/sync');
    const statuses = async () =>
      ((await call('GET', '/api/workspace')).json() as { people: { pushStatus: string }[] }).people;
    await until(async () => (await statuses()).length === PEOPLE, 'the sync');

    // The anchor: the admin's push to everyone, from the click to the last signature in Gmail.
    const pushStarted = performance.now();
    await call('POST', '/api/workspace/push', { target: { kind: 'all' } });
    await until(async () => google.state.totalPatches() >= PEOPLE, 'the first push');
    const anchor = (performance.now() - pushStarted) / 1000;
    await until(async () => (await statuses()).every((p) => p.pushStatus === 'pushed'), 'the push recorded');

    const banner = await uploadBanner({ app }, cookie);
    const startsAt = new Date(Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000);
    const endsAt = new Date(startsAt.getTime() + 24 * 3600_000);
    const before = google.state.totalPatches();
    const created = await call('POST', '/api/campaigns', campaignBody(banner, startsAt, endsAt));
    if (created.statusCode !== 201) throw new Error(`campaign: ${created.statusCode} ${created.body}`);
    const emails = list.map((p) => p.primaryEmail);
    await until(async () => google.state.totalPatches() - before >= PEOPLE, 'the banner pushed');
    const lastPatch = Date.now();
    const stored = await Promise.all(emails.map((e) => google.state.storedSignature(e)));
    const withBanner = stored.filter((html) => html?.includes(banner)).length;
    // Time for a second push of the start to show, if one were going to happen.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const perPerson = new Set(emails.map((e) => google.state.patchesFor(e)));
    const seconds = (lastPatch - startsAt.getTime()) / 1000;
    console.log(
      `campaign start for ${PEOPLE} people (stand-in ${LATENCY_MS} ms): last banner in Gmail ${seconds.toFixed(1)} s after its start ` +
        `(budget ≤ 60 s), ${withBanner} of ${PEOPLE} hold it, patches per person over both pushes ${[...perPerson].join('/')} (2 = once each); ` +
        `anchor, same run: the admin's push to the same ${PEOPLE} people ${anchor.toFixed(1)} s`,
    );
  } finally {
    await app.close();
    await google.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
