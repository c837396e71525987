/** GET /api/billing: the signed-in person's plan, subscription and payments (the billing tab reads it). */
export type BillingOverview = {
  /** stripe, or test when the built-in test payment page stands in for Stripe. */
  provider: 'stripe' | 'test';
  subscriptionStatus: string;
  subscriptionPlan: string | null;
  statusLabel: string;
  subscription: {
    plan: string;
    billingPeriod: string;
    seats: number;
    /** The provider's own word (trialing, active, past_due…), for the details line. */
    providerStatus: string;
    trialEndsAt: string | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  payments: Array<{
    id: string;
    date: string;
    /** Cents. */
    amount: number;
    currency: string;
    status: string;
    description: string;
    url: string | null;
  }>;
  /** True when there is a billing account to manage (Stripe customer portal). */
  canManageBilling: boolean;
  /** True when a new checkout would be refused (a live subscription or lifetime access). */
  hasLivePlan: boolean;
  /** What the person can do to their live subscription from the billing tab (either provider). */
  actions: {
    /** Cancel at the end of the period (or trial) already paid for. */
    cancel: boolean;
    /** Take back a cancellation that has not taken effect yet. */
    resume: boolean;
    /** Switch plan, billing period or seats in place. */
    change: boolean;
    /** Test mode only: give the money back, which takes the plan away as a Stripe refund would. */
    testRefund: boolean;
  };
  /** False once the person or their organization has had a subscription: checkout then charges at once. */
  trialAvailable: boolean;
  /** What happens to the plan this person pays for if they leave their organization; null when nothing. */
  leaveNotice: string | null;
};

/** GET /api/billing/entitlement: whether the person's signatures carry the watermark, and why. */
export type EntitlementAnswer = {
  /** The status the product treats the person by (their own, or a seat on their team's plan). */
  subscriptionStatus: string;
  watermark: boolean;
  coveredByTeam: boolean;
  /** Why a member of a paying organization still sees the watermark, and who can add seats. */
  seatNotice: string | null;
};

/** GET /api/test-payments/:id: what the test payment page shows. */
export type TestPaymentView = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  planName: string;
  billingPeriod: string;
  kind: 'subscription' | 'lifetime';
  lines: Array<{ name: string; unitAmount: number; quantity: number; interval: 'month' | 'year' | null }>;
  /** Cents charged now. */
  dueToday: number;
  /** Cents per interval after the trial; 0 for lifetime. */
  recurringTotal: number;
  trialDays: number;
  email: string;
  successUrl: string;
  cancelUrl: string;
};

/** What Pay and Cancel answer: where the page goes next. */
export type TestPaymentResult = { redirectUrl: string };
