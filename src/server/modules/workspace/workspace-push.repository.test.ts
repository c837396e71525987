import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { workspacePushItem, workspacePushRun } from '../../db/schema/workspace-push.schema';
import { describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { signUpPerson } from '../../../test-support/team-world';
import { KEEP_RUNS, KEEP_RUN_DAYS, createPushRunRepository } from './workspace-push.repository';
import { createWorkspaceRepository } from './workspace.repository';

/**
 * How long previous signatures are kept (docs/decisions/0138): the newest KEEP_RUNS runs of an
 * organization, none older than KEEP_RUN_DAYS, another organization's untouched; disconnecting
 * Workspace deletes them. On both databases.
 */
describeEachDatabase('Workspace push runs: what is kept and for how long', (kind) => {
  const t = useTestApp(kind);
  const DAY = 86_400_000;

  const runsOf = async (organizationId: string) =>
    t.database.db
      .select({ target: workspacePushRun.target, at: workspacePushRun.createdAt })
      .from(workspacePushRun)
      .where(eq(workspacePushRun.organizationId, organizationId))
      .orderBy(workspacePushRun.createdAt);

  it(`keeps the newest ${KEEP_RUNS} runs and none older than ${KEEP_RUN_DAYS} days, per organization`, async () => {
    const runs = createPushRunRepository(t.database.db);
    const a = await signUpPerson(t, 'Ann Keeper');
    const b = await signUpPerson(t, 'Bob Other');
    const start = Date.UTC(2026, 5, 1);
    const make = (organizationId: string, n: number, at: number) =>
      runs.createRun(
        { organizationId, kind: 'push', target: `run ${n}`, actor: 'Schedule', actorUserId: null },
        [`p${n}@a.test`],
        new Date(at),
      );
    await make(b.organizationId, 0, start);
    for (let n = 1; n <= KEEP_RUNS + 1; n += 1) await make(a.organizationId, n, start + n * 60_000);
    const kept = await runsOf(a.organizationId);
    expect(kept).toHaveLength(KEEP_RUNS);
    expect(kept[0]!.target).toBe('run 2');
    // Their people went with them; the other organization's run stays.
    const items = await t.database.db
      .select({ n: count() })
      .from(workspacePushItem)
      .where(eq(workspacePushItem.organizationId, a.organizationId));
    expect(items[0]!.n).toBe(KEEP_RUNS);
    expect(await runsOf(b.organizationId)).toHaveLength(1);

    // A run past the age limit goes when the next one is made, however few there are.
    await make(b.organizationId, 1, start + (KEEP_RUN_DAYS + 1) * DAY);
    expect((await runsOf(b.organizationId)).map((r) => r.target)).toEqual(['run 1']);
  });

  it('disconnecting Workspace deletes what the pushes kept', async () => {
    const runs = createPushRunRepository(t.database.db);
    const c = await signUpPerson(t, 'Cat Disconnect');
    await runs.createRun(
      { organizationId: c.organizationId, kind: 'push', target: 'Everyone', actor: 'Schedule', actorUserId: null },
      ['x@c.test'],
    );
    await runs.keepPrevious(c.organizationId, 'x@c.test', new Date(), 'x@c.test', '<p>before</p>');
    expect(await runsOf(c.organizationId)).toHaveLength(1);
    await createWorkspaceRepository(t.database.db).deleteConnection(c.organizationId);
    expect(await runsOf(c.organizationId)).toHaveLength(0);
  });
});
