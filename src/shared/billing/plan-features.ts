import { getPlan, type PlanCapability, type PlanId } from './plans';

/**
 * Which plan's capabilities an organization has now. A running 7-day organization trial has Pro's;
 * a trial that ran out (or that Free ended, see decisions.md) has Free's, even before the hourly
 * sweep moves the stored plan to `free`. docs/decisions/0024-seats-tiers-trials-refunds.md.
 */
export type PlanTier = PlanId | 'trial';

export const CAPABILITY_LABELS: Record<PlanCapability, { words: string; plural: boolean }> = {
  teamMembers: { words: 'Team members', plural: true },
  teamRoles: { words: 'Team roles (admins)', plural: true },
  signatureDefaults: { words: 'Organization signature defaults', plural: true },
  organizationTemplates: { words: 'Organization templates', plural: true },
  workspacePush: { words: 'Google Workspace push', plural: false },
  severalSignatures: { words: 'Several signatures', plural: true },
};

export function organizationTier(org: { plan: string; trialEndsAt: Date | string | null }, now = new Date()): PlanTier {
  if (org.plan === 'trial') {
    const end = org.trialEndsAt === null ? null : new Date(org.trialEndsAt);
    return end !== null && end.getTime() > now.getTime() ? 'trial' : 'free';
  }
  if (org.plan === 'standard' || org.plan === 'pro') return org.plan;
  return 'free';
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
