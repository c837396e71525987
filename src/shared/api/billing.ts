import { z } from 'zod';
import { changePlanSchema, createCheckoutSchema, paymentSuccessSchema } from '../billing/checkout-schema';
import { defineRoute, idParams, isoDateTime } from './contract';

const tags = ['billing'] as const;

/** GET /api/billing: the signed-in person's plan, subscription and payments (the billing tab reads it). */
export const billingOverviewSchema = z
  .object({
    /** stripe, or test when the built-in test payment page stands in for Stripe. */
    provider: z.enum(['stripe', 'test']),
    subscriptionStatus: z.string(),
    subscriptionPlan: z.string().nullable(),
    statusLabel: z.string(),
    subscription: z
      .object({
        plan: z.string(),
        billingPeriod: z.string(),
        seats: z.number(),
        /** The provider's own word (trialing, active, past_due…), for the details line. */
        providerStatus: z.string(),
        trialEndsAt: isoDateTime.nullable(),
        currentPeriodEnd: isoDateTime.nullable(),
        cancelAtPeriodEnd: z.boolean(),
      })
      .nullable(),
    payments: z.array(
      z.object({
        id: z.string(),
        date: isoDateTime,
        /** Cents. */
        amount: z.number(),
        currency: z.string(),
        status: z.string(),
        description: z.string(),
        url: z.string().nullable(),
      }),
    ),
    /** True when there is a billing account to manage (Stripe customer portal). */
    canManageBilling: z.boolean(),
    /** True when a new checkout would be refused (a live subscription or lifetime access). */
    hasLivePlan: z.boolean(),
    /** What the person can do to their live subscription from the billing tab (either provider). */
    actions: z.object({
      cancel: z.boolean(),
      resume: z.boolean(),
      change: z.boolean(),
      testRefund: z.boolean(),
      /** TEST MODE payments, the owner, and the organization's trial (or a plan's trial within it) running: "End trial now (test mode)". */
      testEndTrial: z.boolean(),
    }),
    /** False once the organization's trial is over, or the person or organization has had a subscription: checkout then charges at once. */
    trialAvailable: z.boolean(),
    /** When a subscription bought now would first be charged: the end of the organization's trial (0151); null when at once. */
    checkoutTrialEnd: isoDateTime.nullable(),
    /** What happens to the plan this person pays for if they leave their organization; null when nothing. */
    leaveNotice: z.string().nullable(),
  })
  .meta({ id: 'BillingOverview' });

/** GET /api/billing/entitlement: whether the person's signatures carry the watermark, and why. */
export const entitlementSchema = z.object({
  subscriptionStatus: z.string(),
  watermark: z.boolean(),
  coveredByTeam: z.boolean(),
  seatNotice: z.string().nullable(),
});

/** GET /api/test-payments/:id: what the test payment page shows. */
export const testPaymentViewSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  planName: z.string(),
  billingPeriod: z.string(),
  kind: z.enum(['subscription', 'lifetime']),
  lines: z.array(
    z.object({
      name: z.string(),
      unitAmount: z.number(),
      quantity: z.number(),
      interval: z.enum(['month', 'year']).nullable(),
    }),
  ),
  /** Cents charged now. */
  dueToday: z.number(),
  /** Cents per interval after the trial; 0 for lifetime. */
  recurringTotal: z.number(),
  /** When the first payment is taken, after the organization's trial (0151); null: today. */
  firstPaymentOn: isoDateTime.nullable(),
  email: z.string(),
  successUrl: z.string(),
  cancelUrl: z.string(),
});
/** What Pay and Cancel answer: where the page goes next. */
export const testPaymentResultSchema = z.object({ redirectUrl: z.string() });

export const createCheckoutResponseSchema = z.object({ url: z.string(), sessionId: z.string() });
export const paymentSuccessResponseSchema = z.object({
  ok: z.literal(true),
  /** complete: the plan is in place; pending: the provider has not finished taking the payment yet. */
  state: z.enum(['complete', 'pending']),
  subscriptionStatus: z.string(),
  subscriptionPlan: z.string().nullable(),
  /** What happened, in words (a trial names its first charge and date); null while pending. */
  heading: z.string().nullable(),
  message: z.string().nullable(),
});

