import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestServiceAccount } from '../../google/google-stand-in-token';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { apiCaller, describeEachDatabase, signUpUser, type TestApp } from '../../../test-support/test-app';
import { until } from '../../../test-support/until';
import { standInPerson, startWorkspaceWorld, type WorkspaceWorld } from '../../../test-support/workspace-world';
import { createOrganizationSlots } from './organization-slots';
import { PUSH_QUEUE } from './workspace.service';

/**
 * One retry layer inside the lease, and turns shared between organizations (docs/decisions/0134):
 * a Retry-After longer than the job's budget reschedules the job for that time instead of sleeping;
 * a large organization's push does not make a small one wait behind it.
 */
const BIG = 'acme-big.test';
const SMALL = 'acme-small.test';
const BIG_PEOPLE = 60;
const people = (domain: string, n: number): StandInPerson[] => [
  standInPerson(domain, 'ada', 'Ada Admin', { isAdmin: true }),
  ...Array.from({ length: n - 1 }, (_, i) => standInPerson(domain, `p${String(i).padStart(2, '0')}`, `Person ${i}`)),
];

describeEachDatabase('Google Workspace: retries within the lease, turns between organizations', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  const call = apiCaller(() => t.app);
  type Overview = { people: { email: string; pushStatus: string; pushError: string | null }[] };
  const overviewOf = (cookie: string) => async () => (await call('GET', '/api/workspace', cookie)).json() as Overview;
  let small: { cookie: string };

  async function connectAndSync(cookie: string, keyJson: string, domain: string, count: number) {
    const connected = await call('POST', '/api/workspace/connection', cookie, { keyJson, adminEmail: `ada@${domain}` });
    expect(connected.statusCode).toBe(200);
    await call('POST', '/api/workspace/sync', cookie);
    await until(overviewOf(cookie), (o) => o.people.length === count, `the sync of ${domain}`);
  }

  beforeAll(async () => {
    world = await startWorkspaceWorld(
      kind,
      BIG,
      people(BIG, BIG_PEOPLE),
      { name: 'Mo Member', email: 'mo@elsewhere.test' },
      { latencyMs: 25 },
    );
    t = world.t;
    await connectAndSync(world.owner.cookie, world.account.keyJson, BIG, BIG_PEOPLE);
    // A second organization, its own domain and key, in the same Google.
    await world.google.state.addPeople(people(SMALL, 3));
    const smallAccount = makeTestServiceAccount(SMALL);
    await world.google.state.grant(smallAccount.client);
    small = await signUpUser(t.app, { name: 'Sam Small' });
    await connectAndSync(small.cookie, smallAccount.keyJson, SMALL, 3);
  }, 180_000);
  afterAll(async () => world?.close());

  it('Retry-After: 300 reschedules the push for then, at once, instead of sleeping in the job', async () => {
    const overview = overviewOf(world.owner.cookie);
    world.google.state.injectFailures('sendAs.list', 1, { status: 429, retryAfterSeconds: 300 });
    const started = Date.now();
    const push = await call('POST', '/api/workspace/push', world.owner.cookie, {
      target: { kind: 'selection', emails: [`ada@${BIG}`] },
    });
    expect(push.json()).toEqual({ dryRun: false, pushId: expect.any(String), queued: 1 });
    const o = await until(
      overview,
      (v) => /^Waiting: /.test(v.people.find((p) => p.email === `ada@${BIG}`)?.pushError ?? ''),
      'the push to be rescheduled',
    );
    expect((Date.now() - started) / 1000).toBeLessThan(15);
    const ada = o.people.find((p) => p.email === `ada@${BIG}`)!;
    expect(ada.pushStatus).toBe('pending');
    expect(ada.pushError).toMatch(
      /^Waiting: Google asked us to wait 5 minutes; this push runs again at \d\d:\d\d UTC\. Google asked us to slow down/,
    );
    const { rows } = await t.database.db.execute<{ wait: number }>(
      sql`select extract(epoch from (start_after - now()))::float8 as wait from pgboss.job
           where name = ${PUSH_QUEUE} and state = 'created' and data->>'email' = ${`ada@${BIG}`}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.wait).toBeGreaterThan(280);
    expect(rows[0]!.wait).toBeLessThanOrEqual(300);
    expect(world.google.state.patchesFor(`ada@${BIG}`)).toBe(0);
  }, 60_000);

  it('a small organization pushing after a large one is served before the large one ends', async () => {
    const big = overviewOf(world.owner.cookie);
    const smallOverview = overviewOf(small.cookie);
    await call('POST', '/api/workspace/push', world.owner.cookie, { target: { kind: 'all' } });
    await call('POST', '/api/workspace/push', small.cookie, { target: { kind: 'all' } });
    await until(smallOverview, (o) => o.people.every((p) => p.pushStatus === 'pushed'), 'the small push', 60_000);
    const bigPushed = (await big()).people.filter((p) => p.pushStatus === 'pushed').length;
    expect(bigPushed).toBeLessThan(BIG_PEOPLE - 10);
    await until(
      big,
      (o) => o.people.filter((p) => p.pushStatus === 'pushed').length >= BIG_PEOPLE - 1,
      'the large push',
      120_000,
    );
  }, 180_000);
});

describe('slots per organization', () => {
  it('at most the cap run at once per organization; the next in line takes a freed slot; others are not held', async () => {
    const slots = createOrganizationSlots(2);
    const a1 = await slots.acquire('a', 1000);
    const a2 = await slots.acquire('a', 1000);
    let a3: (() => void) | null = null;
    const third = slots.acquire('a', 1000).then((release) => (a3 = release));
    const b1 = await slots.acquire('b', 1000);
    expect(b1).not.toBeNull();
    expect(slots.running('a')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(a3).toBeNull();
    a1!();
    a1!(); // a second release of the same slot frees nothing more
    await third;
    expect(a3).not.toBeNull();
    expect(slots.running('a')).toBe(2);
    expect(await slots.acquire('a', 30)).toBeNull();
    a2!();
    a3!();
    b1!();
    expect(slots.running('a')).toBe(0);
    expect(slots.running('b')).toBe(0);
  });
});
