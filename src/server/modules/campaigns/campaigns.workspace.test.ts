import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { campaignBody, minutesFromNow, uploadBanner } from '../../../test-support/campaigns';
import { workspacePushLog } from '../../db/schema/workspace.schema';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import { until } from '../../../test-support/until';
import {
  connectAndSync,
  standInPerson,
  startWorkspaceWorld,
  type WorkspaceWorld,
} from '../../../test-support/workspace-world';
import type { WorkspaceOverview } from '../../../shared/api/workspace';

/**
 * A campaign against the Google stand-in (real HTTP), with two apps (two job runners, as two
 * processes are) on one database, both databases: the banner reaches every pushed person's Gmail at
 * its start and leaves at its end, on time, each person patched once at each edge.
 */
const DOMAIN = 'campaigns-gws.test';
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { isAdmin: true }),
  standInPerson(DOMAIN, 'ben', 'Ben Member'),
  standInPerson(DOMAIN, 'cy', 'Cy Colleague'),
  standInPerson(DOMAIN, 'di', 'Di Designer'),
];
const emails = PEOPLE.map((p) => p.primaryEmail);

describeEachDatabase('Campaigns: the push adds the banner at the start and takes it out at the end', (kind) => {
  let world: WorkspaceWorld;
  let second: FastifyInstance;
  const call = apiCaller(() => world.t.app);
  const overview = async () => (await call('GET', '/api/workspace', world.owner.cookie)).json() as WorkspaceOverview;
  const patches = () => emails.map((e) => world.google.state.patchesFor(e));
  const stored = () => Promise.all(emails.map(async (e) => (await world.google.state.storedSignature(e)) ?? ''));

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Ben Member', email: `ben@${DOMAIN}` });
    await connectAndSync(world, `ada@${DOMAIN}`, PEOPLE.length);
    const push = await call('POST', '/api/workspace/push', world.owner.cookie, { target: { kind: 'all' } });
    expect(push.statusCode, push.body).toBe(200);
    await until(overview, (o) => o.people.every((p) => p.pushStatus === 'pushed'), 'the first push');
    // A second app on the same database: its own jobs runner, as a second process has.
    second = await buildApp(world.t.config, { database: world.t.database, clientDir: false, logger: false });
    await second.ready();
  }, 240_000);
  afterAll(async () => {
    await second?.close();
    await world?.close();
  });

  it('appears at the start and disappears at the end, once per person, across two runners', async () => {
    const banner = await uploadBanner(world.t, world.owner.cookie);
    const before = patches();
    const startsAt = new Date(Math.ceil((Date.now() + 5_000) / 1000) * 1000);
    const endsAt = new Date(startsAt.getTime() + 8_000);
    const res = await call('POST', '/api/campaigns', world.owner.cookie, campaignBody(banner, startsAt, endsAt));
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored()).not.toEqual(expect.arrayContaining([expect.stringContaining(banner)]));

    await until(stored, (all) => all.every((html) => html.includes(banner)), 'the banner in every Gmail', 120_000);
    const appeared = Date.now();
    expect(appeared).toBeGreaterThanOrEqual(startsAt.getTime());
    expect(appeared - startsAt.getTime()).toBeLessThan(8_000);
    expect(patches().map((n, i) => n - before[i]!)).toEqual(emails.map(() => 1));

    await until(stored, (all) => all.every((html) => !html.includes(banner)), 'the banner gone', 180_000);
    const gone = Date.now();
    expect(gone).toBeGreaterThanOrEqual(endsAt.getTime());
    expect(gone - endsAt.getTime()).toBeLessThan(10_000);
    // Time for a second run of an edge to show, if one were going to happen.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(patches().map((n, i) => n - before[i]!)).toEqual(emails.map(() => 2));
    const log = (await overview()).people.map((p) => p.pushStatus);
    expect(log.every((s) => s === 'pushed')).toBe(true);
  }, 300_000);

  it('a change to a running campaign reaches Gmail once, and so does ending it now (decision 0235)', async () => {
    const banner = await uploadBanner(world.t, world.owner.cookie);
    const logOf = async (actor: string) =>
      (await world.t.database.db.select().from(workspacePushLog)).filter((r) => r.actor === actor).length;
    const body = (from: number, altText: string) =>
      campaignBody(banner, minutesFromNow(from), minutesFromNow(60), { altText });
    const res = await call('POST', '/api/campaigns', world.owner.cookie, body(-1, 'Before the change'));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    await until(stored, (all) => all.every((html) => html.includes('Before the change')), 'the start', 120_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const [starts, ends, before] = [await logOf('Campaign start'), await logOf('Campaign end'), patches()];

    // The start moved earlier too: an edge already behind us, which the change's own push covers.
    const edit = await call('PUT', `/api/campaigns/${id}`, world.owner.cookie, body(-2, 'After the change'));
    expect(edit.statusCode, edit.body).toBe(200);
    await until(stored, (all) => all.every((html) => html.includes('After the change')), 'the change', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(patches().map((n, i) => n - before[i]!)).toEqual(emails.map(() => 1));
    expect(await logOf('Campaign change')).toBe(emails.length);
    expect(await logOf('Campaign start')).toBe(starts);

    const afterEdit = patches();
    const end = await call('POST', `/api/campaigns/${id}/end`, world.owner.cookie);
    expect(end.statusCode, end.body).toBe(200);
    await until(stored, (all) => all.every((html) => !html.includes(banner)), 'the end', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(patches().map((n, i) => n - afterEdit[i]!)).toEqual(emails.map(() => 1));
    expect(await logOf('Campaign ended')).toBe(emails.length);
    expect(await logOf('Campaign end')).toBe(ends);
  }, 300_000);
});
