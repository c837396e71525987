import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { apiCaller, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import { signUpPerson, type Person } from '../../../test-support/team-world';
import { until } from '../../../test-support/until';
import {
  connectAndSync,
  standInPerson,
  startWorkspaceWorld,
  type WorkspaceWorld,
} from '../../../test-support/workspace-world';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import type { WorkspaceOverview } from '../../../shared/api/workspace';

/**
 * "Also write the organization signature to every accepted alias" (docs/decisions/0142), against
 * the Google stand-in on both databases: off, aliases without a "Used for" signature are left alone;
 * on, each accepted alias gets the organization signature with the alias as its address; a pending
 * alias never; a person's own "Used for" signature still wins on its alias.
 */
const DOMAIN = 'aliases-gws.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { orgUnitPath: '/', isAdmin: true }),
  standInPerson(DOMAIN, 'mia', 'Mia Moreno', {
    title: 'Sales Lead',
    orgUnitPath: '/',
    aliases: [at('ventas'), at('press')],
    pendingAliases: [at('unverified')],
  }),
  standInPerson(DOMAIN, 'noah', 'Noah Nobody', { title: 'Support', orgUnitPath: '/', aliases: [at('help')] }),
];

describeEachDatabase('Google Workspace: the organization signature on every accepted alias', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let owner: Person;
  let mia: Person;
  const call = apiCaller(() => t.app);
  const overview = async () => (await call('GET', '/api/workspace', owner.cookie)).json() as WorkspaceOverview;
  const settled = (o: WorkspaceOverview) => o.people.length > 0 && o.people.every((p) => p.pushStatus !== 'pending');
  const patches = (local: string) => world.google.state.patchesFor(at(local));
  const stored = (local: string) => world.google.state.storedSignature(at(local));

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Mia Moreno', email: at('mia') });
    ({ t, owner, member: mia } = world);
    const own = await call('POST', '/api/signatures', mia.cookie, {
      ...createEmptySignature({ name: 'Mia M.', email: at('mia'), mobile: '+34 600 000 000' }),
      label: 'Español',
      sendAsEmail: at('ventas'),
    });
    expect(own.statusCode, own.body).toBe(201);
    await connectAndSync(world, at('ada'), 3);
  }, 60_000);
  afterAll(async () => world?.close());

  it('off (the default): only addresses a signature is "Used for" are written', async () => {
    expect((await overview()).connection?.writeAliases).toBe(false);
    const res = await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'all' } });
    expect(res.statusCode, res.body).toBe(200);
    await until(overview, (v) => settled(v) && v.people.every((p) => p.pushStatus === 'pushed'), 'the push');
    expect([patches('mia'), patches('ventas'), patches('noah')]).toEqual([1, 1, 1]);
    expect([patches('press'), patches('help'), patches('unverified')]).toEqual([0, 0, 0]);
  });

  it('a member may not change it, and another organization cannot reach this one', async () => {
    const refused = await call('PUT', '/api/workspace/aliases', mia.cookie, { writeAliases: true });
    expect(refused.statusCode).toBe(403);
    const stranger = await signUpPerson(t, 'Sam Stranger');
    const elsewhere = await call('PUT', '/api/workspace/aliases', stranger.cookie, { writeAliases: true });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error).toMatch(/not connected/);
    const bad = await call('PUT', '/api/workspace/aliases', owner.cookie, { writeAliases: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await overview()).connection?.writeAliases).toBe(false);
    expect(patches('press')).toBe(0);
  });

  it('on: every accepted alias gets the organization signature with the alias in its e-mail line; pending ones never', async () => {
    const res = await call('PUT', '/api/workspace/aliases', owner.cookie, { writeAliases: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ writeAliases: true, repushQueued: 3 });
    const o = await until(
      overview,
      (v) => settled(v) && patches('press') === 1 && patches('help') === 1,
      'the aliases pushed',
    );
    expect(o.connection?.writeAliases).toBe(true);
    const press = (await stored('press'))!;
    expect(press).toContain(`mailto:${at('press')}`);
    expect(press).toContain('Mia Moreno');
    expect(press).not.toContain(`mailto:${at('mia')}`);
    expect(await stored('help')).toContain(`mailto:${at('help')}`);
    // Her own signature still holds its alias; the primaries were already up to date.
    expect(await stored('ventas')).toContain('+34 600 000 000');
    expect([patches('mia'), patches('ventas'), patches('noah')]).toEqual([1, 1, 1]);
    expect(patches('unverified')).toBe(0);
    const miaRow = o.people.find((p) => p.email === at('mia'))!;
    expect(miaRow.addresses.map((a) => [a.sendAsEmail, a.status])).toEqual([
      [at('mia'), 'pushed'],
      [at('press'), 'pushed'],
      [at('ventas'), 'pushed'],
    ]);
  });

  it('turning it on twice queues nothing; off again leaves what Gmail holds and drops the aliases from the statuses', async () => {
    const again = await call('PUT', '/api/workspace/aliases', owner.cookie, { writeAliases: true });
    expect(again.json()).toEqual({ writeAliases: true, repushQueued: 0 });
    const off = await call('PUT', '/api/workspace/aliases', owner.cookie, { writeAliases: false });
    expect(off.json()).toMatchObject({ writeAliases: false });
    const o = await until(
      overview,
      (v) =>
        settled(v) &&
        !v.people.find((p) => p.email === at('mia'))!.addresses.some((a) => a.sendAsEmail === at('press')),
      'the statuses without the aliases',
    );
    expect(o.connection?.writeAliases).toBe(false);
    expect([patches('press'), patches('help')]).toEqual([1, 1]);
    expect(await stored('press')).toContain(`mailto:${at('press')}`);
  });
});
