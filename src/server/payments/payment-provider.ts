import type { QuoteLine } from '../../shared/billing/checkout-quote';

/**
 * What billing needs from a payment provider. Stripe implements it when STRIPE_SECRET_KEY is set;
 * the built-in test provider (a test payment page on this server) otherwise. Both speak Stripe's
 * vocabulary for statuses, so the billing rules have one mapping to keep.
 */
export type ProviderName = 'stripe' | 'test';

/** A line of the payment page: the quote's line as priced from the server's catalogue. */
export type CheckoutLineInput = QuoteLine;

export type CreateCheckoutSessionInput = {
  mode: 'subscription' | 'payment';
  customerId: string;
  lines: CheckoutLineInput[];
  /**
   * When the first charge comes (subscriptions only): the end of the organization's running trial,
   * so buying during it starts no second trial (decision 0151). Null charges at once.
   */
  trialEnd: Date | null;
  /** A provider promotion code id to apply; when absent the payment page lets the person enter one. */
  promotionCodeId: string | null;
  /** Our ids, carried on the session and its subscription so events can be traced back to us. */
  metadata: Record<string, string>;
  clientReferenceId: string;
  /** Must contain {CHECKOUT_SESSION_ID}, replaced by the provider with the session id. */
  successUrl: string;
  cancelUrl: string;
  customerEmail: string;
};

export type ProviderCheckoutSession = {
  id: string;
  url: string | null;
  mode: 'subscription' | 'payment';
  /** open, complete or expired */
  status: string;
  /** paid, unpaid or no_payment_required */
  paymentStatus: string;
  subscriptionId: string | null;
  customerId: string | null;
  amountTotal: number | null;
  currency: string | null;
  metadata: Record<string, string>;
};

export type ProviderSubscription = {
  id: string;
  /** Stripe's words: trialing, active, past_due, unpaid, paused, canceled, incomplete, incomplete_expired. */
  status: string;
  customerId: string | null;
  metadata: Record<string, string>;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
};

export type ProviderInvoice = {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  /** Cents: paid amount for a paid invoice, amount due otherwise. */
  amount: number;
  currency: string;
  status: 'paid' | 'failed';
  description: string;
  url: string | null;
};

/** A provider event reduced to what billing acts on. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** Seconds since the epoch, as the provider stamped it. */
  created: number;
  subject:
    | { kind: 'checkout_session'; id: string }
    | { kind: 'subscription'; id: string }
    | { kind: 'invoice'; invoice: ProviderInvoice }
    /** Money went back: a charge refunded, or a dispute opened against it (the dispute's id). */
    | { kind: 'charge'; reason: 'refunded' | 'disputed'; chargeId: string | null; disputeId: string | null }
    | { kind: 'ignored' };
};

/** What a charge paid for, re-read from the provider; the ids are null when it was not one of ours. */
export type ChargedPurchase = {
  chargeId: string;
  /** The whole amount went back (a partial refund is a goodwill credit and takes nothing away). */
  fullyRefunded: boolean;
  disputed: boolean;
  /** The checkout session of a one-time (lifetime) payment. */
  lifetimeSessionId: string | null;
  /** The subscription whose invoice the charge paid, and that invoice. */
  subscriptionId: string | null;
  invoiceId: string | null;
};

/** A subscription's new lines and metadata (plan, billing period, seats) for an in-place change. */
export type SubscriptionChangeInput = {
  lines: CheckoutLineInput[];
  metadata: Record<string, string>;
};

export class WebhookSignatureError extends Error {}
export class WebhookNotConfiguredError extends Error {}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCustomer(input: { email: string; name: string; userId: string }): Promise<string>;
  /** The provider's id for an active promotion code the person typed, or null when there is none. */
  findPromotionCode(code: string): Promise<string | null>;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /**
   * Stops a subscription: at the end of the paid period (or trial), or at once (account deletion).
   * The caller re-reads the subscription afterwards; nothing is returned to trust.
   */
  cancelSubscription(id: string, when: 'period_end' | 'now'): Promise<void>;
  /** Takes back a cancellation scheduled for the period end. */
  resumeSubscription(id: string): Promise<void>;
  /** Switches plan, billing period or seats in place; the provider prorates the difference. */
  changeSubscription(id: string, input: SubscriptionChangeInput): Promise<void>;
  /** A page where the customer manages payment method, invoices and cancellation. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Re-reads a refunded or disputed charge and finds what it paid for; null when the provider does not know it. */
  findChargedPurchase(ref: { chargeId: string | null; disputeId: string | null }): Promise<ChargedPurchase | null>;
  /** Verifies the signature on the exact bytes received and returns the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}
