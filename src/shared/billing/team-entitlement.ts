import { isPaidPlanId } from './plans';
import { shouldShowWatermark } from './watermark';

/**
 * What a person's status counts as in the product. Their own paid status stands; otherwise a seat in
 * an organization on a paid plan, paid for by its owner or an admin who is in good standing, counts
 * as `active` — a team's members get no watermark and are not sent to the pricing page.
 * docs/decisions/0050-team-members-share-the-plan.md.
 */
export function effectiveSubscriptionStatus(input: {
  own: string;
  organizationPlan: string | null | undefined;
  /** Statuses of the organization's owner and admins (the people who can pay for it). */
  payerStatuses: readonly (string | null | undefined)[];
}): { status: string; coveredByTeam: boolean } {
  if (!shouldShowWatermark(input.own)) return { status: input.own, coveredByTeam: false };
  const teamPays = isPaidPlanId(input.organizationPlan) && input.payerStatuses.some((s) => !shouldShowWatermark(s));
  return teamPays ? { status: 'active', coveredByTeam: true } : { status: input.own, coveredByTeam: false };
}
