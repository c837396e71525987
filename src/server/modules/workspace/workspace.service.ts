import { createWorkspaceAliases } from './workspace-aliases';
import { createWorkspaceCampaigns } from './workspace-campaigns';
import { createWorkspaceConnect } from './workspace-connect';
import { createWorkspaceContext, type PushJob, type PushOutcome, type WorkspaceDeps } from './workspace-context';
/** What "Delete organization" calls in its transaction (docs/decisions/0135). */
import { createWorkspaceLocks } from './workspace-locks';
import { createWorkspaceMine } from './workspace-mine';
import { createWorkspaceOverview } from './workspace-overview';
import { createWorkspacePush } from './workspace-push';
import { createPushJob } from './workspace-push-job';
import { createRestoreJob } from './workspace-restore-job';
import { createWorkspaceRestore } from './workspace-restore';
import { createWorkspaceSchedule } from './workspace-schedule';
import { createWorkspaceSync } from './workspace-sync';
import { TURN_WAIT_MS } from './workspace-turns';

export type { MeasuredPerson } from './workspace-campaigns';
export type { PersonRow } from './workspace.repository';
export {
  DAILY_QUEUE,
  PUSH_CONCURRENCY,
  PUSH_QUEUE,
  SYNC_QUEUE,
  type PushJob,
  type SyncJob,
  type WorkspaceDeps,
} from './workspace-context';

/**
 * The Workspace service, one part per job: connect (workspace-connect), the admin's page
 * (workspace-overview), directory sync (workspace-sync), push requests (workspace-push), the push
 * job itself (workspace-push-job), a push's summary and "Restore previous" (workspace-restore,
 * workspace-restore-job), each person's own signature (workspace-mine) and the queues
 * (workspace-schedule). They share one context (workspace-context): repositories, the Google client
 * of an organization, who may act.
 */
export function createWorkspaceService(deps: WorkspaceDeps) {
  const ctx = createWorkspaceContext(deps);
  const runPush = createPushJob(ctx);
  const runRestore = createRestoreJob(ctx);
  // The push queue carries pushes and restores alike: the same slots, retries and turns (decision 0138),
  // one job at a time per person, the request asked for last winning (decision 0143).
  const runQueued = async (job: PushJob): Promise<PushOutcome> => {
    const outcome = await ctx.turns.inTurn(job, TURN_WAIT_MS, (replacedBy) =>
      job.restore ? runRestore({ ...job, restore: job.restore }, replacedBy) : runPush(job, {}, replacedBy),
    );
    if (outcome !== 'busy') return outcome;
    await ctx.deferPush(job, new Date(Date.now() + TURN_WAIT_MS));
    return 'deferred';
  };
  const sync = createWorkspaceSync(ctx);
  const { registerJobs } = createWorkspaceSchedule(ctx, { runPush: runQueued, runSync: sync.runSync });
  const restore = createWorkspaceRestore(ctx);
  return {
    ...createWorkspaceOverview(ctx, restore.lastRunsOf),
    ...restore,
    ...createWorkspaceConnect(ctx),
    ...sync,
    ...createWorkspacePush(ctx),
    ...createWorkspaceAliases(ctx),
    ...createWorkspaceMine(ctx, runPush),
    ...createWorkspaceLocks(ctx),
    ...createWorkspaceCampaigns(ctx),
    runPush,
    /** A change of the signature rules or of an organization signature pushes the people it moved again. */
    repushForRules: async (organizationId: string, emails: string[], userId: string) =>
      ctx.queuePushes(organizationId, emails, await ctx.actorWords(userId), userId),
    registerJobs,
    repository: ctx.repo,
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
