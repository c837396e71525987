import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import {
  WebhookNotConfiguredError,
  WebhookSignatureError,
  type CreateCheckoutSessionInput,
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
} from './payment-provider';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string | undefined;
  /** e.g. http://127.0.0.1:12111: points the SDK at a stand-in (tests) instead of api.stripe.com. */
  apiBase: string | undefined;
};

/** The SDK's connection settings for an API base URL; none means Stripe's own host. */
export function stripeConnection(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const dateOf = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);

function toSubscription(sub: Stripe.Subscription): ProviderSubscription {
  // Since the 2025 API versions the billing period lives on the items, not the subscription.
  const periodEnds = sub.items.data.map((item) => item.current_period_end).filter((n) => typeof n === 'number');
  return {
    id: sub.id,
    status: sub.status,
    customerId: idOf(sub.customer),
    metadata: { ...sub.metadata },
    trialEnd: dateOf(sub.trial_end),
    currentPeriodEnd: periodEnds.length > 0 ? dateOf(Math.max(...periodEnds)) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: dateOf(sub.canceled_at),
  };
}

function toInvoice(invoice: Stripe.Invoice, status: 'paid' | 'failed'): ProviderInvoice | null {
  if (!invoice.id) return null;
  return {
    id: invoice.id,
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    customerId: idOf(invoice.customer),
    amount: status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    description: invoice.number ? `Invoice ${invoice.number}` : 'Subscription invoice',
    url: invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? null,
  };
}

/** Reduces a verified Stripe event to the object billing should re-read or record. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, type: event.type, created: event.created };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { ...base, subject: { kind: 'checkout_session', id: event.data.object.id } };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.trial_will_end':
    case 'customer.subscription.pending_update_applied':
    case 'customer.subscription.pending_update_expired':
      return { ...base, subject: { kind: 'subscription', id: event.data.object.id } };
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const invoice = toInvoice(event.data.object, event.type === 'invoice.payment_failed' ? 'failed' : 'paid');
      return { ...base, subject: invoice ? { kind: 'invoice', invoice } : { kind: 'ignored' } };
    }
    // The money went back: whatever the charge paid for is taken away (after a re-read).
    case 'charge.refunded':
      return {
        ...base,
        subject: { kind: 'charge', reason: 'refunded', chargeId: event.data.object.id, disputeId: null },
      };
    case 'charge.dispute.created':
      return {
        ...base,
        subject: { kind: 'charge', reason: 'disputed', chargeId: null, disputeId: event.data.object.id },
      };
    default:
      return { ...base, subject: { kind: 'ignored' } };
  }
}

/**
 * The SDK, loaded when a Stripe provider is made: it is the largest module the server has, and most
 * installations (the test payment page) never use it, so it stays out of start-up (decision 0092).
 */
const loadStripeSdk = () => createRequire(import.meta.url)('stripe') as typeof Stripe;

