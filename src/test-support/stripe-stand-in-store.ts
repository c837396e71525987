import { randomBytes } from 'node:crypto';

export type Json = Record<string, unknown>;
export type Answer = { status: number; body: Json };

export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);

export const notFound = (what: string): Answer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
});

/** What the stand-in's Stripe account holds, object by object. */
export function createStripeStore() {
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const subscriptionReads = new Map<string, number>();
  const promotionCodes = new Map<string, string>();
  const products = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const disputes = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  /** payment intent id → invoice id, for /v1/invoice_payments */
  const invoicePayments = new Map<string, string>();
  return {
    customers,
    sessions,
    subscriptions,
    subscriptionReads,
    promotionCodes,
    products,
    charges,
    disputes,
    invoices,
    invoicePayments,
  };
}
export type StripeStore = ReturnType<typeof createStripeStore>;
