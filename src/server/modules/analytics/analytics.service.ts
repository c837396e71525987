import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { analyticsEvent } from '../../db/schema/signatures.schema';

/** The spec's event names; recorded first-party, never sent to a third party. */
export const ANALYTICS_EVENTS = [
  'signature_created',
  'gmail_export_attempted',
  'plan_upgrade_clicked',
  'free_plan_watermark_shown',
  'user_signed_up',
  'user_logged_in',
  'auth_modal_opened',
  /** One per invitation mail; the invitation limits count these (teams/invitation-limits.ts). */
  'invitation_sent',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export function createAnalytics(db: Db) {
  return {
    async record(name: AnalyticsEventName, userId: string | null, properties: Record<string, unknown> = {}) {
      await db.insert(analyticsEvent).values({ id: randomUUID(), name, userId, properties });
    },
  };
}
export type Analytics = ReturnType<typeof createAnalytics>;
