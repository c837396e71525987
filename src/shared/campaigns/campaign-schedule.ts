/**
 * When a campaign runs and whom it shows to (docs/decisions/0222-campaigns.md), pure: shared by the
 * server (pushes, Copy to Gmail, the preview's banner, the save's checks) and the admin's form.
 */

/** A date and time as a `datetime-local` field gives it: `2026-12-01T09:00`, seconds optional. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** True for a time zone this runtime knows (IANA names such as Europe/Paris, and UTC). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in minutes (Paris in winter: 60). */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time in `timeZone` names, or null for a malformed one. A time that a
 * clock change skips (02:30 on the spring night) is read with the offset before the change, so it
 * lands an hour later, as clocks do.
 */
export function zonedTimeToUtc(local: string, timeZone: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m || !isTimeZone(timeZone)) return null;
  const [, y, mo, d, h, mi, sec = 0] = m.map((v) => Number(v ?? 0)) as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(y, mo - 1, d, h, mi, sec);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || sec > 59) return null;
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  return new Date(wall - offsetMinutes(first, timeZone) * 60_000);
}

/** The wall-clock time of `instant` in `timeZone`, as a `datetime-local` field shows it (seconds only when not 0). */
export function utcToZonedTime(instant: Date, timeZone: string): string {
  const local = new Date(instant.getTime() + offsetMinutes(instant.getTime(), timeZone) * 60_000).toISOString();
  return local.slice(17, 19) === '00' ? local.slice(0, 16) : local.slice(0, 19);
}

/** A scheduled campaign as the choice of "which one shows" reads it. */
export type ScheduledCampaign = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  /** null: everyone (unless groups are set); else the rules (by id) whose people see it. */
  audienceRuleIds: readonly string[] | null;
  /** When set: the Google groups (lower-case addresses) whose members see it (decision 0236). */
  audienceGroups?: readonly string[] | null;
};

/**
 * Whether a campaign's audience holds a person: `ruleId` is the rule the organization's rules gave
 * them (null when none matched: the default), `groups` the Google groups the directory lists them in.
 */
export function inAudience(
  c: Pick<ScheduledCampaign, 'audienceRuleIds' | 'audienceGroups'>,
  ruleId: string | null,
  groups: readonly string[] = [],
): boolean {
  if (c.audienceGroups) return groups.some((g) => c.audienceGroups!.includes(g.toLowerCase()));
  return c.audienceRuleIds === null || (ruleId !== null && c.audienceRuleIds.includes(ruleId));
}

export const isRunning = (c: Pick<ScheduledCampaign, 'startsAt' | 'endsAt'>, now: Date) =>
  c.startsAt.getTime() <= now.getTime() && now.getTime() < c.endsAt.getTime();

/** Earliest start first; the same start: the one made first; then by id, so every process agrees. */
export function byStart(a: ScheduledCampaign, b: ScheduledCampaign): number {
  return (
    a.startsAt.getTime() - b.startsAt.getTime() ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The one campaign a person sees at `now`: of those running whose audience holds them, the one
 * that started earliest (the rule the admin's screen states). Null when none.
 */
export function campaignShownTo<C extends ScheduledCampaign>(
  campaigns: readonly C[],
  ruleId: string | null,
  now: Date,
  groups: readonly string[] = [],
) {
  return campaigns.filter((c) => isRunning(c, now) && inAudience(c, ruleId, groups)).sort(byStart)[0] ?? null;
}

/** The words the admin's screen states the rule in. */
export const ONE_CAMPAIGN_RULE =
  'At most one campaign shows per person at a time: where campaigns overlap, the one that starts earliest wins.';
