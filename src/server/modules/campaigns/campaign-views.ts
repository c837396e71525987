import type { CampaignView } from '../../../shared/api/campaigns';
import { isRunning, utcToZonedTime } from '../../../shared/campaigns/campaign-schedule';
import type { CampaignAudience } from './campaign-audience';
import type { CampaignRow } from './campaigns.repository';

/** A campaign as the admin's screen reads it: its times in its zone, its audience in words, its status at `now`. */
export async function campaignView(
  row: CampaignRow,
  ruleNames: Map<string, string>,
  audience: Pick<CampaignAudience, 'markupOf'>,
  now: Date,
): Promise<CampaignView> {
  const ids = row.audienceRuleIds;
  const groups = row.audienceGroups;
  return {
    id: row.id,
    imageUrl: row.imageUrl,
    altText: row.altText,
    linkUrl: row.linkUrl,
    startsAt: utcToZonedTime(row.startsAt, row.timeZone),
    endsAt: utcToZonedTime(row.endsAt, row.timeZone),
    timeZone: row.timeZone,
    startsAtUtc: row.startsAt.toISOString(),
    endsAtUtc: row.endsAt.toISOString(),
    audience: groups
      ? { kind: 'groups', groups }
      : ids === null
        ? { kind: 'everyone' }
        : { kind: 'rules', ruleIds: ids },
    audienceWords: groups
      ? `Google groups: ${groups.join(', ')}`
      : ids === null
        ? 'Everyone'
        : ids.map((id) => ruleNames.get(id) ?? 'A deleted rule').join(', '),
    status: isRunning(row, now) ? 'running' : row.endsAt <= now ? 'ended' : 'scheduled',
    bannerHtml: (await audience.markupOf(row, null)).html,
    updatedAt: row.updatedAt.toISOString(),
  };
}
