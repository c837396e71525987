import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { workspacePeople } from '../../db/schema/workspace.schema';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { apiCaller, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import type { Person } from '../../../test-support/team-world';
import { until } from '../../../test-support/until';
import { standInPerson, startWorkspaceWorld, type WorkspaceWorld } from '../../../test-support/workspace-world';
import type { WorkspaceOverview } from '../../../shared/api/workspace';

/**
 * Sync never loses people (docs/decisions/0132): missing people are marked gone and kept with their
 * edits, restored when they return; a sync that would remove more than 10% (or everyone) waits for an
 * admin's confirmation. Against the Google stand-in over real HTTP, on both databases.
 */
const DOMAIN = 'gone-gws.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const NAMES = ['bo', 'cy', 'di', 'ed', 'fa', 'gi', 'hu', 'io', 'jo', 'ka'];
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { isAdmin: true }),
  ...NAMES.map((n) => standInPerson(DOMAIN, n, `${n.toUpperCase()} Person`, { title: 'Staff' })),
];

describeEachDatabase('Google Workspace: sync never loses people', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let google: WorkspaceWorld['google'];
  let owner: Person;
  const call = apiCaller(() => t.app);
  const overview = async () => (await call('GET', '/api/workspace', owner.cookie)).json() as WorkspaceOverview;
  const gone = (o: WorkspaceOverview) =>
    o.people
      .filter((p) => p.goneAt)
      .map((p) => p.email)
      .sort();
  const set = (local: string, more: Partial<StandInPerson>) =>
    google.state.addPeople([{ ...PEOPLE.find((p) => p.primaryEmail === at(local))!, ...more }]);
  /** Asks for a sync and waits for its result line to change. */
  const sync = async (path = '/api/workspace/sync', body?: object) => {
    const before = (await overview()).connection!.lastSyncAt;
    const res = await call('POST', path, owner.cookie, body);
    expect(res.statusCode, res.body).toBe(202);
    return until(overview, (o) => o.connection!.lastSyncAt !== before, 'the sync');
  };

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Bo Person', email: at('bo') });
    ({ t, google, owner } = world);
    const connect = await call('POST', '/api/workspace/connection', owner.cookie, {
      keyJson: world.account.keyJson,
      adminEmail: at('ada'),
    });
    expect(connect.statusCode, connect.body).toBe(200);
    const o = await sync();
    expect(o.people).toHaveLength(11);
  }, 240_000);
  afterAll(async () => world?.close());

  it('one person missing (under 10%) is marked gone, kept with their edits, never pushed, and restored when back', async () => {
    const [cy] = await t.database.db
      .select()
      .from(workspacePeople)
      .where(eq(workspacePeople.email, at('cy')));
    await t.database.db
      .update(workspacePeople)
      .set({ overrides: { mobile: '+1 555 4242' } })
      .where(eq(workspacePeople.id, cy!.id));
    await set('cy', { suspended: true });
    let o = await sync();
    expect(o.connection!.lastSyncOk).toBe(true);
    expect(gone(o)).toEqual([at('cy')]);
    expect(o.connection!.lastSyncResult).toMatch(/1 removed/);
    // A push to everyone leaves the gone person out.
    const dry = await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'all' }, dryRun: true });
    expect((dry.json().people as { email: string }[]).map((e) => e.email)).not.toContain(at('cy'));

    await set('cy', { suspended: false });
    o = await sync();
    expect(gone(o)).toEqual([]);
    expect(o.connection!.lastSyncResult).toMatch(/1 back/);
    const [back] = await t.database.db.select().from(workspacePeople).where(eq(workspacePeople.id, cy!.id));
    expect(back!.overrides).toEqual({ mobile: '+1 555 4242' });
  });

  it('archived users are left out like suspended ones', async () => {
    await set('di', { archived: true });
    const o = await sync();
    expect(gone(o)).toEqual([at('di')]);
    await set('di', { archived: false });
    expect(gone(await sync())).toEqual([]);
  });

  it('a shrunken directory (3 of 11 missing) stops and lists who would go; nobody is removed until an admin confirms', async () => {
    for (const n of ['ed', 'fa', 'gi']) await set(n, { suspended: true });
    const stopped = await sync();
    expect(stopped.connection!.lastSyncOk).toBe(false);
    expect(stopped.connection!.lastSyncResult).toMatch(/would remove 3 of your 11 people.*Nobody was removed/);
    expect(stopped.connection!.pendingRemoval!.map((p) => p.email)).toEqual([at('ed'), at('fa'), at('gi')]);
    expect(gone(stopped)).toEqual([]);

    // A confirmation that leaves someone out is refused with words.
    const partial = await call('POST', '/api/workspace/sync/confirm', owner.cookie, { emails: [at('ed')] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error).toMatch(/must name everyone/);

    const confirmed = await sync('/api/workspace/sync/confirm', { emails: [at('ed'), at('fa'), at('gi')] });
    expect(confirmed.connection!.lastSyncOk).toBe(true);
    expect(confirmed.connection!.pendingRemoval).toBeNull();
    expect(gone(confirmed)).toEqual([at('ed'), at('fa'), at('gi')]);
    for (const n of ['ed', 'fa', 'gi']) await set(n, { suspended: false });
    expect(gone(await sync())).toEqual([]);
  });

  it('an empty answer (only the admin left) removes nobody without confirmation', async () => {
    for (const n of NAMES) await set(n, { suspended: true });
    await set('ada', { suspended: false });
    const stopped = await sync();
    expect(stopped.connection!.lastSyncOk).toBe(false);
    expect(stopped.connection!.pendingRemoval).toHaveLength(10);
    expect(gone(stopped)).toEqual([]);
    for (const n of NAMES) await set(n, { suspended: false });
    const o = await sync();
    expect(o.connection!.pendingRemoval).toBeNull();
    expect(gone(o)).toEqual([]);
  });

  it('a person gone for more than 30 days is deleted at the next sync', async () => {
    await set('hu', { suspended: true });
    expect(gone(await sync())).toEqual([at('hu')]);
    await t.database.db
      .update(workspacePeople)
      .set({ goneAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(workspacePeople.email, at('hu')));
    const o = await sync();
    expect(o.people.map((p) => p.email)).not.toContain(at('hu'));
    expect(gone(o)).toEqual([]);
  });
});
