import type { Infrastructure, ServerModule } from '../../module';
import type { SignaturesService } from '../signatures/signatures.service';
import type { TeamsService } from '../teams/teams.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { WorkspaceService } from '../workspace/workspace.service';
import { createCampaignAudience, type LinkFor } from './campaign-audience';
import { createCampaignClicks } from './campaign-clicks';
import { createCampaignClicksRepository } from './campaign-clicks.repository';
import { createCampaignEdges } from './campaign-edges';
import { createCampaignSizeGuard } from './campaign-size-guard';
import { createCampaignsRepository } from './campaigns.repository';
import { campaignsRoutes } from './campaigns.routes';
import { createCampaignsService } from './campaigns.service';

/** Campaigns: a banner under the signatures of an audience for set dates (decisions 0222, 0223). */
export function createCampaignsModule(
  deps: Pick<Infrastructure, 'config' | 'database' | 'jobs'> & {
    teams: TeamsService;
    /** Workspace is made after this module (it asks for banners): its pushes and its people's signatures. */
    workspace: () => WorkspaceService;
    signatures: SignaturesService;
    /** The image policy of every save (decision 0162). */
    uploads: Pick<UploadsService, 'hostedImage'>;
  },
) {
  const { db } = deps.database;
  const repo = createCampaignsRepository(db);
  const { publicUrl } = deps.config;
  const clicks = createCampaignClicks({ repo: createCampaignClicksRepository(db), publicUrl, now: () => new Date() });
  const linkFor: LinkFor = (row, ruleId, pushing) => clicks.linkFor(row, ruleId, pushing);
  const audience = createCampaignAudience({ db, repo, publicUrl, teams: deps.teams, linkFor });
  const edges = createCampaignEdges({ jobs: deps.jobs, repo, audience, pushes: deps.workspace });
  edges.registerJobs();
  const campaigns = createCampaignsService({
    repo,
    clicks,
    audience,
    edges,
    sizeGuard: createCampaignSizeGuard({
      longestExport: (userId, banner) => deps.signatures.longestExport(userId, banner),
    }),
    teams: deps.teams,
    hostedImage: (userId, imageURL, field) => deps.uploads.hostedImage(userId, imageURL, field),
    pushedHtmlsOf: (organizationId) => deps.workspace().pushedHtmlsOf(organizationId),
    readGroups: (userId) => deps.workspace().requestSync(userId),
  });
  return {
    services: {
      campaigns,
      campaignAudience: audience,
      /** What the Workspace module is made with: the banner a push writes (decision 0223). */
      campaignBanners: {
        bannerFor: audience.bannerForPerson,
        groupsNamed: (organizationId: string) => audience.groupsNamed(organizationId),
      },
    },
    routes: async (app) => {
      await app.register(campaignsRoutes(campaigns, clicks));
    },
  } satisfies ServerModule;
}
