import { createRealGoogle, createTestModeGoogle, type GoogleAdapter } from '../../google/google-adapter';
import { testModeDomain } from '../../google/test-mode';
import { getUserId } from '../../http';
import { AppError } from '../../errors';
import type { Infrastructure, ServerModule } from '../../module';
import { assertManager, requireCallerMembership } from '../teams/team-access';
import { createTeamsRepository } from '../teams/teams.repository';
import type { HostedImage } from '../uploads/uploads.service';
import { workspaceRoutes } from './workspace.routes';
import { DAILY_QUEUE, createWorkspaceService, type WorkspaceDeps } from './workspace.service';

/** Google Workspace: connect a domain, sync its people, push their signatures to Gmail (decisions 0117, 0118, 0140). */
export function createWorkspaceModule(
  deps: Pick<Infrastructure, 'config' | 'database' | 'jobs' | 'metrics' | 'log' | 'rateLimiter' | 'mailer'> & {
    /** The banner of the campaign a person sees now (campaigns, made after this module; decision 0222). */
    bannerFor?: WorkspaceDeps['bannerFor'];
    /** The Google groups rules and campaigns name (campaigns; decision 0236). */
    groupsNamed?: WorkspaceDeps['groupsNamed'];
    hostedImage: HostedImage;
  },
) {
  const { config, jobs } = deps;
  const google = chooseGoogle(deps);
  const workspace = createWorkspaceService({
    db: deps.database.db,
    config,
    jobs,
    leaseSeconds: config.jobLeaseSeconds,
    google,
    limiter: deps.rateLimiter,
    onPushFailure: () => deps.metrics.pushFailures.inc(),
    sendMail: (message) => deps.mailer.enqueue(message),
    log: deps.log,
    ...(deps.bannerFor ? { bannerFor: deps.bannerFor } : {}),
    ...(deps.groupsNamed ? { groupsNamed: deps.groupsNamed } : {}),
    hostedImage: deps.hostedImage,
  });
  // The push, sync and daily queues, declared before the runner starts; the daily sync is scheduled once it has.
  workspace.registerJobs();
  const routes = workspaceRoutes(workspace);
  return {
    services: { workspace, googleTestMode: google.testMode?.state },
    routes: async (app) => {
      if (google.routes) await app.register(google.routes);
      await app.register(routes);
    },
    jobs: { start: () => jobs.schedule(DAILY_QUEUE, '0 3 * * *') },
  } satisfies ServerModule;
}

/**
 * Real Google, or the TEST MODE one (config.google.mode, read at start-up: decision 0140). Only
 * TEST MODE mounts anything: its pretend Google, and a page that shows a signed-in owner or admin
 * what "Google" stored for their own organization.
 */
function chooseGoogle(deps: Pick<Infrastructure, 'config' | 'database'>): GoogleAdapter {
  if (deps.config.google.mode !== 'test') return createRealGoogle(deps.config);
  const teams = createTeamsRepository(deps.database.db);
  return createTestModeGoogle(deps.config, {
    db: deps.database.db,
    async pageAccess(request) {
      const userId = await getUserId(request);
      if (!userId) return { status: 401, words: "Log in to see your organization's TEST MODE Workspace." };
      try {
        const caller = await requireCallerMembership(teams, userId);
        assertManager(caller, "see the organization's TEST MODE Workspace");
        return { domain: testModeDomain(caller.organization.id) };
      } catch (error) {
        if (error instanceof AppError) return { status: 403, words: error.message };
        throw error;
      }
    },
  });
}
