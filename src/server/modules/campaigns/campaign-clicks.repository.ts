import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaign, campaignClick, campaignLink } from '../../db/schema/campaigns.schema';

/** The redirects of campaigns' banners and their click counters (decision 0224): queries only. */
export function createCampaignClicksRepository(db: Db) {
  const l = campaignLink;
  return {
    /** The short id of a campaign's link for one rule (`''`: no rule), made on first use; the same forever after. */
    async linkFor(campaignId: string, ruleId: string, newShortId: string): Promise<string> {
      const [made] = await db
        .insert(l)
        .values({ shortId: newShortId, campaignId, ruleId })
        .onConflictDoNothing({ target: [l.campaignId, l.ruleId] })
        .returning({ shortId: l.shortId });
      if (made) return made.shortId;
      const [row] = await db
        .select({ shortId: l.shortId })
        .from(l)
        .where(and(eq(l.campaignId, campaignId), eq(l.ruleId, ruleId)));
      return row!.shortId;
    },
    async markPushed(shortId: string, at: Date): Promise<void> {
      await db.update(l).set({ pushedAt: at }).where(eq(l.shortId, shortId));
    },
    /** Where a short id leads, and when its banner was last pushed; undefined for an unknown one. */
    async findLink(shortId: string) {
      const [row] = await db
        .select({ linkUrl: campaign.linkUrl, pushedAt: l.pushedAt })
        .from(l)
        .innerJoin(campaign, eq(campaign.id, l.campaignId))
        .where(eq(l.shortId, shortId));
      return row;
    },
    /** One click on `day` (UTC): one statement, so concurrent clicks from any process add up exactly. */
    async countClick(shortId: string, day: string): Promise<void> {
      await db
        .insert(campaignClick)
        .values({ shortId, day, clicks: 1 })
        .onConflictDoUpdate({
          target: [campaignClick.shortId, campaignClick.day],
          set: { clicks: sql`${campaignClick.clicks} + 1` },
        });
    },
    /** A campaign's clicks per rule and day. */
    async clicksOf(campaignId: string): Promise<{ ruleId: string; day: string; clicks: number }[]> {
      return db
        .select({ ruleId: l.ruleId, day: campaignClick.day, clicks: campaignClick.clicks })
        .from(campaignClick)
        .innerJoin(l, eq(l.shortId, campaignClick.shortId))
        .where(eq(l.campaignId, campaignId))
        .orderBy(asc(campaignClick.day), asc(l.ruleId));
    },
  };
}

export type CampaignClicksRepository = ReturnType<typeof createCampaignClicksRepository>;
