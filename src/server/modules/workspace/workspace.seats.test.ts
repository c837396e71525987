import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { apiCaller, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import type { Person } from '../../../test-support/team-world';
import { until } from '../../../test-support/until';
import {
  standInPerson,
  startWorkspaceWorld,
  type WorkspaceWorld,
  TEST_TEMPLATE_DESIGN,
} from '../../../test-support/workspace-world';
import type { WorkspaceOverview } from '../../../shared/api/workspace';

/**
 * A push covers at most the seats paid for (docs/decisions/0137): on the 10-seat trial, 12 people
 * in the directory give 10 pushed and 2 "no seat", the admin is told to add 2 seats, and no later
 * push (a template change) reaches the two. Against the Google stand-in over real HTTP, on both databases.
 */
const DOMAIN = 'seats-gws.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const LOCALS = Array.from({ length: 11 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { isAdmin: true }),
  ...LOCALS.map((l) => standInPerson(DOMAIN, l, `${l.toUpperCase()} Person`)),
];
const BEYOND = [at('p10'), at('p11')];

describeEachDatabase('Google Workspace: a push covers the seats paid for', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let google: WorkspaceWorld['google'];
  let owner: Person;
  const call = apiCaller(() => t.app);
  const overview = async () => (await call('GET', '/api/workspace', owner.cookie)).json() as WorkspaceOverview;
  const statuses = (o: WorkspaceOverview) => Object.fromEntries(o.people.map((p) => [p.email, p.pushStatus]));

  beforeAll(async () => {
    // The trial's own 10 seats, none bought.
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'P01 Person', email: at('p01') }, { seats: 1 });
    ({ t, google, owner } = world);
    const connect = await call('POST', '/api/workspace/connection', owner.cookie, {
      keyJson: world.account.keyJson,
      adminEmail: at('ada'),
    });
    expect(connect.statusCode, connect.body).toBe(200);
    expect((await call('POST', '/api/workspace/sync', owner.cookie)).statusCode).toBe(202);
    await until(overview, (o) => o.people.length === 12, 'the sync');
  }, 240_000);
  afterAll(async () => world?.close());

  it('12 people on the 10-seat trial: 10 pushed, 2 "no seat", and the admin told to add 2 seats', async () => {
    const res = await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'all' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, queued: 10, noSeat: 2, seatsToAdd: 2 });
    expect(res.json().message).toBe(
      '2 people got no seat: your plan covers 10 people. Add 2 seats in Plan & Billing to push them.',
    );
    const o = await until(overview, (v) => v.people.filter((p) => p.pushStatus === 'pushed').length === 10, 'the push');
    const s = statuses(o);
    for (const email of BEYOND) expect(s[email]).toBe('no seat');
    expect(Object.values(s).filter((v) => v === 'pushed')).toHaveLength(10);
    expect(o.people.find((p) => p.email === BEYOND[0])!.pushError).toMatch(/^No seat: all 10 seats/);
    for (const email of BEYOND) {
      expect(google.state.patchesFor(email)).toBe(0);
      expect(await google.state.storedSignature(email)).toBeFalsy();
    }
    expect(await google.state.storedSignature(at('p09'))).toBeTruthy();
  });

  it('a later push by any path (a template change) still leaves the people beyond the seats out', async () => {
    const save = await call('PUT', '/api/workspace/template', owner.cookie, {
      template: {
        design: TEST_TEMPLATE_DESIGN,
        company: 'Seats Inc',
        website: 'https://seats.example',
        address: '',
        photoUrl: '',
        socialLinks: {},
      },
      editableFields: ['mobile'],
    });
    expect(save.statusCode, save.body).toBe(200);
    // Everyone already given a status is queued again, the two without a seat included.
    expect(save.json().repushQueued).toBe(12);
    const o = await until(
      overview,
      (v) =>
        v.audit.filter((a) => a.actor === 'Template change').length === 12 &&
        v.people.every((p) => p.pushStatus !== 'pending'),
      'the template re-push',
    );
    const s = statuses(o);
    for (const email of BEYOND) {
      expect(s[email]).toBe('no seat');
      expect(google.state.patchesFor(email)).toBe(0);
    }
    expect(await google.state.storedSignature(at('p09'))).toContain('Seats Inc');
  });
});
