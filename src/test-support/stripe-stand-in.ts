import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { parseStripeForm, type FormObject } from './stripe-form';
import { createStripeStore, newId, now, type Json } from './stripe-stand-in-store';
import { routeStripeRequest } from './stripe-stand-in-routes';

/**
 * A local stand-in for the few Stripe API endpoints billing uses, on loopback, so the real SDK
 * can be exercised end to end without the network. Objects are shaped like Stripe's; tests move
 * them along (complete a session, change a subscription) the way Stripe would.
 */
export type StandInRequest = { method: string; path: string; body: FormObject };

export type StripeStandIn = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: StandInRequest[];
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** How many times each subscription was read back (proves an event was applied once). */
  subscriptionReads: Map<string, number>;
  addPromotionCode(code: string): string;
  /**
   * The charge behind a purchase, as Stripe keeps it: a lifetime session's payment, or (with
   * `subscriptionId`) a subscription invoice's payment. Returns the charge id.
   */
  addCharge(options: { sessionId?: string; subscriptionId?: string; amount: number }): string;
  /** Refunds a charge (all of it, or `amount` cents of it). */
  refundCharge(chargeId: string, amount?: number): Json;
  /** Opens a dispute against a charge; returns the dispute object. */
  disputeCharge(chargeId: string): Json;
  /** The customer pays: the session completes and, in subscription mode, a subscription starts. */
  completeSession(sessionId: string, options?: { subscriptionStatus?: string }): { subscriptionId: string | null };
  setSubscription(id: string, patch: Json): Json;
  /** Answers matching requests with a 500 (Stripe having a bad day) until called again with null. */
  failRequests(match: { method: string; path: RegExp } | null): void;
  /** A webhook body and its Stripe-Signature header, signed with the SDK's own test helper. */
  signedEvent(
    type: string,
    object: Json,
    options?: { id?: string; created?: number; secret?: string },
  ): { payload: string; signature: string; id: string };
  close(): Promise<void>;
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const requests: StandInRequest[] = [];
  const store = createStripeStore();
  const { sessions, subscriptions, subscriptionReads, promotionCodes, charges, disputes, invoices, invoicePayments } =
    store;
  let failing: { method: string; path: RegExp } | null = null;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
      const method = req.method ?? 'GET';
      const answer =
        failing && failing.method === method && failing.path.test(url.pathname)
          ? { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } }
          : req.headers.authorization === `Bearer ${secretKey}`
            ? routeStripeRequest(store, req.method ?? 'GET', url.pathname, body, url.searchParams)
            : { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    subscriptions,
    subscriptionReads,

    addPromotionCode(code) {
      const id = newId('promo');
      promotionCodes.set(code, id);
      return id;
    },

    addCharge({ sessionId, subscriptionId, amount }) {
      const paymentIntent = newId('pi');
      if (sessionId) {
        const session = sessions.get(sessionId);
        if (!session) throw new Error(`stand-in: no session ${sessionId}`);
        session.payment_intent = paymentIntent;
      }
      if (subscriptionId) {
        const invoiceId = newId('in');
        invoices.set(invoiceId, {
          id: invoiceId,
          object: 'invoice',
          amount_paid: amount,
          currency: 'usd',
          parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
        });
        invoicePayments.set(paymentIntent, invoiceId);
      }
      const id = newId('ch');
      charges.set(id, {
        id,
        object: 'charge',
        amount,
        amount_refunded: 0,
        refunded: false,
        disputed: false,
        payment_intent: paymentIntent,
        currency: 'usd',
      });
      return id;
    },

    refundCharge(chargeId, amount) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`stand-in: no charge ${chargeId}`);
      const refunded = amount ?? (charge.amount as number);
      return Object.assign(charge, { amount_refunded: refunded, refunded: refunded >= (charge.amount as number) });
    },

    disputeCharge(chargeId) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`stand-in: no charge ${chargeId}`);
      charge.disputed = true;
      const dispute = {
        id: newId('dp'),
        object: 'dispute',
        charge: chargeId,
        amount: charge.amount,
        status: 'needs_response',
        payment_intent: charge.payment_intent,
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },

    completeSession(sessionId, options = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`stand-in: no session ${sessionId}`);
      const params = session._params as FormObject;
      let subscriptionId: string | null = null;
      if (session.mode === 'subscription') {
        const data = (params.subscription_data ?? {}) as FormObject;
        // Stripe's Checkout takes the trial as trial_end (a moment) or trial_period_days.
        const trialEnd = data.trial_end
          ? Number(data.trial_end)
          : Number(data.trial_period_days ?? 0) > 0
            ? now() + Number(data.trial_period_days) * 86_400
            : 0;
        const status = options.subscriptionStatus ?? (trialEnd > 0 ? 'trialing' : 'active');
        const periodEnd = trialEnd || now() + 30 * 86_400;
        subscriptionId = newId('sub');
        subscriptions.set(subscriptionId, {
          id: subscriptionId,
          object: 'subscription',
          status,
          customer: session.customer,
          metadata: data.metadata ?? {},
          trial_end: trialEnd > 0 ? periodEnd : null,
          cancel_at_period_end: false,
          canceled_at: null,
          created: now(),
          items: {
            object: 'list',
            data: [{ id: newId('si'), object: 'subscription_item', current_period_end: periodEnd, quantity: 1 }],
          },
        });
      }
      const lines = Object.values((params.line_items ?? {}) as FormObject) as FormObject[];
      const total = lines.reduce(
        (sum, l) => sum + Number((l.price_data as FormObject).unit_amount) * Number(l.quantity ?? 1),
        0,
      );
      Object.assign(session, {
        status: 'complete',
        payment_status: session.mode === 'payment' ? 'paid' : 'no_payment_required',
        subscription: subscriptionId,
        amount_total: session.mode === 'payment' ? total : 0,
      });
      return { subscriptionId };
    },

    setSubscription(id, patch) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`stand-in: no subscription ${id}`);
      Object.assign(sub, patch);
      return sub;
    },

    failRequests(match) {
      failing = match;
    },

    signedEvent(type, object, options = {}) {
      const id = options.id ?? newId('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: options.created ?? now(),
        livemode: false,
        pending_webhooks: 1,
        request: null,
        type,
        data: { object },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
      return { payload, signature, id };
    },

    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
