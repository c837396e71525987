import { AppError } from '../../errors';
import type { PushSummary, RestorePersonBody, RestoreQueued } from '../../../shared/api/workspace-push';
import { PUSH_QUEUE, notConnected, pushJobKey, type PushJob, type WorkspaceContext } from './workspace-context';
import type { PushRunRow, RunCounts } from './workspace-push.repository';
import { actionOf } from './workspace-turns';

const pushGone = () => new AppError('NOT_FOUND', 'That push does not exist (or is no longer kept).');

/** A run's summary line numbers from its counts. */
function summaryOf(run: PushRunRow, counts: RunCounts | undefined): PushSummary {
  const byResult = counts?.byResult ?? new Map<string | null, number>();
  const n = (result: string | null) => byResult.get(result) ?? 0;
  return {
    id: run.id,
    kind: run.kind as PushSummary['kind'],
    target: run.target,
    actor: run.actor,
    at: run.createdAt.toISOString(),
    total: [...byResult.values()].reduce((a, b) => a + b, 0),
    pushed: n('pushed'),
    unchanged: n('unchanged'),
    restored: n('restored'),
    skipped: n('skipped'),
    failed: n('failed'),
    pending: n(null),
    restorable: counts?.restorable ?? 0,
  };
}

/** A push's summary, and "Restore previous" for one person or for a whole push (decision 0138). */
export function createWorkspaceRestore(ctx: WorkspaceContext) {
  const { deps, repo, runs } = ctx;

  async function summarise(organizationId: string, run: PushRunRow): Promise<PushSummary> {
    return summaryOf(run, await runs.countResults(organizationId, run.id));
  }

  /** Queues the restore of `emails` from the push `fromRunId` as one run of its own. */
  async function queueRestore(
    organizationId: string,
    userId: string,
    from: PushRunRow,
    emails: string[],
    target: string,
  ): Promise<RestoreQueued> {
    const connection = await repo.findConnection(organizationId);
    if (!connection) throw notConnected();
    ctx.assertPushAllowed(connection);
    const actor = await ctx.actorWords(userId);
    const runId = await runs.createRun(
      { organizationId, kind: 'restore', target, actor, actorUserId: userId, restoreOf: from.id },
      emails,
    );
    // The last request for these people from now on: a push of theirs still waiting writes nothing (decision 0143).
    await ctx.turns.ask(organizationId, emails, actionOf({ restore: { runId, fromRunId: from.id } }));
    await deps.jobs.sendMany<PushJob>(
      PUSH_QUEUE,
      emails.map((email, n) => {
        const data: PushJob = {
          organizationId,
          email,
          actor,
          actorUserId: userId,
          restore: { runId, fromRunId: from.id },
        };
        return { data, singletonKey: pushJobKey(data), priority: -n };
      }),
    );
    const who = emails.length === 1 ? emails[0]! : `${emails.length} people`;
    return { runId, queued: emails.length, message: `Restoring the previous signature of ${who}.` };
  }

  return {
    /** The summary line's numbers for a push or restore of the caller's organization. */
    async pushSummary(userId: string, runId: string): Promise<PushSummary> {
      const orgId = (await ctx.managerOf(userId)).organization.id;
      const run = await runs.findRun(orgId, runId);
      if (!run) throw pushGone();
      return summarise(orgId, run);
    },

    /**
     * The page's summary lines: the kept pushes, newest first, each with "Restore previous" for all
     * of it; the latest of them; and a restore made since it.
     */
    async lastRunsOf(
      organizationId: string,
    ): Promise<{ push: PushSummary | null; restore: PushSummary | null; recent: PushSummary[] }> {
      const [pushes, restore] = await Promise.all([
        runs.recentRuns(organizationId, 'push'),
        runs.latestRun(organizationId, 'restore'),
      ]);
      const push = pushes[0];
      const since = restore && (!push || restore.createdAt >= push.createdAt) ? restore : undefined;
      const shown = since ? [...pushes, since] : pushes;
      const counts = await runs.countResultsOfRuns(
        organizationId,
        shown.map((r) => r.id),
      );
      const recent = pushes.map((r) => summaryOf(r, counts.get(r.id)));
      return {
        push: recent[0] ?? null,
        restore: since ? summaryOf(since, counts.get(since.id)) : null,
        recent,
      };
    },

    /** "Restore previous" for everyone a push changed whose previous signature is still kept. */
    async restorePush(userId: string, runId: string): Promise<RestoreQueued> {
      const orgId = (await ctx.managerOf(userId)).organization.id;
      const run = await runs.findRun(orgId, runId);
      if (!run || run.kind !== 'push') throw pushGone();
      const emails = await runs.restorablePeople(orgId, run.id);
      if (!emails.length)
        throw new AppError(
          'CONFLICT',
          'Nothing to restore: this push changed no signature in Gmail, or every one was restored already.',
        );
      return queueRestore(orgId, userId, run, emails, `Restore of the push to ${run.target}`);
    },

    /** "Restore previous" for one person: what their Gmail held before the latest push that changed it. */
    async restorePerson(userId: string, body: RestorePersonBody): Promise<RestoreQueued> {
      const orgId = (await ctx.managerOf(userId)).organization.id;
      const latest = (await runs.latestRestorable(orgId, [body.email])).get(body.email);
      const run = latest ? await runs.findRun(orgId, latest.runId) : undefined;
      if (!run)
        throw new AppError(
          'CONFLICT',
          `Nothing to restore for ${body.email}: no kept push changed their signature in Gmail, or it was restored already.`,
          { email: 'Nothing to restore for this person.' },
        );
      return queueRestore(orgId, userId, run, [body.email], body.email);
    },
  };
}
