/**
 * The one plan catalogue (spec section 9). The pricing page, the landing page's pricing section,
 * checkout and the server all read it; the server charges only what it says.
 */
export const PLAN_IDS = ['free', 'standard', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PaidPlanId = Exclude<PlanId, 'free'>;

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

/**
 * What a plan lets an organization and its people do, enforced by the server
 * (src/shared/billing/plan-features.ts; docs/decisions/0024-seats-tiers-trials-refunds.md).
 */
export type PlanCapability =
  | 'teamMembers'
  | 'teamRoles'
  | 'signatureDefaults'
  | 'organizationTemplates'
  | 'workspacePush'
  | 'severalSignatures'
  | 'campaigns';

/**
 * A capability in words: the line a plan card shows for it, and the subject of its refusal and its
 * lock ("… are part of the Pro plan"); one list for both (decision 0230).
 */
export const CAPABILITY_WORDS: Record<PlanCapability, string> = {
  severalSignatures: 'Several signatures',
  teamMembers: 'Team members',
  teamRoles: 'Team roles (admins)',
  signatureDefaults: 'Organization signature defaults',
  organizationTemplates: 'Organization templates and signatures by group',
  workspacePush: 'Google Workspace push',
  campaigns: 'Banner campaigns',
};

/** One of a plan's terms that is no capability (the watermark, seats): words, so never one word. */
export type PlanTerm = `${string} ${string}`;

/**
 * A line of a plan card: a capability the plan adds (the server allows it from this plan on, with
 * the words above), or one of its terms.
 */
export type PlanLine = PlanCapability | PlanTerm;

export const isCapability = (line: string): line is PlanCapability => line in CAPABILITY_WORDS;

export type Plan = {
  id: PlanId;
  /** Stored as user.subscriptionPlan. */
  name: 'Free' | 'Standard' | 'Pro';
  description: string;
  /** Whole dollars: per month when monthly, per year when annual (what the pricing page shows). */
  price: Record<BillingPeriod, number>;
  /** The landing page shows annual billing as a monthly figure; spec section 9 gives these values. */
  annualPerMonthDisplay: number;
  /**
   * What this plan adds to the one before it, in the card's order. The server lets a plan do the
   * capabilities listed here and before it (`capabilitiesOf` in plan-features.ts).
   */
  adds: readonly PlanLine[];
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
    adds: [
      '1 design with watermark',
      'Every template, colour and font',
      'Logo, photo and 9 social profiles',
      'Live Gmail preview, Copy to Gmail',
    ],
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
    adds: [
      'No watermark',
      'severalSignatures',
      'teamMembers',
      `1 seat included, extra seats $${EXTRA_SEAT_PRICE.monthly}/month`,
    ],
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
    adds: [
      'workspacePush',
      'organizationTemplates',
      'campaigns',
      'signatureDefaults',
      'teamRoles',
      VOLUME_DISCOUNT_NOTE,
    ],
    cta: 'Start 7-Day Free Trial',
    popular: false,
    includedSeats: INCLUDED_SEATS,
    trialDays: TRIAL_DAYS,
  },
];

/** The lines of a plan's card: the plan before it in one line, then what this plan adds. */
export function planCardLines(plan: Plan): string[] {
  const before = PLANS[PLANS.indexOf(plan) - 1];
  return [
    ...(before ? [`Everything in ${before.name}`] : []),
    ...plan.adds.map((line) => (isCapability(line) ? CAPABILITY_WORDS[line] : line)),
  ];
}

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
