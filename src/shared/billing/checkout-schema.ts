import { z } from 'zod';
import { requiredString } from '../validation/required-string';
import { normalisePromotionCode } from './checkout-quote';
import { MAX_SELF_SERVE_SEATS } from './plans';

const planType = z.enum(['standard', 'pro'], 'Please choose the Standard or Pro plan.');
const billingPeriod = z.enum(['monthly', 'annual'], 'Please choose monthly or annual billing.');
const seats = z.coerce
  .number('Please choose how many seats you need.')
  .int('Please choose a whole number of seats.')
  .min(1, 'At least one seat is needed.')
  .max(MAX_SELF_SERVE_SEATS, `For more than ${MAX_SELF_SERVE_SEATS} seats, please contact sales for volume pricing.`);

/** POST /api/create-checkout-session. Prices never come from here: only what to buy. */
export const createCheckoutSchema = z.object({
  planType,
  billingPeriod,
  promotionCode: z
    .string('Please enter the promotion code as text.')
    .max(64, 'That promotion code is too long.')
    .nullish()
    .transform((v) => normalisePromotionCode(v)),
  seats: seats.optional().default(1),
});
export type CreateCheckoutInput = z.input<typeof createCheckoutSchema>;

/** POST /api/payment-success. */
export const paymentSuccessSchema = z.object({
  sessionId: requiredString('No payment session found').max(255, 'No payment session found'),
});
/** complete: the plan is in place; pending: the provider has not finished taking the payment yet (shared/api/billing.ts). */

/** POST /api/billing/change-plan: the live subscription's new terms, switched in place. */
export const changePlanSchema = z.object({ planType, billingPeriod, seats });
export type ChangePlanInput = z.input<typeof changePlanSchema>;
