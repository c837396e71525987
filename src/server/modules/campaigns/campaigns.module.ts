import type { Infrastructure, ServerModule } from '../../module';
import type { SignaturesService } from '../signatures/signatures.service';
import type { TeamsService } from '../teams/teams.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { WorkspaceService } from '../workspace/workspace.service';
import { createCampaignAudience } from './campaign-audience';
import { createCampaignEdges } from './campaign-edges';
import { createCampaignSizeGuard } from './campaign-size-guard';
import { createCampaignsRepository } from './campaigns.repository';
import { campaignsRoutes } from './campaigns.routes';
import { createCampaignsService } from './campaigns.service';

/** Campaigns: a banner under the signatures of an audience for set dates (decisions 0222, 0223). */
export function createCampaignsModule(
  deps: Pick<Infrastructure, 'config' | 'database' | 'jobs'> & {
    teams: TeamsService;
    workspace: WorkspaceService;
    signatures: SignaturesService;
    /** The image policy of every save (decision 0162). */
    uploads: Pick<UploadsService, 'hostedImage'>;
  },
) {
  const { db } = deps.database;
  const repo = createCampaignsRepository(db);
  const audience = createCampaignAudience({ db, repo, publicUrl: deps.config.publicUrl, teams: deps.teams });
  const edges = createCampaignEdges({ jobs: deps.jobs, repo, audience, pushes: () => deps.workspace });
  edges.registerJobs();
  const campaigns = createCampaignsService({
    repo,
    audience,
    edges,
    sizeGuard: createCampaignSizeGuard({
      publicUrl: deps.config.publicUrl,
      listSignatures: (userId) => deps.signatures.listSignatures(userId),
    }),
    teams: deps.teams,
    hostedImage: (userId, imageURL, field) => deps.uploads.hostedImage(userId, imageURL, field),
    pushedHtmlsOf: (organizationId) => deps.workspace.pushedHtmlsOf(organizationId),
  });
  return {
    services: { campaigns, campaignAudience: audience },
    routes: async (app) => {
      await app.register(campaignsRoutes(campaigns));
    },
  } satisfies ServerModule;
}
