import { getPlan, INCLUDED_SEATS, type PlanCapability, type PlanId } from './plans';

/**
 * Which plan's capabilities an organization has now. A running 7-day organization trial has Pro's,
 * whatever plan its people chose meanwhile (choosing Free no longer ends it); a trial that ran out
 * has Free's, even before the end-of-trial job moves the stored plan to `free`.
 * docs/decisions/0024-seats-tiers-trials-refunds.md, 0150-the-trial-runs-its-seven-days.md.
 */
export type PlanTier = PlanId | 'trial';

export const CAPABILITY_LABELS: Record<PlanCapability, { words: string; plural: boolean }> = {
  teamMembers: { words: 'Team members', plural: true },
  teamRoles: { words: 'Team roles (admins)', plural: true },
  signatureDefaults: { words: 'Organization signature defaults', plural: true },
  organizationTemplates: { words: 'Organization templates', plural: true },
  workspacePush: { words: 'Google Workspace push', plural: false },
  severalSignatures: { words: 'Several signatures', plural: true },
  campaigns: { words: 'Campaigns', plural: true },
};

export function organizationTier(org: { plan: string; trialEndsAt: Date | string | null }, now = new Date()): PlanTier {
  if (org.plan === 'trial') {
    const end = org.trialEndsAt === null ? null : new Date(org.trialEndsAt);
    return end !== null && end.getTime() > now.getTime() ? 'trial' : 'free';
  }
  if (org.plan === 'standard' || org.plan === 'pro') return org.plan;
  return 'free';
}

/** True while the organization's own 7-day trial runs (nothing bought yet). */
export function trialRunning(org: { plan: string; trialEndsAt: Date | string | null }, now = new Date()): boolean {
  return organizationTier(org, now) === 'trial';
}

/**
 * The organization's plan and seats as they stand at `now`: a trial past its end reads as Free with
 * its one seat, so no answer ever shows a trial that has ended (the job that stores it may run later).
 */
export function organizationPlanNow<T extends { plan: string; trialEndsAt: Date | string | null; seats: number }>(
  org: T,
  now = new Date(),
): T {
  return org.plan === 'trial' && !trialRunning(org, now) ? { ...org, plan: 'free', seats: INCLUDED_SEATS } : org;
}

/** The catalogue's capabilities for a tier; the trial gives Pro's. */
export function capabilitiesOf(tier: PlanTier): readonly PlanCapability[] {
  return getPlan(tier === 'trial' ? 'pro' : tier).capabilities;
}

export function hasCapability(tier: PlanTier, capability: PlanCapability): boolean {
  return capabilitiesOf(tier).includes(capability);
}

/** The cheapest plan that has a capability (the one an upgrade names). */
export function planNeededFor(capability: PlanCapability): 'Standard' | 'Pro' {
  return getPlan('standard').capabilities.includes(capability) ? 'Standard' : 'Pro';
}

/** The words a refusal carries: what is missing, which plan has it, and who can upgrade. */
export function capabilityRefusal(capability: PlanCapability): string {
  const { words, plural } = CAPABILITY_LABELS[capability];
  return `${words} ${plural ? 'are' : 'is'} part of the ${planNeededFor(capability)} plan. Ask your organization's owner or an admin to upgrade under Plan & Billing.`;
}

/** Every capability with whether the tier has it, for screens that show the rest as upgrades. */
export function describeCapabilities(tier: PlanTier): Record<PlanCapability, boolean> {
  const have = capabilitiesOf(tier);
  return Object.fromEntries(
    Object.keys(CAPABILITY_LABELS).map((c) => [c, have.includes(c as PlanCapability)]),
  ) as Record<PlanCapability, boolean>;
}
