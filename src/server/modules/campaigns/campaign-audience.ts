import { campaignBannerMarkup, type BannerMarkup } from '../../../shared/campaigns/campaign-banner';
import { campaignShownTo, inAudience, type ScheduledCampaign } from '../../../shared/campaigns/campaign-schedule';
import { hasCapability, organizationTier } from '../../../shared/billing/plan-features';
import type { RulePerson } from '../../../shared/signature/signature-rules';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  createRulePlacement,
  createSignatureResolver,
  type RulePersonRow,
} from '../signature-rules/signature-rules.service';
import type { TeamsService } from '../teams/teams.service';
import type { CampaignRow, CampaignsRepository } from './campaigns.repository';

export const scheduledOf = (row: CampaignRow): ScheduledCampaign & { row: CampaignRow } => ({
  id: row.id,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  createdAt: row.createdAt,
  audienceRuleIds: row.audienceRuleIds ?? null,
  audienceGroups: row.audienceGroups ?? null,
  row,
});

/** Whom a campaign is for: everyone, rules, or Google groups (both null: everyone). */
export type CampaignAudienceOf = Pick<CampaignRow, 'audienceRuleIds' | 'audienceGroups'>;

/** Where a banner's click goes for people of this rule: the campaign's redirect (decision 0224); `pushing`: a push writes it now. */
export type LinkFor = (row: CampaignRow, ruleId: string | null, pushing?: boolean) => Promise<string>;

/**
 * Who sees which campaign (decision 0222): each person is placed by the organization's rules (the one
 * resolver of decision 0220), and of the running campaigns whose audience holds them the earliest
 * started shows. Organizations whose plan has no campaigns show none.
 */
export function createCampaignAudience(deps: {
  db: Db;
  repo: CampaignsRepository;
  publicUrl: string;
  linkFor?: LinkFor;
  teams: Pick<TeamsService, 'requireMember'>;
}) {
  const { repo, publicUrl } = deps;
  const signaturesOf = createSignatureResolver(deps.db);
  const people = createRulePlacement(deps.db);
  /** The caller's organization, or null for someone in none. */
  const organizationOf = (userId: string) =>
    deps.teams.requireMember(userId).then(
      (caller) => caller.organization.id,
      (error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      },
    );
  const linkFor: LinkFor = deps.linkFor ?? (async (row) => row.linkUrl);

  async function capable(organizationId: string): Promise<boolean> {
    const org = await repo.findOrganization(organizationId);
    return !!org && hasCapability(organizationTier(org), 'campaigns');
  }

  async function markupOf(row: CampaignRow, ruleId: string | null, pushing = false): Promise<BannerMarkup> {
    return campaignBannerMarkup(
      { imageUrl: row.imageUrl, altText: row.altText, href: await linkFor(row, ruleId, pushing) },
      publicUrl,
    );
  }

  /** The banner one person of the organization sees at `now`, or null. */
  async function bannerFor(organizationId: string, person: RulePerson, now = new Date(), pushing = false) {
    const live = (await repo.listLive(organizationId, now)).map(scheduledOf);
    if (!live.length || !(await capable(organizationId))) return null;
    const ruleId = (await signaturesOf(organizationId))(person).match.ruleId;
    const shown = campaignShownTo(live, ruleId, now, person.groups ?? []);
    return shown ? markupOf(shown.row, ruleId, pushing) : null;
  }

  /** Whom the rules place: the directory's people once Workspace is connected, and the members (their own editors). */
  async function everyoneOf(organizationId: string) {
    const directory = (await people.isWorkspaceConnected(organizationId))
      ? await people.listDirectoryPeople(organizationId)
      : [];
    return { directory, members: await people.listMembers(organizationId) };
  }

  return {
    capable,
    /** A campaign not yet saved, as its banner will be: its link as long as a redirect's (the size guard). */
    draftMarkupOf: (values: Pick<CampaignRow, 'imageUrl' | 'altText'>) =>
      campaignBannerMarkup({ ...values, href: `${publicUrl.replace(/\/$/, '')}/c/${'x'.repeat(10)}` }, publicUrl),
    placement: people,
    markupOf,
    bannerFor,
    /** A directory person's banner for the Workspace push (`use`: 'push' writes it now) or its dry run. */
    bannerForPerson: (person: RulePerson & { organizationId: string }, use: 'push' | 'preview') =>
      bannerFor(person.organizationId, person, new Date(), use === 'push'),
    everyoneOf,
    /** The people a campaign's audience holds, each with the rule that placed them. */
    async audienceOf(organizationId: string, of: CampaignAudienceOf, list: RulePersonRow[]) {
      const resolve = await signaturesOf(organizationId);
      return list
        .map((person) => ({ person, ruleId: resolve(person).match.ruleId }))
        .filter(({ person, ruleId }) => inAudience(of, ruleId, person.groups));
    },
    /** The Google groups the rules and the campaigns not yet ended name: the ones a sync reads (decision 0236). */
    async groupsNamed(organizationId: string, now = new Date()): Promise<string[]> {
      const rules = (await people.findRuleSet(organizationId))?.rules ?? [];
      const named = rules.filter((r) => r.kind === 'group').flatMap((r) => r.values);
      for (const row of await repo.listLive(organizationId, now)) named.push(...(row.audienceGroups ?? []));
      return [...new Set(named.map((g) => g.trim().toLowerCase()))];
    },
    /**
     * The banner a signed-in person sees in their editor and in Copy to Gmail: placed as the push
     * places them (their directory entry once Workspace is connected, else as a member), or null.
     */
    async bannerForUser(userId: string, now = new Date()): Promise<BannerMarkup | null> {
      const orgId = await organizationOf(userId);
      if (!orgId || !(await repo.listLive(orgId, now)).length) return null;
      const me = (await people.listMembers(orgId)).find((m) => m.id === userId);
      if (!me) return null;
      const directory = (await people.isWorkspaceConnected(orgId))
        ? (await people.listDirectoryPeople(orgId)).find((p) => p.email === me.email)
        : undefined;
      return bannerFor(orgId, directory ?? me, now);
    },
  };
}

export type CampaignAudience = ReturnType<typeof createCampaignAudience>;
