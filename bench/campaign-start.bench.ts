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
import { performance } from 'node:perf_hooks';
import { directoryPeople, waitUntil } from './support/directory-people';
import { workspaceWorld } from './support/workspace-world';
import { campaignBody, uploadBanner } from '../src/test-support/campaigns';

const PEOPLE = Number(process.env.PEOPLE ?? 1000);
const LATENCY_MS = 50;
const DOMAIN = 'bench-campaign.example';
/** Time for the campaign's save and its jobs to be queued before its start. */
const LEAD_MS = 10_000;

const until = (check: () => Promise<boolean>, what: string) => waitUntil(check, what, 900_000);

async function main() {
  const w = await workspaceWorld(DOMAIN, PEOPLE, until);
  const { app, google, cookie, call, statuses } = w;
  try {
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
    const emails = directoryPeople(DOMAIN, PEOPLE).map((p) => p.primaryEmail);
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
    await w.close();
  }
}

await main();
