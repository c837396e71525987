import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  workspaceConnection,
  workspacePeople,
  workspacePushLog,
  workspaceTemplate,
} from '../../db/schema/workspace.schema';
import { workspacePushItem } from '../../db/schema/workspace-push.schema';
import { makeTestServiceAccount } from '../../google/google-stand-in-token';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { apiCaller, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import { signUpPerson, type Person } from '../../../test-support/team-world';
import { until } from '../../../test-support/until';
import {
  standInPerson,
  startWorkspaceWorld,
  type WorkspaceWorld,
  TEST_TEMPLATE_DESIGN,
} from '../../../test-support/workspace-world';
import type { WorkspaceOverview } from '../../../shared/api/workspace';
import { DELETE_ORGANIZATION_PHRASE } from '../../../shared/validation/account-schemas';
import { DAILY_QUEUE, PUSH_QUEUE, SYNC_QUEUE, type PushJob, type SyncJob } from './workspace-context';

/**
 * Deleting the organization, or the account that takes it with it, disconnects Google Workspace:
 * the stored key, the template, the directory copy and the push log go, and no schedule, sync or
 * push reaches Google for it afterwards (docs/decisions/0135). Against the Google stand-in over real
 * HTTP, on both databases.
 */
const A = 'endings-a.test';
const B = 'endings-b.test';
const PEOPLE: StandInPerson[] = [
  standInPerson(A, 'ada', 'Ada Admin', { isAdmin: true }),
  standInPerson(A, 'ben', 'Ben Member'),
  standInPerson(B, 'bea', 'Bea Admin', { isAdmin: true }),
  standInPerson(B, 'bob', 'Bob Person'),
];
const TEMPLATE = {
  template: {
    design: TEST_TEMPLATE_DESIGN,
    company: 'Endings Inc',
    website: 'https://endings.example',
    address: '',
    photoUrl: '',
    socialLinks: {},
  },
  editableFields: ['mobile'],
};

describeEachDatabase('Google Workspace: deleting the organization disconnects it', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let google: WorkspaceWorld['google'];
  let owner: Person;
  let solo: Person;
  const call = apiCaller(() => t.app);
  const overviewOf = async (who: Person) =>
    (await call('GET', '/api/workspace', who.cookie)).json() as WorkspaceOverview;

  /** How many rows each Workspace table holds for the organization. */
  async function rowsOf(organizationId: string) {
    const db = t.database.db;
    const n = async (table: typeof workspaceConnection | typeof workspacePeople) =>
      (await db.select({ n: count() }).from(table).where(eq(table.organizationId, organizationId)))[0]!.n;
    return {
      connection: await n(workspaceConnection),
      people: await n(workspacePeople),
      template: (
        await db
          .select({ n: count() })
          .from(workspaceTemplate)
          .where(eq(workspaceTemplate.organizationId, organizationId))
      )[0]!.n,
      audit: (
        await db
          .select({ n: count() })
          .from(workspacePushLog)
          .where(eq(workspacePushLog.organizationId, organizationId))
      )[0]!.n,
      // Each push's people with what Gmail held before it (docs/decisions/0138).
      pushItems: (
        await db
          .select({ n: count() })
          .from(workspacePushItem)
          .where(eq(workspacePushItem.organizationId, organizationId))
      )[0]!.n,
    };
  }

  /** Connects `who`'s organization with the key and admin, saves a template, syncs and pushes everyone. */
  async function connectAndPush(who: Person, adminEmail: string, keyJson: string) {
    const connect = await call('POST', '/api/workspace/connection', who.cookie, { keyJson, adminEmail });
    expect(connect.statusCode, connect.body).toBe(200);
    expect((await call('PUT', '/api/workspace/template', who.cookie, TEMPLATE)).statusCode).toBe(200);
    expect((await call('POST', '/api/workspace/sync', who.cookie)).statusCode).toBe(202);
    await until(
      () => overviewOf(who),
      (o) => o.people.length === 2,
      'the sync',
    );
    const push = await call('POST', '/api/workspace/push', who.cookie, { target: { kind: 'all' } });
    expect(push.statusCode, push.body).toBeLessThan(300);
    await until(
      () => overviewOf(who),
      (o) => o.people.every((p) => p.pushStatus === 'pushed') && o.audit.length >= 2,
      'the push',
    );
  }

  /** Waits until no Workspace job waits or runs. */
  async function jobsIdle() {
    const jobs = t.app.services.jobs;
    await until(
      async () => {
        const depths = await Promise.all([PUSH_QUEUE, SYNC_QUEUE, DAILY_QUEUE].map((q) => jobs.stats(q)));
        return depths.every((d) => d.depth === 0) && jobs.running() === 0;
      },
      (idle) => idle,
      'the jobs to finish',
    );
  }

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, A, PEOPLE, { name: 'Ben Member', email: `ben@${A}` });
    ({ t, google, owner } = world);
    await connectAndPush(owner, `ada@${A}`, world.account.keyJson);
    solo = await signUpPerson(t, 'Sol Alone');
    const accountB = makeTestServiceAccount(B);
    await google.state.grant(accountB.client);
    await connectAndPush(solo, `bea@${B}`, accountB.keyJson);
  }, 240_000);
  afterAll(async () => world?.close());

  it("deleting the account that owns an organization alone removes its Workspace rows, and nobody else's", async () => {
    expect(await rowsOf(solo.organizationId)).toEqual({
      connection: 1,
      people: 2,
      template: 1,
      audit: 2,
      pushItems: 2,
    });
    const before = await rowsOf(owner.organizationId);
    const res = await call('POST', '/api/account/delete', solo.cookie, {
      confirmation: 'DELETE MY ACCOUNT',
      password: solo.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(solo.organizationId)).toEqual({
      connection: 0,
      people: 0,
      template: 0,
      audit: 0,
      pushItems: 0,
    });
    expect(await rowsOf(owner.organizationId)).toEqual(before);
  });

  it('deleting the organization removes the key, template, directory copy and push log; no job reaches Google for it', async () => {
    expect(await rowsOf(owner.organizationId)).toMatchObject({ connection: 1, people: 2, template: 1, pushItems: 2 });
    const res = await call('POST', '/api/organization/delete', owner.cookie, {
      confirmation: DELETE_ORGANIZATION_PHRASE,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(owner.organizationId)).toEqual({
      connection: 0,
      people: 0,
      template: 0,
      audit: 0,
      pushItems: 0,
    });
    expect((await overviewOf(owner)).connection).toBeNull();

    // Jobs queued before the deletion (a push, a sync of each organization) and the daily schedule.
    const calls = () => Object.values(google.state.counters.requests).reduce((a, b) => a + b, 0);
    const callsBefore = calls();
    const jobs = t.app.services.jobs;
    const push: PushJob = {
      organizationId: owner.organizationId,
      email: `ben@${A}`,
      actor: 'Schedule',
      actorUserId: null,
    };
    await jobs.send<PushJob>(PUSH_QUEUE, push);
    for (const organizationId of [owner.organizationId, solo.organizationId])
      await jobs.send<SyncJob>(SYNC_QUEUE, { organizationId, actor: 'Schedule' });
    await jobs.send(DAILY_QUEUE, {});
    await jobsIdle();
    expect(calls()).toBe(callsBefore);
    expect(await rowsOf(owner.organizationId)).toEqual({
      connection: 0,
      people: 0,
      template: 0,
      audit: 0,
      pushItems: 0,
    });
    expect(await rowsOf(solo.organizationId)).toEqual({
      connection: 0,
      people: 0,
      template: 0,
      audit: 0,
      pushItems: 0,
    });
  });
});
