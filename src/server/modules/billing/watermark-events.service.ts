import { shouldShowWatermark } from '../../../shared/billing/watermark';
import type { Analytics } from '../analytics/analytics.service';

/**
 * Records `free_plan_watermark_shown` when HTML carrying the watermark is generated for someone.
 * The signatures module calls this where it renders export HTML (generate-html), passing the
 * status it rendered with, so the event and the watermark can never disagree.
 * Returns whether the event was recorded.
 */
export async function recordWatermarkShown(
  analytics: Analytics,
  userId: string,
  subscriptionStatus: string | null | undefined,
  properties: Record<string, unknown> = {},
): Promise<boolean> {
  if (!shouldShowWatermark(subscriptionStatus)) return false;
  await analytics.record('free_plan_watermark_shown', userId, {
    subscriptionStatus: subscriptionStatus ?? 'none',
    ...properties,
  });
  return true;
}
