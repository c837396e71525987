import {
  CAPABILITY_WORDS,
  getPlan,
  INCLUDED_SEATS,
  isCapability,
  PLANS,
  type PlanCapability,
  type PlanId,
} from './plans';

/**
 * Which plan's capabilities an organization has now. A running 7-day organization trial has Pro's,
 * whatever plan its people chose meanwhile (choosing Free no longer ends it); a trial that ran out
 * has Free's, even before the end-of-trial job moves the stored plan to `free`.
 * docs/decisions/0024-seats-tiers-trials-refunds.md, 0150-the-trial-runs-its-seven-days.md.
 */
export type PlanTier = PlanId | 'trial';

/** Every capability the server checks (the keys of the catalogue's words: one list). */
export const PLAN_CAPABILITIES = Object.keys(CAPABILITY_WORDS) as [PlanCapability, ...PlanCapability[]];

/** The one capability whose words are singular ("Google Workspace push is part of …"). */
const SINGULAR: readonly PlanCapability[] = ['workspacePush'];

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

/**
 * The catalogue's capabilities for a tier: what its plan and the plans before it add, the lines their
 * cards show (decision 0230). The trial gives Pro's.
 */
export function capabilitiesOf(tier: PlanTier): readonly PlanCapability[] {
  const upTo = PLANS.indexOf(getPlan(tier === 'trial' ? 'pro' : tier));
  return PLANS.slice(0, upTo + 1).flatMap((plan) => plan.adds.filter(isCapability));
}

export function hasCapability(tier: PlanTier, capability: PlanCapability): boolean {
  return capabilitiesOf(tier).includes(capability);
}

/** The cheapest plan that has a capability (the one an upgrade names). */
export function planNeededFor(capability: PlanCapability): 'Standard' | 'Pro' {
  return capabilitiesOf('standard').includes(capability) ? 'Standard' : 'Pro';
}

/** Who reads a refusal or a lock: someone who may upgrade (owner, admin), or a member who asks the owner. */
export type UpgradeReader = { canManage: true } | { canManage: false; owner: string | null };

/** What is missing, the plan that has it and its monthly price, from the catalogue the cards read. */
export function capabilityPlanWords(capability: PlanCapability): string {
  const words = CAPABILITY_WORDS[capability];
  const plural = !SINGULAR.includes(capability);
  const plan = getPlan(planNeededFor(capability) === 'Pro' ? 'pro' : 'standard');
  return `${words} ${plural ? 'are' : 'is'} part of the ${plan.name} plan ($${plan.price.monthly}/month).`;
}

/**
 * The words a refusal carries: what is missing, which plan has it, and the way on for the reader
 * (decision 0230): owners and admins upgrade, a member asks the owner by name. Without a known
 * reader (someone not in the organization yet) the words name both.
 */
export function capabilityRefusal(capability: PlanCapability, reader?: UpgradeReader): string {
  const head = capabilityPlanWords(capability);
  if (!reader) return `${head} Ask your organization's owner or an admin to upgrade under Plan & Billing.`;
  if (reader.canManage) return `${head} Upgrade under Plan & Billing.`;
  return `${head} Ask ${reader.owner ?? "your organization's owner"} to upgrade.`;
}

/** Every capability with whether the tier has it, for screens that show the rest as upgrades. */
export function describeCapabilities(tier: PlanTier): Record<PlanCapability, boolean> {
  const have = capabilitiesOf(tier);
  return Object.fromEntries(PLAN_CAPABILITIES.map((c) => [c, have.includes(c as PlanCapability)])) as Record<
    PlanCapability,
    boolean
  >;
}
