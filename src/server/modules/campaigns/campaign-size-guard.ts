import { gmailStoredLength, overGmailLimit, SIGNATURE_SIZE_LIMIT } from '../../../shared/signature/gmail-size';
import type { BannerMarkup } from '../../../shared/campaigns/campaign-banner';
import { invalid } from '../../errors';
import type { MeasuredPerson } from '../workspace/workspace.service';

type Over = { email: string; name: string; stored: number };
const n = (value: number) => value.toLocaleString('en-US');

/**
 * The size guard counts the banner (decision 0222): every person of the audience, with the longest
 * signature they have (each directory person's as the push would write it, each member's own editor
 * signatures), must stay within the one limit (decision 0160) with the banner under it; else the
 * campaign is not saved, and the words name who would go over.
 */
export function createCampaignSizeGuard(deps: {
  /** A member's longest own signature as Copy to Gmail sends it, with the banner (signatures module). */
  longestExport: (userId: string, banner: BannerMarkup) => Promise<number>;
}) {
  async function memberOver(banner: BannerMarkup, member: { id: string; email: string; name: string }) {
    const stored = await deps.longestExport(member.id, banner);
    return overGmailLimit(stored) ? { email: member.email, name: member.name, stored } : null;
  }

  return {
    async assertFits(
      banner: (ruleId: string | null) => Promise<BannerMarkup>,
      directory: { person: MeasuredPerson; ruleId: string | null }[],
      members: { person: { id: string; email: string; name: string }; ruleId: string | null }[],
    ): Promise<void> {
      const over: Over[] = [];
      for (const { person, ruleId } of directory) {
        const stored = gmailStoredLength(person.html + (await banner(ruleId)).html);
        if (overGmailLimit(stored)) over.push({ email: person.email, name: person.name, stored });
      }
      for (const { person, ruleId } of members) {
        const found = await memberOver(await banner(ruleId), person);
        if (found && !over.some((o) => o.email === found.email)) over.push(found);
      }
      if (!over.length) return;
      over.sort((a, b) => b.stored - a.stored);
      const first = over[0]!;
      const others = over.length > 1 ? ` and ${over.length - 1} more ${over.length === 2 ? 'person' : 'people'}` : '';
      const words = `This campaign cannot be saved: with the banner, the signature of ${first.name} (${first.email})${others} would take ${n(first.stored)} characters once Gmail stores it, over the limit of ${n(SIGNATURE_SIZE_LIMIT)}. Shorten the alt text, or leave them out of the audience.`;
      throw invalid(words, { audience: words });
    },
  };
}
