import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { workspacePushItem, workspacePushRun } from '../../db/schema/workspace-push.schema';
import type { StandInStore } from '../../google/google-stand-in-wire';
import { apiCaller, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import { until } from '../../../test-support/until';
import type { Person } from '../../../test-support/team-world';
import {
  connectAndSync,
  standInPerson,
  startWorkspaceWorld,
  type WorkspaceWorld,
} from '../../../test-support/workspace-world';
import type { PushSummary } from '../../../shared/api/workspace-push';

/**
 * A push and a "Restore previous" of the same person, asked for one right after the other, run one
 * at a time and the one asked for last is what stays in Gmail; the previous signature a push keeps
 * is what Gmail held right before that push wrote (docs/decisions/0143-one-writer-per-mailbox.md).
 *
 * The stand-in holds the first job's write to Ben's mailbox until another job reads his send-as
 * list (or HOLD_MS passes): two jobs that interleave their read and write would be caught in the act.
 */
const DOMAIN = 'race-gws.test';
const BEN = `ben@${DOMAIN}`;
const PEOPLE = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { isAdmin: true }),
  standInPerson(DOMAIN, 'ben', 'Ben Brown', { title: 'Sales Rep' }),
];
const BY_HAND = '<div>Ben, typed by hand in Gmail</div>';
const HOLD_MS = 4_000;

describeEachDatabase('Google Workspace: a push and a restore of one person, raced', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let owner: Person;
  let firstPush: string;
  let ours: string;
  const call = apiCaller(() => t.app);
  const stored = () => world.google.state.storedSignature(BEN);
  const summary = async (id: string) =>
    (await call('GET', `/api/workspace/pushes/${id}`, owner.cookie)).json() as PushSummary;
  const settled = (id: string) =>
    until(
      () => summary(id),
      (s) => s.pending === 0,
      `run ${id}`,
    );
  const itemOf = async (runId: string) => {
    const [row] = await t.database.db
      .select()
      .from(workspacePushItem)
      .where(and(eq(workspacePushItem.runId, runId), eq(workspacePushItem.personEmail, BEN)));
    return row!;
  };
  const pushBen = async () => {
    const res = await call('POST', '/api/workspace/push', owner.cookie, {
      target: { kind: 'selection', emails: [BEN] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().pushId as string;
  };
  const restoreBen = async () => {
    const res = await call('POST', '/api/workspace/people/restore', owner.cookie, { email: BEN });
    expect(res.statusCode, res.body).toBe(202);
    return res.json().runId as string;
  };

  /**
   * Holds the next write of `html` to Ben's mailbox until another job reads his send-as list
   * (`releasedBy: 'read'`) or writes to it (`'write'`), at most HOLD_MS.
   */
  function holdWrite(html: string, releasedBy: 'read' | 'write') {
    const memory = world.google.state.store;
    let release: () => void = () => undefined;
    let holding = false;
    const released = new Promise<void>((resolve) => (release = resolve));
    const store: StandInStore = {
      ...memory,
      async setSignature(personEmail, sendAsEmail, written) {
        if (sendAsEmail.toLowerCase() !== BEN) return memory.setSignature(personEmail, sendAsEmail, written);
        if (written === html && !holding) {
          holding = true;
          await Promise.race([released, new Promise((r) => setTimeout(r, HOLD_MS))]);
          world.google.state.store = memory;
          return memory.setSignature(personEmail, sendAsEmail, written);
        }
        await memory.setSignature(personEmail, sendAsEmail, written);
        if (holding && releasedBy === 'write') release();
      },
      async signatures() {
        const now = await memory.signatures();
        if (holding && releasedBy === 'read') release();
        return now;
      },
    };
    world.google.state.store = store;
    return () => (world.google.state.store = memory);
  }
  /** The push a restore run undid, and what Ben's Gmail held before that push. */
  const undoneBy = async (restoreRunId: string) => {
    const [run] = await t.database.db.select().from(workspacePushRun).where(eq(workspacePushRun.id, restoreRunId));
    return (await itemOf(run!.restoreOf!)).previous[BEN];
  };

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Cleo Member', email: 'cleo@elsewhere.test' });
    ({ t, owner } = world);
    await world.google.state.store.setSignature(BEN, BEN, BY_HAND);
    await connectAndSync(world, `ada@${DOMAIN}`, 2);
    firstPush = await pushBen();
    expect(await settled(firstPush)).toMatchObject({ pushed: 1 });
    ours = (await stored())!;
    expect(ours).toContain('Sales Rep');
    expect((await itemOf(firstPush)).previous).toEqual({ [BEN]: BY_HAND });
  }, 60_000);
  afterAll(async () => world?.close());

  it('"Restore previous" asked for, then a push: the push is what stays, and it keeps what Gmail held right before it', async () => {
    const unhold = holdWrite(BY_HAND, 'read');
    const restore = await restoreBen();
    const push = await pushBen();
    const [restored, pushed] = await Promise.all([settled(restore), settled(push)]);
    unhold();

    expect(await stored()).toBe(ours);
    const item = await itemOf(push);
    if (restored.restored === 1) {
      // The restore wrote first; the push then found the hand-typed one, kept it and wrote ours.
      expect(pushed.pushed).toBe(1);
      expect(item.previous).toEqual({ [BEN]: BY_HAND });
    } else {
      // The push came first and found ours in place; the restore, asked for earlier, wrote nothing.
      expect(restored.skipped).toBe(1);
      expect(pushed.unchanged).toBe(1);
      expect(item.previous).toEqual({});
    }
    // What the first push kept is still the hand-typed signature: no racing write replaced it.
    expect((await itemOf(firstPush)).previous).toEqual({ [BEN]: BY_HAND });
  }, 60_000);

  it('a push asked for, then "Restore previous": the restore is what stays, whichever job runs first', async () => {
    // A push that changed Ben's Gmail, kept for "Restore previous"; then Ben edits it again by hand.
    await world.google.state.store.setSignature(BEN, BEN, '<div>Ben, edited in Gmail</div>');
    expect(await settled(await pushBen())).toMatchObject({ pushed: 1 });
    const edited = '<div>Ben, edited again in Gmail</div>';
    await world.google.state.store.setSignature(BEN, BEN, edited);
    const unhold = holdWrite(ours, 'write');
    const push = await pushBen();
    const restore = await restoreBen();
    const [pushed, restored] = await Promise.all([settled(push), settled(restore)]);
    unhold();

    expect(restored.restored).toBe(1);
    const item = await itemOf(push);
    if (pushed.pushed === 1) {
      // The push wrote before the restore took its turn: it kept what Gmail held right before it.
      expect(item.previous).toEqual({ [BEN]: edited });
    } else {
      // The restore, asked for last, replaced the push before it wrote anything.
      expect(pushed.skipped).toBe(1);
      expect(item.previous).toEqual({});
    }
    const putBack = await undoneBy(restore);
    expect(putBack).toBeDefined();
    expect(await stored()).toBe(putBack);
  }, 60_000);
});
