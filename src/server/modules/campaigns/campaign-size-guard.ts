import { gmailStoredLength, overGmailLimit, SIGNATURE_SIZE_LIMIT } from '../../../shared/signature/gmail-size';
import type { BannerMarkup } from '../../../shared/campaigns/campaign-banner';
import { renderSignature } from '../../../shared/signature/render-signature';
import type { SignatureFields } from '../../../shared/signature/signature-schema';
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
  publicUrl: string;
  /** A member's own editor signatures (signatures module). */
  listSignatures: (userId: string) => Promise<SignatureFields[]>;
}) {
  async function memberOver(banner: BannerMarkup, member: { id: string; email: string; name: string }) {
    let stored = 0;
    for (const fields of await deps.listSignatures(member.id)) {
      const with_ = renderSignature(fields, { publicUrl: deps.publicUrl, showWatermark: false, banner });
      stored = Math.max(stored, with_.storedLength);
    }
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
      const words = `This campaign cannot be saved: with the banner, the signature of ${first.name} (${first.email})${others} would take ${n(first.stored)} characters once Gmail stores it, over the limit of ${n(SIGNATURE_SIZE_LIMIT)}. Shorten the alt text or the banner link, or leave them out of the audience.`;
      throw invalid(words, { audience: words });
    },
  };
}
