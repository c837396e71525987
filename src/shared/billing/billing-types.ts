import type { z } from 'zod';
import type {
  billingOverviewSchema,
  entitlementSchema,
  testPaymentResultSchema,
  testPaymentViewSchema,
} from '../api/billing';

/** GET /api/billing: the signed-in person's plan, subscription and payments (the billing tab reads it). */
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** GET /api/billing/entitlement: whether the person's signatures carry the watermark, and why. */
export type EntitlementAnswer = z.infer<typeof entitlementSchema>;

/** GET /api/test-payments/:id: what the test payment page shows. */
export type TestPaymentView = z.infer<typeof testPaymentViewSchema>;

/** What Pay and Cancel answer: where the page goes next. */
export type TestPaymentResult = z.infer<typeof testPaymentResultSchema>;
