import { invalid, notFound } from '../../errors';
import { campaignBodySchema, type CampaignBody, type CampaignView } from '../../../shared/api/campaigns';
import { isRunning, ONE_CAMPAIGN_RULE, zonedTimeToUtc } from '../../../shared/campaigns/campaign-schedule';
import type { TeamsService } from '../teams/teams.service';
import type { MeasuredPerson } from '../workspace/workspace.service';
import type { CampaignAudience } from './campaign-audience';
import type { CampaignClicksService } from './campaign-clicks';
import { campaignView } from './campaign-views';
import type { createCampaignEdges } from './campaign-edges';
import type { createCampaignSizeGuard } from './campaign-size-guard';
import type { CampaignRow, CampaignsRepository, CampaignValues } from './campaigns.repository';

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
  now?: () => Date;
};

const campaignNotFound = () => notFound('That campaign');

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

  async function rulesOf(organizationId: string) {
    const set = await audience.placement.findRuleSet(organizationId);
    return (set?.rules ?? []).map((r) => ({ id: r.id, name: r.name }));
  }

  /** The body as stored: instants from the wall-clock times, the audience's rules checked, the image ours. */
  async function valuesOf(userId: string, organizationId: string, input: CampaignBody): Promise<CampaignValues> {
    const body = campaignBodySchema.parse(input);
    const known = new Set((await rulesOf(organizationId)).map((r) => r.id));
    const ruleIds = body.audience.kind === 'rules' ? [...new Set(body.audience.ruleIds)] : null;
    if (ruleIds?.some((id) => !known.has(id)))
      throw invalid('Please choose the audience’s rules from the list.', {
        audience: 'Please choose the audience’s rules from the list.',
      });
    return {
      imageUrl: await deps.hostedImage(userId, body.imageUrl, 'imageUrl'),
      altText: body.altText,
      linkUrl: body.linkUrl,
      startsAt: zonedTimeToUtc(body.startsAt, body.timeZone)!,
      endsAt: zonedTimeToUtc(body.endsAt, body.timeZone)!,
      timeZone: body.timeZone,
      audienceRuleIds: ruleIds,
    };
  }

  /** Refuses a campaign whose banner would take anyone of its audience over the size limit. */
  async function assertFits(organizationId: string, values: CampaignValues) {
    const draft = audience.draftMarkupOf(values);
    const { directory, members } = await audience.everyoneOf(organizationId);
    const measured = new Map(
      (directory.length ? ((await deps.pushedHtmlsOf?.(organizationId)) ?? []) : []).map((p) => [p.email, p]),
    );
    const heldDirectory = await audience.audienceOf(organizationId, values.audienceRuleIds, directory);
    const heldMembers = await audience.audienceOf(organizationId, values.audienceRuleIds, members);
    await deps.sizeGuard.assertFits(
      async () => draft,
      heldDirectory.flatMap(({ person, ruleId }) => {
        const m = measured.get(person.email);
        return m ? [{ person: m, ruleId }] : [];
      }),
      heldMembers,
    );
  }

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
      };
    },

    async create(userId: string, body: CampaignBody): Promise<CampaignView> {
      const orgId = await managerOf(userId);
      const values = await valuesOf(userId, orgId, body);
      await assertFits(orgId, values);
      const row = await repo.insert(orgId, values, userId);
      await edges.schedule(row);
      const names = new Map((await rulesOf(orgId)).map((r) => [r.id, r.name]));
      return viewOf(row, names);
    },

    async update(userId: string, id: string, body: CampaignBody): Promise<CampaignView> {
      const orgId = await managerOf(userId);
      const before = await repo.find(orgId, id);
      if (!before) throw campaignNotFound();
      const values = await valuesOf(userId, orgId, body);
      await assertFits(orgId, values);
      const row = await repo.update(orgId, id, values, userId);
      if (!row) throw campaignNotFound();
      await edges.schedule(row);
      // A running campaign (before or after the change) reaches Gmail now; later edges have their jobs.
      if (isRunning(before, now()) || isRunning(row, now()))
        await edges.pushAudiences(orgId, [before.audienceRuleIds, row.audienceRuleIds], 'Campaign change');
      const names = new Map((await rulesOf(orgId)).map((r) => [r.id, r.name]));
      return viewOf(row, names);
    },

    async remove(userId: string, id: string): Promise<{ ok: true }> {
      const orgId = await managerOf(userId);
      const row = await repo.remove(orgId, id);
      if (!row) throw campaignNotFound();
      if (isRunning(row, now())) await edges.pushAudiences(orgId, [row.audienceRuleIds], 'Campaign deleted');
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
