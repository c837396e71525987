import { LEASE_SHARE } from '../../google/retry-policy';
import { createOrganizationSlots } from './organization-slots';
import {
  DAILY_QUEUE,
  PUSH_CONCURRENCY,
  PUSH_PER_ORGANIZATION,
  PUSH_QUEUE,
  PUSH_RETRY_LIMIT,
  SYNC_QUEUE,
  leasesOf,
  type PushJob,
  type PushOutcome,
  type SyncJob,
  type WorkspaceContext,
} from './workspace-context';

/** A push that found its organization's slots taken for too long comes back this much later. */
const SLOT_RETRY_MS = 5_000;

/** Declares the push, sync and daily queues on the app's jobs runner (before it starts). */
export function createWorkspaceSchedule(
  ctx: WorkspaceContext,
  run: {
    runPush(job: PushJob): Promise<PushOutcome>;
    runSync(job: SyncJob): Promise<void>;
  },
) {
  const { deps, repo } = ctx;
  const leases = leasesOf(deps);
  const slots = createOrganizationSlots(PUSH_PER_ORGANIZATION);

  /**
   * One person's push in its organization's turn (decision 0134). Waiting for a slot and the calls
   * to Google each take at most 40% of the lease; a job that waited that long comes back later.
   */
  async function pushInTurn(job: PushJob) {
    const release = await slots.acquire(job.organizationId, leases.push * 1000 * LEASE_SHARE);
    if (!release) return ctx.deferPush(job, new Date(Date.now() + SLOT_RETRY_MS));
    try {
      await run.runPush(job);
    } finally {
      release();
    }
  }

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
      if (again.length)
        await ctx.queuePushes(conn.organizationId, again, 'Schedule', null, { target: 'Daily schedule' });
    }
  }

  return {
    registerJobs() {
      deps.jobs.defineQueue<PushJob>(
        PUSH_QUEUE,
        {
          concurrency: PUSH_CONCURRENCY,
          expireInSeconds: leases.push,
          retryLimit: PUSH_RETRY_LIMIT,
          retryDelaySeconds: 5,
          retryBackoff: true,
          policy: 'stately',
        },
        pushInTurn,
      );
      deps.jobs.defineQueue<SyncJob>(
        SYNC_QUEUE,
        {
          concurrency: 2,
          expireInSeconds: leases.sync,
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
