import type { GeneratedHtml } from '../../../shared/api/signatures';
import { shouldShowWatermark } from '../../../shared/billing/watermark';
import type { BannerMarkup } from '../../../shared/campaigns/campaign-banner';
import { NO_REQUIREMENTS, checkRequiredFields, type FieldRequirements } from '../../../shared/signature/export-checks';
import { checkGmailSize } from '../../../shared/signature/gmail-size-advice';
import { renderSignature } from '../../../shared/signature/render-signature';
import { invalid } from '../../errors';
import type { Analytics } from '../analytics/analytics.service';
import { recordWatermarkShown } from '../billing/watermark-events.service';
import { toSavedSignature } from './saved-signature';
import { signatureNotFound } from './signature-errors';
import { underLocks, type LocksSource } from './signature-locks';
import type { SignaturesRepository } from './signatures.repository';

/** What Gmail receives: the HTML Copy to Gmail sends, rendered here with the caller's watermark rule. */
export function createSignatureExportService(deps: {
  repository: SignaturesRepository;
  analytics: Analytics;
  /** Absolute public URL the rendered HTML points its images and links at. */
  publicUrl: string;
  /** The fields the organization requires before HTML is generated (teams module). */
  signatureDefaults?: { getSignatureDefaults(userId: string): Promise<FieldRequirements | null> };
  locks?: LocksSource;
  bannerFor?: (userId: string) => Promise<BannerMarkup | null>;
}) {
  const { repository, analytics, publicUrl } = deps;

  return {
    /** Renders what Gmail receives with the caller's watermark rule, and keeps it on the signature. */
    async generateSignatureHtml(userId: string, id: string): Promise<GeneratedHtml> {
      const row = await repository.findOwnedSignature(id, userId);
      if (!row) throw signatureNotFound();
      // A signature stored before the locks is sent as the organization has it now.
      const saved = await underLocks(deps.locks, userId, toSavedSignature(row), true);
      const requirements = (await deps.signatureDefaults?.getSignatureDefaults(userId)) ?? NO_REQUIREMENTS;
      const check = checkRequiredFields(saved, requirements);
      if (!check.ok) throw invalid(check.description);
      const subscriptionStatus = await repository.findSubscriptionStatus(userId);
      const showWatermark = shouldShowWatermark(subscriptionStatus);
      const banner = (await deps.bannerFor?.(userId)) ?? null;
      const manifest = renderSignature(saved, { publicUrl, showWatermark, banner });
      const { html, text, storedLength } = manifest;
      // The editor's buttons apply the same rule with the same words (gmail-size-advice.ts).
      const { refusal } = checkGmailSize(saved, { publicUrl, showWatermark, banner }, manifest);
      if (refusal) throw invalid(refusal.message);
      if (!(await repository.saveHtmlSignature(id, userId, html))) throw signatureNotFound();
      await analytics.record('gmail_export_attempted', userId, {
        signatureId: id,
        length: html.length,
        storedLength,
        showWatermark,
      });
      // Recorded with the status the HTML was rendered with, so the event and the watermark agree.
      await recordWatermarkShown(analytics, userId, subscriptionStatus, { signatureId: id });
      return { htmlSignature: html, text, length: html.length, storedLength };
    },

    /** The longest of the person's signatures as Copy to Gmail sends it, `banner` under it (campaigns' size guard). */
    async longestExport(userId: string, banner: BannerMarkup | null): Promise<number> {
      const showWatermark = shouldShowWatermark(await repository.findSubscriptionStatus(userId));
      let longest = 0;
      for (const row of await repository.listSignaturesByUser(userId)) {
        const saved = await underLocks(deps.locks, userId, toSavedSignature(row), true);
        longest = Math.max(longest, renderSignature(saved, { publicUrl, showWatermark, banner }).storedLength);
      }
      return longest;
    },
  };
}
