import { invalid, notFound } from '../../errors';
import type { CampaignBody, CampaignView } from '../../../shared/api/campaigns';
import { isRunning, ONE_CAMPAIGN_RULE } from '../../../shared/campaigns/campaign-schedule';
import type { TeamsService } from '../teams/teams.service';
import type { MeasuredPerson } from '../workspace/workspace.service';
import type { CampaignAudience } from './campaign-audience';
import type { CampaignClicksService } from './campaign-clicks';
import { campaignView } from './campaign-views';
import type { createCampaignEdges } from './campaign-edges';
import type { createCampaignSizeGuard } from './campaign-size-guard';
import { createCampaignValues } from './campaign-values';
import type { CampaignRow, CampaignsRepository } from './campaigns.repository';

export type CampaignsDeps = {
  repo: CampaignsRepository;
  clicks: CampaignClicksService;
  audience: CampaignAudience;
  edges: ReturnType<typeof createCampaignEdges>;
  sizeGuard: ReturnType<typeof createCampaignSizeGuard>;
  teams: Pick<TeamsService, 'requireManagerWith'>;
  /** The image policy of every save (uploads, decision 0162): our stored path, or a refusal in words. */
  hostedImage: (userId: string, imageURL: string, field: string) => Promise<string>;
  /** Each directory person's signature as a push would write it (Workspace, made before this module). */
  pushedHtmlsOf?: (organizationId: string) => Promise<MeasuredPerson[]>;
  /** Queues a directory sync, which reads the groups an audience names (decision 0236). */
  readGroups?: (userId: string) => Promise<unknown>;
  now?: () => Date;
};

const campaignNotFound = () => notFound('That campaign');

/** An ended campaign keeps its dates: its clicks chart runs over them (decision 0260). */
export const ENDED_CAMPAIGN_WORDS =
  'This campaign has ended: it keeps its dates and its clicks. To show its banner again, schedule a new campaign with it ("Run again" on the Workspace page).';

/**
 * Campaigns (docs/decisions/0222-campaigns.md, 0223): owners and admins of an organization whose plan
 * has campaigns schedule a banner for an audience; the size guard counts it; its start and end are
 * jobs (campaign-edges), and a change to a running campaign reaches Gmail at once.
 */
export function createCampaignsService(deps: CampaignsDeps) {
  const { repo, audience, edges } = deps;
  const now = deps.now ?? (() => new Date());
  const viewOf = (row: CampaignRow, names: Map<string, string>) => campaignView(row, names, audience, now());

  async function managerOf(userId: string): Promise<string> {
    const caller = await deps.teams.requireManagerWith(userId, 'campaigns', 'manage campaigns');
    return caller.organization.id;
  }

  const { rulesOf, valuesOf, assertFits } = createCampaignValues(deps);

  return {
    async list(userId: string) {
      const orgId = await managerOf(userId);
      const rules = await rulesOf(orgId);
      const names = new Map(rules.map((r) => [r.id, r.name]));
      const rows = await repo.list(orgId);
      return {
        campaigns: await Promise.all(rows.map((row) => viewOf(row, names))),
        rules,
        overlapRule: ONE_CAMPAIGN_RULE,
        workspaceConnected: await audience.placement.isWorkspaceConnected(orgId),
      };
    },

    async create(userId: string, body: CampaignBody): Promise<CampaignView> {
      const orgId = await managerOf(userId);
      const values = await valuesOf(userId, orgId, body);
      await assertFits(orgId, values);
      const row = await repo.insert(orgId, values, userId);
      await edges.schedule(row);
      // Group members are known once a sync has read the groups; that sync pushes them (decision 0236).
      if (values.audienceGroups) await deps.readGroups?.(userId);
      const names = new Map((await rulesOf(orgId)).map((r) => [r.id, r.name]));
      return viewOf(row, names);
    },

    async update(userId: string, id: string, body: CampaignBody): Promise<CampaignView> {
      const orgId = await managerOf(userId);
      const before = await repo.find(orgId, id);
      if (!before) throw campaignNotFound();
      if (before.endsAt <= now()) throw invalid(ENDED_CAMPAIGN_WORDS);
      const values = await valuesOf(userId, orgId, body);
      await assertFits(orgId, values);
      const at = now();
      const row = await repo.update(orgId, id, values, userId, at);
      if (!row) throw campaignNotFound();
      await edges.schedule(row);
      if (values.audienceGroups) await deps.readGroups?.(userId);
      // A running campaign (before or after the change) reaches Gmail now, once: the edges already
      // passed were claimed by the update; later edges have their jobs.
      if (isRunning(before, at) || isRunning(row, at))
        await edges.pushAudiences(orgId, [before, row], 'Campaign change');
      const names = new Map((await rulesOf(orgId)).map((r) => [r.id, r.name]));
      return viewOf(row, names);
    },

    /** "End now": a running campaign ends at this instant and its banner leaves Gmail with one push. */
    async end(userId: string, id: string): Promise<CampaignView> {
      const orgId = await managerOf(userId);
      const before = await repo.find(orgId, id);
      if (!before) throw campaignNotFound();
      const row = await repo.endNow(orgId, id, now(), userId);
      if (!row)
        throw invalid(
          before.endsAt <= now()
            ? 'This campaign has already ended.'
            : 'This campaign has not started yet: delete it, or change its dates.',
        );
      await edges.pushAudiences(orgId, [row], 'Campaign ended');
      const names = new Map((await rulesOf(orgId)).map((r) => [r.id, r.name]));
      return viewOf(row, names);
    },

    async remove(userId: string, id: string): Promise<{ ok: true }> {
      const orgId = await managerOf(userId);
      const row = await repo.remove(orgId, id);
      if (!row) throw campaignNotFound();
      if (isRunning(row, now())) await edges.pushAudiences(orgId, [row], 'Campaign deleted');
      return { ok: true };
    },

    /** A campaign's clicks (chart) and the same as CSV: owners and admins of its organization only. */
    async clicks(userId: string, id: string, as: 'summary' | 'csv') {
      const orgId = await managerOf(userId);
      const row = await repo.find(orgId, id);
      if (!row) throw campaignNotFound();
      const names = new Map((await rulesOf(orgId)).map((r) => [r.id, r.name]));
      return as === 'csv' ? deps.clicks.csvOf(row, names) : deps.clicks.summaryOf(row, names);
    },

    /** The banner a signed-in person sees now (their editor's preview, Copy to Gmail), or null. */
    bannerForUser: (userId: string) => audience.bannerForUser(userId, now()),
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
