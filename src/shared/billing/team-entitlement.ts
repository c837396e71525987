import { findPlan, isPaidPlanId } from './plans';
import { shouldShowWatermark } from './watermark';

/**
 * What a person's status counts as in the product. Their own paid status stands; otherwise a seat
 * in an organization on a paid plan, paid for by its owner or an admin who is in good standing,
 * counts as `active` — but only as many people are covered as the organization has seats.
 * docs/decisions/0050-team-members-share-the-plan.md, 0024-seats-tiers-trials-refunds.md.
 */
export type TeamMemberFacts = {
  userId: string;
  role: string;
  /** The person's own stored status (what they bought themselves). */
  ownStatus: string;
  joinedAt: Date | string;
  name?: string | null;
  email?: string | null;
};

export type EffectiveStatus = {
  status: string;
  coveredByTeam: boolean;
  /** Why a member beyond the seats (of a paying organization, or of one on Free) sees the watermark, and who can change that; null otherwise. */
  seatNotice: string | null;
};

const pays = (status: string | null | undefined) => !shouldShowWatermark(status);
const isManager = (role: string) => role === 'owner' || role === 'admin';
const time = (d: Date | string) => new Date(d).getTime();

/**
 * The order in which an organization's seats are filled: whoever pays for the plan (an owner or
 * admin with a paid status of their own) first, then the owner, then everyone else by join date.
 * A plain member who bought a plan for themselves needs no seat and is left out.
 */
export function seatOrder(members: readonly TeamMemberFacts[]): TeamMemberFacts[] {
  const rank = (m: TeamMemberFacts) => (isManager(m.role) && pays(m.ownStatus) ? 0 : m.role === 'owner' ? 1 : 2);
  return members
    .filter((m) => !(m.role === 'member' && pays(m.ownStatus)))
    .slice()
    .sort((a, b) => rank(a) - rank(b) || time(a.joinedAt) - time(b.joinedAt) || a.userId.localeCompare(b.userId));
}

/** The people of a paying organization who hold one of its seats (payers included). */
export function seatedUserIds(input: {
  organizationPlan: string | null | undefined;
  seats: number;
  members: readonly TeamMemberFacts[];
}): Set<string> {
  if (!teamPays(input)) return new Set();
  return new Set(
    seatOrder(input.members)
      .slice(0, Math.max(0, input.seats))
      .map((m) => m.userId),
  );
}

function teamPays(input: {
  organizationPlan: string | null | undefined;
  members: readonly TeamMemberFacts[];
}): boolean {
  return isPaidPlanId(input.organizationPlan) && input.members.some((m) => isManager(m.role) && pays(m.ownStatus));
}

const displayName = (m: TeamMemberFacts) => m.name?.trim() || m.email || 'the owner';

/**
 * On Free (a trial that ended with nothing bought, or a plan that ended), the people beyond its one
 * seat are told why their signature carries the watermark and who can choose a plan (0152).
 */
function freeSeatNotice(input: {
  userId: string;
  organizationPlan: string | null | undefined;
  seats: number;
  members: readonly TeamMemberFacts[];
}): string | null {
  if (input.organizationPlan !== 'free') return null;
  const order = seatOrder(input.members);
  const place = order.findIndex((m) => m.userId === input.userId);
  if (place < Math.max(0, input.seats)) return null;
  const seats = input.seats === 1 ? '1 seat' : `${input.seats} seats`;
  const who = input.members
    .filter((m) => isManager(m.role))
    .map((m) => m.name?.trim() || m.email || (m.role === 'owner' ? 'the owner' : 'an admin'))
    .join(' or ');
  return (
    `Your organization is on the Free plan, which has ${seats}, and ${order.length} people use it. Seats go to the owner ` +
    `first, then by the date people joined, so your signature carries the SignaturePro watermark. ` +
    `Ask ${who} to choose Standard or Pro under Plan & Billing.`
  );
}

export function effectiveSubscriptionStatus(input: {
  userId: string;
  own: string;
  organizationPlan: string | null | undefined;
  seats: number;
  members: readonly TeamMemberFacts[];
}): EffectiveStatus {
  if (pays(input.own)) return { status: input.own, coveredByTeam: false, seatNotice: null };
  if (!teamPays(input)) return { status: input.own, coveredByTeam: false, seatNotice: freeSeatNotice(input) };
  if (seatedUserIds(input).has(input.userId)) return { status: 'active', coveredByTeam: true, seatNotice: null };

  const order = seatOrder(input.members);
  const payers = input.members.filter((m) => isManager(m.role) && pays(m.ownStatus));
  const planName = findPlan(input.organizationPlan)?.name ?? 'paid';
  const seats = input.seats === 1 ? '1 seat' : `${input.seats} seats`;
  const who = payers.map(displayName).join(' or ');
  return {
    status: input.own,
    coveredByTeam: false,
    seatNotice:
      `Your organization's ${planName} plan pays for ${seats} and ${order.length} people use it. Seats go to the owner first, ` +
      `then by the date people joined, so your signature carries the SignaturePro watermark. ` +
      `Ask ${who}, who pays for the plan, to add seats under Plan & Billing.`,
  };
}
