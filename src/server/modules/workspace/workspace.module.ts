import type { GoogleStandInState } from '../../google/google-stand-in';
import type { Infrastructure, ServerModule } from '../../module';
import { workspaceRoutes } from './workspace.routes';
import { DAILY_QUEUE, createWorkspaceService } from './workspace.service';

/** Google Workspace: connect a domain, sync its people, push their signatures to Gmail (decisions 0117, 0118). */
export function createWorkspaceModule(
  deps: Pick<Infrastructure, 'config' | 'database' | 'jobs' | 'metrics' | 'log'> & {
    /** The embedded TEST MODE Workspace (config.google.mode 'test'), or undefined with real Google. */
    testMode: GoogleStandInState | undefined;
    /** How calls reach the TEST MODE Workspace: the app's own routes, in process (inject-fetch.ts). */
    testModeFetch: typeof fetch;
  },
) {
  const { config, jobs } = deps;
  const workspace = createWorkspaceService({
    db: deps.database.db,
    config,
    jobs,
    leaseSeconds: config.jobLeaseSeconds,
    testMode: deps.testMode,
    testModeFetch: deps.testModeFetch,
    onPushFailure: () => deps.metrics.pushFailures.inc(),
    log: deps.log,
  });
  // The push, sync and daily queues, declared before the runner starts; the daily sync is scheduled once it has.
  workspace.registerJobs();
  return {
    services: { workspace },
    routes: workspaceRoutes(workspace),
    jobs: { start: () => jobs.schedule(DAILY_QUEUE, '0 3 * * *') },
  } satisfies ServerModule;
}
