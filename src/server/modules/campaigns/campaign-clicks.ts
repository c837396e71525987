import { randomBytes } from 'node:crypto';
import { AppError } from '../../errors';
import type { CampaignClicks } from '../../../shared/api/campaigns';
import { DAY_MS } from '../../../shared/duration';
import { isLinkScanner, PUSH_QUIET_SECONDS } from '../../../shared/campaigns/click-filter';
import type { CampaignClicksRepository } from './campaign-clicks.repository';
import type { CampaignRow } from './campaigns.repository';

const SHORT_ID = /^[a-z2-7]{10}$/;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** Ten characters of 32: 50 random bits, a short link nobody guesses. */
const newShortId = () => [...randomBytes(10)].map((b) => ALPHABET[b % 32]).join('');
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
/** The most days a chart draws (a year), whatever a campaign's length. */
const MAX_DAYS = 366;

const linkGone = () => new AppError('NOT_FOUND', 'This banner link is no longer in use.');

/**
 * Banner clicks, first-party (docs/decisions/0224-campaign-clicks.md): each banner links to
 * `/c/<short id>` on the public origin, one short id per campaign and rule; the redirect counts a click
 * per link and day and sends the person on at once. It stores no address, no cookie, nothing about who.
 */
export function createCampaignClicks(deps: { repo: CampaignClicksRepository; publicUrl: string; now: () => Date }) {
  const { repo, now } = deps;
  // A link never changes once made: each process remembers the ones it has seen.
  const known = new Map<string, string>();

  async function shortIdFor(campaignId: string, ruleId: string): Promise<string> {
    const key = `${campaignId}:${ruleId}`;
    let id = known.get(key);
    if (!id) {
      id = await repo.linkFor(campaignId, ruleId, newShortId());
      known.set(key, id);
    }
    return id;
  }

  return {
    /** The banner's link for people of `ruleId`; `pushing`: a push writes it now (the quiet seconds start). */
    async linkFor(row: CampaignRow, ruleId: string | null, pushing = false): Promise<string> {
      const id = await shortIdFor(row.id, ruleId ?? '');
      if (pushing) await repo.markPushed(id, now());
      return `${deps.publicUrl.replace(/\/$/, '')}/c/${id}`;
    },

    /** Where `/c/<id>` sends a person; counts the click unless it is a scanner's or comes just after a push. */
    async redirect(shortId: string, userAgent: string | undefined): Promise<string> {
      if (!SHORT_ID.test(shortId)) throw linkGone();
      const link = await repo.findLink(shortId);
      if (!link) throw linkGone();
      const at = now();
      const quiet = link.pushedAt !== null && at.getTime() - link.pushedAt.getTime() < PUSH_QUIET_SECONDS * 1000;
      if (!quiet && !isLinkScanner(userAgent)) await repo.countClick(shortId, utcDay(at));
      return link.linkUrl;
    },

    /** Clicks per day (UTC, from the start to the end or today), the total, and by rule. */
    async summaryOf(row: CampaignRow, ruleNames: Map<string, string>): Promise<CampaignClicks> {
      const rows = await repo.clicksOf(row.id);
      const perDay = new Map<string, number>();
      const perRule = new Map<string, number>();
      for (const r of rows) {
        perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.clicks);
        perRule.set(r.ruleId, (perRule.get(r.ruleId) ?? 0) + r.clicks);
      }
      const first = Date.parse(utcDay(row.startsAt));
      const last = Math.min(Date.parse(utcDay(row.endsAt)), Date.parse(utcDay(now())));
      const days = [];
      for (let t = first; t <= last && days.length < MAX_DAYS; t += DAY_MS) {
        const day = utcDay(new Date(t));
        days.push({ day, clicks: perDay.get(day) ?? 0 });
      }
      const byRule = [...perRule].map(([ruleId, clicks]) => ({
        ruleId: ruleId || null,
        name: ruleId ? (ruleNames.get(ruleId) ?? 'A deleted rule') : 'No rule (the default)',
        clicks,
      }));
      byRule.sort((a, b) => b.clicks - a.clicks || a.name.localeCompare(b.name));
      return { campaignId: row.id, total: rows.reduce((n, r) => n + r.clicks, 0), days, byRule };
    },

    /** The same counts as CSV: one line per day and rule. */
    async csvOf(row: CampaignRow, ruleNames: Map<string, string>): Promise<string> {
      const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
      const lines = ['day,rule,clicks'];
      for (const r of await repo.clicksOf(row.id)) {
        const name = r.ruleId ? (ruleNames.get(r.ruleId) ?? 'A deleted rule') : 'No rule (the default)';
        lines.push(`${r.day},${cell(name)},${r.clicks}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}

export type CampaignClicksService = ReturnType<typeof createCampaignClicks>;
