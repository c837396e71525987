/**
 * The one plan catalogue (spec section 9). The pricing page, the landing page's pricing section,
 * checkout and the server all read it; the server charges only what it says.
 */
export const PLAN_IDS = ['free', 'standard', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PaidPlanId = Exclude<PlanId, 'free'>;
export const PAID_PLAN_IDS = ['standard', 'pro'] as const satisfies readonly PaidPlanId[];

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const TRIAL_DAYS = 7;
/** Seats an organization has while on its trial (new accounts, and paid subscriptions still in their trial). */
export const TRIAL_SEATS = 10;
export const INCLUDED_SEATS = 1;
/** Checkout sells up to this many seats; larger teams get volume pricing through sales. */
export const MAX_SELF_SERVE_SEATS = 9;
export const VOLUME_DISCOUNT_NOTE = 'Volume discounts for 10+ users via sales';

/** Per extra seat, in dollars. The annual figure follows the plans' ten-months-for-twelve pricing. */
export const EXTRA_SEAT_PRICE: Record<BillingPeriod, number> = { monthly: 19, annual: 190 };

export const ANNUAL_SAVINGS_LABEL = 'Save 20%';
export const MONEY_BACK_NOTE = 'All plans include a 30-day money-back guarantee';

export const LIFETIME_PROMOTION_CODE = 'LIFETIME1DOLLAR';
/** Dollars, charged once. */
export const LIFETIME_PRICE = 1;
export const LIFETIME_NOTICE = '$1 one-time payment for lifetime access. No subscription, no renewals.';

/**
 * What a plan lets an organization and its people do, enforced by the server
 * (src/shared/billing/plan-features.ts; docs/decisions/0024-seats-tiers-trials-refunds.md).
 * Organization templates and Google Workspace push are sold with Pro but not built yet: whatever
 * route adds them checks the same capability.
 */
export const PLAN_CAPABILITIES = [
  'teamMembers',
  'teamRoles',
  'signatureDefaults',
  'organizationTemplates',
  'workspacePush',
  'severalSignatures',
  'campaigns',
] as const;
export type PlanCapability = (typeof PLAN_CAPABILITIES)[number];

export type Plan = {
  id: PlanId;
  /** Stored as user.subscriptionPlan. */
  name: 'Free' | 'Standard' | 'Pro';
  description: string;
  /** Whole dollars: per month when monthly, per year when annual (what the pricing page shows). */
  price: Record<BillingPeriod, number>;
  /** The landing page shows annual billing as a monthly figure; spec section 9 gives these values. */
  annualPerMonthDisplay: number;
  features: string[];
  /** What the server lets this plan do (the features above, as checks). */
  capabilities: readonly PlanCapability[];
  cta: string;
  popular: boolean;
  includedSeats: number;
  /** Days of free trial before the first charge; 0 for Free. */
  trialDays: number;
};

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Try SignaturePro with one signature design.',
    price: { monthly: 0, annual: 0 },
    annualPerMonthDisplay: 0,
    features: [
      '1 design with watermark',
      'Live Gmail preview',
      'Copy to Gmail in one click',
      'Logo, photo and social icons',
    ],
    capabilities: [],
    cta: 'Start Free',
    popular: false,
    includedSeats: INCLUDED_SEATS,
    trialDays: 0,
  },
  {
    id: 'standard',
    name: 'Standard',
    description: 'A polished signature for professionals, without the watermark.',
    price: { monthly: 19, annual: 190 },
    annualPerMonthDisplay: 15,
    features: [
      'No watermark',
      'All templates, colours and fonts',
      'Logo, photo and 9 social profiles',
      'Several signatures',
      'Team members on the seats you buy',
      '1 seat included, extra seats $19/month',
      'Email support',
    ],
    capabilities: ['teamMembers', 'severalSignatures'],
    cta: 'Start 7-Day Free Trial',
    popular: true,
    includedSeats: INCLUDED_SEATS,
    trialDays: TRIAL_DAYS,
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'Consistent, on-brand signatures for your whole team.',
    price: { monthly: 199, annual: 1990 },
    annualPerMonthDisplay: 159,
    features: [
      'Everything in Standard',
      'Organization signature defaults',
      'Team members and roles',
      '1 seat included, extra seats $19/month',
      'Priority support',
      VOLUME_DISCOUNT_NOTE,
    ],
    // Pro has every capability.
    capabilities: PLAN_CAPABILITIES,
    cta: 'Start 7-Day Free Trial',
    popular: false,
    includedSeats: INCLUDED_SEATS,
    trialDays: TRIAL_DAYS,
  },
];

export function findPlan(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export function getPlan(id: PlanId): Plan {
  const plan = findPlan(id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

export function isPaidPlanId(id: string | null | undefined): id is PaidPlanId {
  return id === 'standard' || id === 'pro';
}

export function isBillingPeriod(value: string | null | undefined): value is BillingPeriod {
  return value === 'monthly' || value === 'annual';
}

/** The plan id for a stored subscriptionPlan name ('Standard' → 'standard'). */
export function planIdFromName(name: string | null | undefined): PlanId | undefined {
  return PLANS.find((p) => p.name === name)?.id;
}
