import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, daysAfter, daysUntil } from './duration';

describe('durations', () => {
  it('names a day and an hour in milliseconds', () => {
    expect(DAY_MS).toBe(86_400_000);
    expect(HOUR_MS).toBe(3_600_000);
  });

  it('adds whole days to a date or a timestamp', () => {
    expect(daysAfter(new Date('2026-01-30T10:00:00Z'), 3).toISOString()).toBe('2026-02-02T10:00:00.000Z');
    expect(daysAfter(0, 1).getTime()).toBe(DAY_MS);
  });

  it('counts the days left rounded up, and none once passed', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(daysUntil(now + DAY_MS + 1, now)).toBe(2);
    expect(daysUntil(now + DAY_MS, now)).toBe(1);
    expect(daysUntil(now - 5, now)).toBe(0);
  });
});
