import {
  DAILY_QUEUE,
  PUSH_CONCURRENCY,
  PUSH_QUEUE,
  PUSH_RETRY_LIMIT,
  SYNC_QUEUE,
  type PushJob,
  type PushResult,
  type SyncJob,
  type WorkspaceContext,
} from './workspace-context';

/** Declares the push, sync and daily queues on the app's jobs runner (before it starts). */
export function createWorkspaceSchedule(
  ctx: WorkspaceContext,
  run: {
    runPush(job: PushJob, attempt: { retryCount: number }): Promise<PushResult>;
    runSync(job: SyncJob): Promise<void>;
  },
) {
  const { deps, repo } = ctx;

  /** Every connected organization: a directory sync, then a re-push of who is in Gmail already. */
  async function daily() {
    for (const conn of await repo.listConnections()) {
      // A stopped connection waits for a passing "Check connection" (decision 0133).
      if (conn.stoppedAt) continue;
      await deps.jobs.send<SyncJob>(
        SYNC_QUEUE,
        { organizationId: conn.organizationId, actor: 'Schedule' },
        { singletonKey: conn.organizationId },
      );
      const people = await repo.listPeople(conn.organizationId);
      const again = people
        .filter((p) => !p.goneAt && (p.pushStatus === 'pushed' || p.pushStatus === 'failed'))
        .map((p) => p.email);
      if (again.length) await ctx.queuePushes(conn.organizationId, again, 'Schedule', null);
    }
  }

  return {
    registerJobs() {
      deps.jobs.defineQueue<PushJob>(
        PUSH_QUEUE,
        {
          concurrency: PUSH_CONCURRENCY,
          expireInSeconds: deps.leaseSeconds ?? 120,
          retryLimit: PUSH_RETRY_LIMIT,
          retryDelaySeconds: 5,
          retryBackoff: true,
          policy: 'stately',
        },
        async (data, job) => void (await run.runPush(data, job)),
      );
      deps.jobs.defineQueue<SyncJob>(
        SYNC_QUEUE,
        {
          concurrency: 2,
          expireInSeconds: Math.max(600, deps.leaseSeconds ?? 120),
          retryLimit: 3,
          retryDelaySeconds: 60,
          retryBackoff: true,
          policy: 'stately',
        },
        async (data) => run.runSync(data),
      );
      deps.jobs.defineQueue<object>(
        DAILY_QUEUE,
        { concurrency: 1, expireInSeconds: 600, retryLimit: 1, retryDelaySeconds: 60, retryBackoff: false },
        daily,
      );
    },
  };
}
