/** Durations in milliseconds, the unit of Date.now() and setTimeout. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The moment `count` days after `from` (whole 24-hour days, the way trials and links expire). */
export function daysAfter(from: Date | number, count: number): Date {
  return new Date((typeof from === 'number' ? from : from.getTime()) + count * DAY_MS);
}

/** Whole days from `now` until `until`, rounded up and never negative (a trial's "3 days left"). */
export function daysUntil(until: Date | number, now: Date | number = Date.now()): number {
  return Math.max(0, Math.ceil((Number(until) - Number(now)) / DAY_MS));
}