export const billingApi = {
  selectFreePlan: defineRoute({
    method: 'POST',
    path: '/api/select-free-plan',
    summary: "Stay on the free plan when the organization's trial ends (the trial runs on)",
    tags,
    responses: { 200: z.object({ ok: z.literal(true), subscriptionStatus: z.string() }) },
  }),
  startCheckout: defineRoute({
    method: 'POST',
    path: '/api/create-checkout-session',
    summary: 'Start paying for a plan: answers the checkout page to open (Stripe, or the test payment page)',
    tags,
    body: createCheckoutSchema,
    responses: { 200: createCheckoutResponseSchema },
  }),
  confirmPayment: defineRoute({
    method: 'POST',
    path: '/api/payment-success',
    summary: "The success page's confirmation of your own checkout session",
    tags,
    body: paymentSuccessSchema,
    responses: { 200: paymentSuccessResponseSchema },
  }),
  overview: defineRoute({
    method: 'GET',
    path: '/api/billing',
    summary: 'Your plan, subscription and payments',
    tags,
    responses: { 200: billingOverviewSchema },
  }),
  entitlement: defineRoute({
    method: 'GET',
    path: '/api/billing/entitlement',
    summary: 'Whether your signatures carry the watermark, and why',
    tags,
    responses: { 200: entitlementSchema },
  }),
  portal: defineRoute({
    method: 'POST',
    path: '/api/billing/portal',
    summary: "Open Stripe's customer portal (payment methods, receipts)",
    tags,
    responses: { 200: z.object({ url: z.string() }) },
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/billing/cancel',
    summary: 'Cancel at the end of the period already paid for',
    tags,
    responses: { 200: billingOverviewSchema },
  }),
  resume: defineRoute({
    method: 'POST',
    path: '/api/billing/resume',
    summary: 'Take back a cancellation that has not taken effect',
    tags,
    responses: { 200: billingOverviewSchema },
  }),
  changePlan: defineRoute({
    method: 'POST',
    path: '/api/billing/change-plan',
    summary: 'Switch plan, billing period or seats in place',
    tags,
    body: changePlanSchema,
    responses: { 200: billingOverviewSchema },
  }),
  stripeWebhook: defineRoute({
    method: 'POST',
    path: '/api/webhooks/stripe',
    summary:
      "Stripe's events, verified by the Stripe-Signature header over the raw body (404 when Stripe is not configured)",
    tags,
    responses: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
  }),
  testRefund: defineRoute({
    method: 'POST',
    path: '/api/billing/test-refund',
    summary: 'Test mode only: give the money back, which takes the plan away',
    tags,
    responses: { 200: billingOverviewSchema },
  }),
  testEndTrial: defineRoute({
    method: 'POST',
    path: '/api/billing/test-end-trial',
    summary: "Test mode only, the owner: end the organization's trial now, as Stripe's test clocks skip ahead",
    tags,
    responses: { 200: billingOverviewSchema },
  }),
  testPaymentView: defineRoute({
    method: 'GET',
    path: '/api/test-payments/:id',
    summary: 'Test mode only: what the test payment page shows',
    tags,
    params: idParams,
    responses: { 200: testPaymentViewSchema },
  }),
  testPaymentPay: defineRoute({
    method: 'POST',
    path: '/api/test-payments/:id/pay',
    summary: 'Test mode only: pay (no money is taken)',
    tags,
    params: idParams,
    responses: { 200: testPaymentResultSchema },
  }),
  testPaymentCancel: defineRoute({
    method: 'POST',
    path: '/api/test-payments/:id/cancel',
    summary: 'Test mode only: leave the payment page',
    tags,
    params: idParams,
    responses: { 200: testPaymentResultSchema },
  }),
};

export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>;
export type PaymentSuccessResponse = z.infer<typeof paymentSuccessResponseSchema>;