export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const StripeSdk = loadStripeSdk();
  const stripe = new StripeSdk(options.secretKey, {
    ...stripeConnection(options.apiBase),
    telemetry: false,
    // The SDK retries with idempotency keys, so a retried create cannot make two sessions.
    maxNetworkRetries: 2,
    timeout: 20_000,
  });

  /** The product a line's price belongs to, under an id derived from its name, created on first use. */
  async function productFor(name: string): Promise<string> {
    const id = `signaturepro_${name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')}`.slice(0, 64);
    try {
      return (await stripe.products.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof StripeSdk.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
    }
    try {
      return (await stripe.products.create({ id, name })).id;
    } catch (error) {
      // Another request created it in the meantime.
      if (error instanceof StripeSdk.errors.StripeInvalidRequestError && error.code === 'resource_already_exists')
        return id;
      throw error;
    }
  }

  return {
    name: 'stripe',

    async createCustomer({ email, name, userId }) {
      const customer = await stripe.customers.create({ email, name: name || undefined, metadata: { userId } });
      return customer.id;
    },

    async findPromotionCode(code) {
      const list = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
      return list.data[0]?.id ?? null;
    },

    async createCheckoutSession(input: CreateCheckoutSessionInput) {
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = input.lines.map((line) => ({
        quantity: line.quantity,
        // Prices are made on the fly from our catalogue, so no dashboard set-up is needed.
        price_data: {
          currency: 'usd',
          unit_amount: line.unitAmount,
          product_data: { name: line.name },
          ...(line.interval ? { recurring: { interval: line.interval } } : {}),
        },
      }));
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: input.mode,
        customer: input.customerId,
        client_reference_id: input.clientReferenceId,
        line_items: lineItems,
        metadata: input.metadata,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        // Stripe refuses allow_promotion_codes together with discounts: one or the other.
        ...(input.promotionCodeId
          ? { discounts: [{ promotion_code: input.promotionCodeId }] }
          : { allow_promotion_codes: true }),
        ...(input.mode === 'subscription'
          ? {
              subscription_data: {
                // Stripe's own clock takes over: the first invoice comes at this moment (decision 0151).
                trial_end: input.trialEnd ? Math.floor(input.trialEnd.getTime() / 1000) : undefined,
                metadata: input.metadata,
              },
            }
          : { payment_intent_data: { metadata: input.metadata }, invoice_creation: { enabled: true } }),
      };
      const session = await stripe.checkout.sessions.create(params);
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id): Promise<ProviderCheckoutSession> {
      const s = await stripe.checkout.sessions.retrieve(id);
      return {
        id: s.id,
        url: s.url,
        mode: s.mode === 'subscription' ? 'subscription' : 'payment',
        status: s.status ?? 'open',
        paymentStatus: s.payment_status,
        subscriptionId: idOf(s.subscription),
        customerId: idOf(s.customer),
        amountTotal: s.amount_total,
        currency: s.currency,
        metadata: { ...(s.metadata ?? {}) },
      };
    },

    async retrieveSubscription(id) {
      return toSubscription(await stripe.subscriptions.retrieve(id));
    },

    async cancelSubscription(id, when) {
      if (when === 'now') await stripe.subscriptions.cancel(id);
      else await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    },

    async resumeSubscription(id) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: false });
    },

    async changeSubscription(id, { lines, metadata }) {
      const current = await stripe.subscriptions.retrieve(id);
      // A subscription item's inline price needs a product id (Checkout's product_data is not
      // accepted here): one product per line name, made once under a stable id.
      const items: Stripe.SubscriptionUpdateParams.Item[] = current.items.data.map((item) => ({
        id: item.id,
        deleted: true,
      }));
      for (const line of lines) {
        if (!line.interval) throw new Error('a subscription line needs a billing interval');
        items.push({
          quantity: line.quantity,
          price_data: {
            currency: 'usd',
            unit_amount: line.unitAmount,
            product: await productFor(line.name),
            recurring: { interval: line.interval },
          },
        });
      }
      await stripe.subscriptions.update(id, { items, metadata, proration_behavior: 'create_prorations' });
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },

    async findChargedPurchase(ref) {
      try {
        const chargeId =
          ref.chargeId ?? (ref.disputeId ? idOf((await stripe.disputes.retrieve(ref.disputeId)).charge) : null);
        if (!chargeId) return null;
        const charge = await stripe.charges.retrieve(chargeId);
        const purchase = {
          chargeId,
          fullyRefunded: charge.refunded,
          disputed: charge.disputed,
          lifetimeSessionId: null as string | null,
          subscriptionId: null as string | null,
          invoiceId: null as string | null,
        };
        const paymentIntent = idOf(charge.payment_intent);
        if (!paymentIntent) return purchase;
        // A one-time (lifetime) payment was made by a Checkout session in payment mode.
        const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
        const session = sessions.data[0];
        if (session && session.mode === 'payment') return { ...purchase, lifetimeSessionId: session.id };
        // Otherwise it paid a subscription's invoice.
        const payments = await stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: paymentIntent },
          limit: 1,
        });
        const invoiceId = idOf(payments.data[0]?.invoice);
        if (!invoiceId) return purchase;
        const invoice = await stripe.invoices.retrieve(invoiceId);
        return { ...purchase, invoiceId, subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) };
      } catch (error) {
        // A charge or dispute this account does not know (another integration's test event).
        if (error instanceof StripeSdk.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    parseWebhook(rawBody, signatureHeader) {
      if (!options.webhookSecret) throw new WebhookNotConfiguredError('STRIPE_WEBHOOK_SECRET is not set');
      if (!signatureHeader) throw new WebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'signature mismatch');
      }
      return toProviderEvent(event);
    },
  };
}
