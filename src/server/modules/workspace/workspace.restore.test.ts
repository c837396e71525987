import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { workspacePushItem } from '../../db/schema/workspace-push.schema';
import { workspacePushLog } from '../../db/schema/workspace.schema';
import { makeTestServiceAccount } from '../../google/google-stand-in-token';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { apiCaller, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import { until } from '../../../test-support/until';
import { signUpPerson, type Person } from '../../../test-support/team-world';
import {
  TEST_TEMPLATE_DESIGN,
  standInPerson,
  startWorkspaceWorld,
  type WorkspaceWorld,
} from '../../../test-support/workspace-world';
import type { DryRunEntry, WorkspaceOverview } from '../../../shared/api/workspace';
import type { PushSummary } from '../../../shared/api/workspace-push';
import { pushSummaryLine } from '../../../shared/workspace/push-words';

/**
 * A push keeps what each person's Gmail held before it; "Restore previous" puts it back for one
 * person or for the whole push (docs/decisions/0138). Against the Google stand-in over real HTTP
 * and the app's own push queue, on both databases.
 */
const DOMAIN = 'restore-gws.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const OTHER = 'other-restore-gws.test';
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { orgUnitPath: '/', isAdmin: true }),
  standInPerson(DOMAIN, 'liam', 'Liam Lopez', { title: 'Sales Rep', orgUnitPath: '/Sales' }),
  standInPerson(DOMAIN, 'noah', 'Noah Nguyen', { title: 'Sales Lead', orgUnitPath: '/Sales' }),
  standInPerson(DOMAIN, 'zoe', 'Zoe Nomail', { orgUnitPath: '/Sales', isMailboxSetup: false }),
  // A second organization's Workspace, in the same Google.
  standInPerson(OTHER, 'max', 'Max Other', { orgUnitPath: '/', isAdmin: true }),
];
/** What each mailbox held before SignaturePro pushed anything. */
const BEFORE: Record<string, string> = {
  [at('ada')]: '<div>Ada, the old way</div>',
  [at('liam')]: '<div>Liam <b>by hand</b> in Gmail</div>',
  [at('noah')]: '<div>Noah — sent from my phone</div>',
};

