import { describe, expect, it } from 'vitest';
import type { Analytics } from '../analytics/analytics.service';
import { recordWatermarkShown } from './watermark-events.service';

function fakeAnalytics() {
  const recorded: Array<{ name: string; userId: string | null; properties: Record<string, unknown> }> = [];
  const analytics = {
    record: async (name: string, userId: string | null, properties: Record<string, unknown> = {}) => {
      recorded.push({ name, userId, properties });
    },
  } as unknown as Analytics;
  return { analytics, recorded };
}

describe('recordWatermarkShown', () => {
  it('records free_plan_watermark_shown for every status that carries the watermark', async () => {
    const { analytics, recorded } = fakeAnalytics();
    for (const status of ['free', 'none', 'past_due', 'canceled', null]) {
      expect(await recordWatermarkShown(analytics, 'u1', status, { signatureId: 's1' })).toBe(true);
    }
    expect(recorded).toHaveLength(5);
    expect(recorded[0]).toEqual({
      name: 'free_plan_watermark_shown',
      userId: 'u1',
      properties: { subscriptionStatus: 'free', signatureId: 's1' },
    });
  });

  it('records nothing for paying statuses', async () => {
    const { analytics, recorded } = fakeAnalytics();
    expect(await recordWatermarkShown(analytics, 'u1', 'active')).toBe(false);
    expect(await recordWatermarkShown(analytics, 'u1', 'lifetime')).toBe(false);
    expect(recorded).toEqual([]);
  });
});