describeEachDatabase('Google Workspace: previous signatures and "Restore previous"', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let google: WorkspaceWorld['google'];
  let owner: Person;
  let pushId: string;
  const call = apiCaller(() => t.app);
  const overview = async () => (await call('GET', '/api/workspace', owner.cookie)).json() as WorkspaceOverview;
  const summaryOf = async (id: string) => {
    const res = await call('GET', `/api/workspace/pushes/${id}`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PushSummary;
  };
  const settledSummary = (id: string) =>
    until(
      () => summaryOf(id),
      (s) => s.pending === 0,
      `run ${id}`,
    );
  const stored = (local: string) => google.state.storedSignature(at(local));

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Liam Lopez', email: at('liam') });
    ({ t, google, owner } = world);
    for (const [email, html] of Object.entries(BEFORE)) await google.state.store.setSignature(email, email, html);
    const connect = await call('POST', '/api/workspace/connection', owner.cookie, {
      keyJson: world.account.keyJson,
      adminEmail: at('ada'),
    });
    expect(connect.statusCode, connect.body).toBe(200);
    await call('POST', '/api/workspace/sync', owner.cookie);
    await until(overview, (v) => v.people.length === 4, 'the sync');
  }, 60_000);
  afterAll(async () => world?.close());

  it("the dry run shows what each person's Gmail holds now beside what would replace it, and writes nothing", async () => {
    const res = await call('POST', '/api/workspace/push', owner.cookie, {
      target: { kind: 'orgUnit', value: '/Sales' },
      dryRun: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().people as DryRunEntry[];
    expect(entries.map((e) => e.email)).toEqual([at('liam'), at('noah'), at('zoe')]);
    const [liam, noah, zoe] = entries;
    expect(liam!.current).toBe(BEFORE[at('liam')]);
    expect(liam!.currentNote).toBeNull();
    expect(liam!.html).toContain('Sales Rep');
    expect(noah!.current).toBe(BEFORE[at('noah')]);
    expect(zoe!.current).toBeNull();
    expect(zoe!.currentNote).toMatch(/No Gmail/);
    expect(google.state.totalPatches()).toBe(0);
  });

  it("a push keeps each person's previous signature, and its summary accounts for every person chosen", async () => {
    const res = await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'all' } });
    expect(res.statusCode, res.body).toBe(200);
    pushId = res.json().pushId as string;
    const summary = await settledSummary(pushId);
    expect(summary).toMatchObject({ kind: 'push', target: 'Everyone', total: 4, pushed: 3, skipped: 1, failed: 0 });
    expect(summary.restorable).toBe(3);
    expect(pushSummaryLine(summary)).toBe('3 pushed, 1 skipped, 0 failed');
    expect(await stored('liam')).toContain('Sales Rep');

    const items = await t.database.db
      .select()
      .from(workspacePushItem)
      .where(and(eq(workspacePushItem.runId, pushId), eq(workspacePushItem.personEmail, at('liam'))));
    expect(items[0]!.previous).toEqual({ [at('liam')]: BEFORE[at('liam')] });
    const o = await overview();
    expect(o.lastPush?.id).toBe(pushId);
    expect(o.recentPushes.map((p) => p.id)).toEqual([pushId]);
    expect(o.recentPushes[0]).toMatchObject({ target: 'Everyone', pushed: 3, skipped: 1, restorable: 3 });
    expect(o.people.find((p) => p.email === at('liam'))!.restorableFrom).not.toBeNull();
    expect(o.people.find((p) => p.email === at('zoe'))!.restorableFrom).toBeNull();
  });

  it('"Restore previous" for one person puts back what their Gmail held, audited, and leaves the others alone', async () => {
    const noahBefore = google.state.patchesFor(at('noah'));
    const res = await call('POST', '/api/workspace/people/restore', owner.cookie, { email: at('liam') });
    expect(res.statusCode, res.body).toBe(202);
    const restore = res.json() as { runId: string; queued: number };
    expect(restore.queued).toBe(1);
    expect(await settledSummary(restore.runId)).toMatchObject({ kind: 'restore', restored: 1, failed: 0 });
    expect(await stored('liam')).toBe(BEFORE[at('liam')]);
    expect(await stored('noah')).toContain('Sales Lead');
    expect(google.state.patchesFor(at('noah'))).toBe(noahBefore);

    const o = await overview();
    const liam = o.people.find((p) => p.email === at('liam'))!;
    expect(liam.pushStatus).toBe('restored');
    expect(liam.restorableFrom).toBeNull();
    const log = await t.database.db
      .select()
      .from(workspacePushLog)
      .where(and(eq(workspacePushLog.personEmail, at('liam')), eq(workspacePushLog.result, 'restored')));
    expect(log).toHaveLength(1);
    expect(log[0]!.actor).toContain('Olivia Owner');
    expect(log[0]!.sendAsEmail).toBe(at('liam'));
    expect((await summaryOf(pushId)).restorable).toBe(2);
  });

  it('"Restore previous" for the whole push puts back everyone not restored yet, through the push queue and its retries', async () => {
    const liamPatches = google.state.patchesFor(at('liam'));
    // Google stumbles once: the job's retry layer takes it, as for a push.
    google.state.injectFailures('sendAs.patch', 1, { status: 503, reason: 'backendError', message: 'Backend Error' });
    const res = await call('POST', `/api/workspace/pushes/${pushId}/restore`, owner.cookie);
    expect(res.statusCode, res.body).toBe(202);
    const restore = res.json() as { runId: string; queued: number };
    expect(restore.queued).toBe(2);
    const summary = await settledSummary(restore.runId);
    expect(pushSummaryLine(summary)).toBe('2 restored, 0 skipped, 0 failed');
    expect(await stored('ada')).toBe(BEFORE[at('ada')]);
    expect(await stored('noah')).toBe(BEFORE[at('noah')]);
    expect(google.state.patchesFor(at('liam'))).toBe(liamPatches);

    const again = await call('POST', `/api/workspace/pushes/${pushId}/restore`, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/Nothing to restore/);
  });

  it('a template change leaves restored people alone; a push that fails for one person counts them failed', async () => {
    const patches = google.state.totalPatches();
    const save = await call('PUT', '/api/workspace/template', owner.cookie, {
      template: {
        design: TEST_TEMPLATE_DESIGN,
        company: 'Restore Inc',
        website: '',
        address: '',
        photoUrl: '',
        socialLinks: {},
      },
      editableFields: ['mobile'],
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().repushQueued).toBe(0);
    expect(google.state.totalPatches()).toBe(patches);
    expect(await stored('noah')).toBe(BEFORE[at('noah')]);

    google.state.injectFailures('sendAs.patch', 1, {
      status: 400,
      reason: 'invalidArgument',
      message: 'Invalid signature',
    });
    const res = await call('POST', '/api/workspace/push', owner.cookie, {
      target: { kind: 'orgUnit', value: '/Sales' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const summary = await settledSummary(res.json().pushId as string);
    expect(summary).toMatchObject({ target: '/Sales', total: 3, skipped: 1, failed: 1 });
    expect(pushSummaryLine(summary)).toBe('1 pushed, 1 skipped, 1 failed');
    // The page lists every kept push, newest first, each with its own summary line; the restores are not pushes.
    const recent = (await overview()).recentPushes;
    expect(recent[0]).toEqual(summary);
    expect(recent.map((p) => p.target)).toEqual(['/Sales', 'Everyone']);
    expect(recent[1]).toMatchObject({ id: pushId, restorable: 0 });
  });

  it('"Install in Gmail" keeps what Gmail held too: the admin can restore it for that person', async () => {
    const liam = world.member;
    const mine = '<div>Liam, set by hand before installing</div>';
    await google.state.store.setSignature(at('liam'), at('liam'), mine);
    const install = await call('POST', '/api/workspace/me/install', liam.cookie);
    expect(install.statusCode, install.body).toBe(200);
    expect(install.json().result).toBe('pushed');
    expect(await stored('liam')).toContain('Sales Rep');
    const o = await overview();
    expect(o.lastPush).toMatchObject({ target: 'Install in Gmail', pushed: 1, pending: 0, restorable: 1 });
    const res = await call('POST', '/api/workspace/people/restore', owner.cookie, { email: at('liam') });
    expect(res.statusCode, res.body).toBe(202);
    await until(
      () => stored('liam'),
      (html) => html === mine,
      "Liam's signature from before his install",
    );
  });

  it("a second organization, connected and pushing on its own, can neither read nor restore the first one's pushes", async () => {
    const mallory = await signUpPerson(t, 'Mallory Other');
    const theirs = makeTestServiceAccount(OTHER);
    await google.state.grant(theirs.client);
    const connect = await call('POST', '/api/workspace/connection', mallory.cookie, {
      keyJson: theirs.keyJson,
      adminEmail: `max@${OTHER}`,
    });
    expect(connect.statusCode, connect.body).toBe(200);
    await call('POST', '/api/workspace/sync', mallory.cookie);
    const mine = async () => (await call('GET', '/api/workspace', mallory.cookie)).json() as WorkspaceOverview;
    await until(mine, (v) => v.people.length === 1, "the second organization's sync");
    const push = await call('POST', '/api/workspace/push', mallory.cookie, { target: { kind: 'all' } });
    expect(push.statusCode, push.body).toBe(200);
    const theirPush = push.json().pushId as string;
    await until(mine, (v) => v.lastPush?.id === theirPush && v.lastPush.pending === 0, 'their push');
    expect((await mine()).people.map((p) => p.email)).toEqual([`max@${OTHER}`]);

    const patches = google.state.totalPatches();
    const read = await call('GET', `/api/workspace/pushes/${pushId}`, mallory.cookie);
    expect(read.statusCode).toBe(404);
    const whole = await call('POST', `/api/workspace/pushes/${pushId}/restore`, mallory.cookie);
    expect(whole.statusCode).toBe(404);
    // Liam has a push kept in the first organization (the failed one above), none in Mallory's.
    const one = await call('POST', '/api/workspace/people/restore', mallory.cookie, { email: at('noah') });
    expect(one.statusCode).toBe(409);
    const ownersView = await overview();
    expect(ownersView.people.some((p) => p.restorableFrom !== null)).toBe(true);
    expect(ownersView.lastPush?.id).not.toBe(theirPush);
    expect(ownersView.recentPushes.map((p) => p.id)).not.toContain(theirPush);
    expect((await mine()).recentPushes.map((p) => p.id)).toEqual([theirPush]);
    const theirSummary = await call('GET', `/api/workspace/pushes/${theirPush}`, owner.cookie);
    expect(theirSummary.statusCode).toBe(404);
    const junk = await call('GET', '/api/workspace/pushes/not-a-push', mallory.cookie);
    expect(junk.statusCode).toBe(400);
    expect(google.state.totalPatches()).toBe(patches);
    // The owner's own push is still there, whole.
    expect((await summaryOf(pushId)).total).toBe(4);
  });
});
