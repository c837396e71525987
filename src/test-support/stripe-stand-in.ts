import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiCaller, type DatabaseKind } from './test-app';
import { useTestApp } from './app-fixtures';

/**
 * A local stand-in for the few Stripe API endpoints billing uses, on loopback, so the real SDK
 * can be exercised end to end without the network. Objects are shaped like Stripe's; tests move
 * them along (complete a session, change a subscription) the way Stripe would.
 */
type Json = Record<string, unknown>;
type FormValue = string | FormObject | FormValue[];
type FormObject = { [key: string]: FormValue };

export type StandInRequest = { method: string; path: string; body: FormObject };

/** Decodes Stripe's bracketed form encoding (line_items[0][price_data][currency]=usd) into objects. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: FormObject = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as FormObject;
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

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
  let failing: { method: string; path: RegExp } | null = null;

  const notFound = (what: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  });

  function route(
    method: string,
    path: string,
    body: FormObject,
    query: URLSearchParams,
  ): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'GET' && path === '/v1/promotion_codes') {
      const id = promotionCodes.get(query.get('code') ?? '');
      return {
        status: 200,
        body: {
          object: 'list',
          url: path,
          has_more: false,
          data: id ? [{ id, object: 'promotion_code', code: query.get('code'), active: true }] : [],
        },
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs_test');
      const session: Json = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription: null,
        amount_total: null,
        currency: 'usd',
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        created: now(),
        // Kept for assertions and for completing the session later.
        _params: body,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const pi = query.get('payment_intent');
      const data = [...sessions.values()].filter((x) => pi && x.payment_intent === pi);
      return { status: 200, body: { object: 'list', url: path, has_more: false, data } };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const invoice = invoicePayments.get(query.get('payment[payment_intent]') ?? '');
      const data = invoice
        ? [
            {
              id: newId('inpay'),
              object: 'invoice_payment',
              invoice,
              payment: { type: 'payment_intent', payment_intent: query.get('payment[payment_intent]') },
            },
          ]
        : [];
      return { status: 200, body: { object: 'list', url: path, has_more: false, data } };
    }
    const lookup = (prefix: string, map: Map<string, Json>, what: string) => {
      const m = new RegExp(`^/v1/${prefix}/([^/]+)$`).exec(path);
      if (method !== 'GET' || !m) return null;
      const found = map.get(decodeURIComponent(m[1]!));
      return found ? { status: 200, body: found } : notFound(what);
    };
    const read =
      lookup('charges', charges, 'charge') ??
      lookup('disputes', disputes, 'dispute') ??
      lookup('invoices', invoices, 'invoice');
    if (read) return read;
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
      return session ? { status: 200, body: session } : notFound('checkout.session');
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subMatch) {
      const id = decodeURIComponent(subMatch[1]!);
      const sub = subscriptions.get(id);
      if (!sub) return notFound('subscription');
      subscriptionReads.set(id, (subscriptionReads.get(id) ?? 0) + 1);
      return { status: 200, body: sub };
    }
    if (method === 'POST' && subMatch) {
      const sub = subscriptions.get(decodeURIComponent(subMatch[1]!));
      if (!sub) return notFound('subscription');
      if (body.cancel_at_period_end !== undefined) {
        const cancel = body.cancel_at_period_end === 'true';
        Object.assign(sub, { cancel_at_period_end: cancel, canceled_at: cancel ? now() : null });
      }
      if (body.metadata) sub.metadata = { ...(sub.metadata as Json), ...(body.metadata as Json) };
      if (body.items) {
        const list = sub.items as { data: Json[] };
        const periodEnd = list.data[0]?.current_period_end ?? now() + 30 * 86_400;
        for (const change of Object.values(body.items as FormObject) as FormObject[]) {
          if (change.deleted === 'true') {
            list.data = list.data.filter((item) => item.id !== change.id);
            continue;
          }
          const priceData = change.price_data as FormObject;
          if (typeof priceData?.product !== 'string' || !products.has(priceData.product)) return notFound('product');
          list.data.push({
            id: newId('si'),
            object: 'subscription_item',
            current_period_end: periodEnd,
            quantity: Number(change.quantity ?? 1),
            price: {
              unit_amount: Number(priceData.unit_amount),
              product: priceData.product,
              recurring: priceData.recurring,
            },
          });
        }
      }
      return { status: 200, body: sub };
    }
    if (method === 'DELETE' && subMatch) {
      const sub = subscriptions.get(decodeURIComponent(subMatch[1]!));
      if (!sub) return notFound('subscription');
      Object.assign(sub, { status: 'canceled', cancel_at_period_end: false, canceled_at: now() });
      return { status: 200, body: sub };
    }
    const productMatch = /^\/v1\/products\/([^/]+)$/.exec(path);
    if (method === 'GET' && productMatch) {
      const product = products.get(decodeURIComponent(productMatch[1]!));
      return product ? { status: 200, body: product } : notFound('product');
    }
    if (method === 'POST' && path === '/v1/products') {
      const id = typeof body.id === 'string' ? body.id : newId('prod');
      if (products.has(id)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_already_exists',
              message: 'Product already exists.',
            },
          },
        };
      }
      const product = { id, object: 'product', name: body.name };
      products.set(id, product);
      return { status: 200, body: product };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (typeof body.customer !== 'string' || !customers.has(body.customer)) return notFound('customer');
      const id = newId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.stripe.test/p/session/${id}`,
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

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
            ? route(req.method ?? 'GET', url.pathname, body, url.searchParams)
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

/**
 * A suite's test app that pays through the real Stripe SDK against the stand-in (both made in
 * beforeAll, closed in afterAll), with the calls the Stripe tests make: the API as a signed-in
 * person, a signed webhook delivered to /api/webhooks/stripe, and a checkout the buyer paid for.
 */
export function useStripeTestApp(kind: DatabaseKind) {
  const stripe = {} as StripeStandIn;
  const env: Record<string, string> = {};
  let started: StripeStandIn | undefined;
  // Registered before the app's own hooks: the stand-in is up when the app is built, and closed after it.
  beforeAll(async () => {
    started = await startStripeStandIn();
    Object.assign(stripe, started);
    Object.assign(env, {
      STRIPE_SECRET_KEY: started.secretKey,
      STRIPE_WEBHOOK_SECRET: started.webhookSecret,
      STRIPE_API_BASE: started.url,
    });
  });
  afterAll(async () => started?.close());
  const t = useTestApp(kind, env);
  const call = apiCaller(() => t.app);
  return {
    t,
    stripe,
    call,
    me: async (cookie: string) => (await call('GET', '/api/auth/me', cookie)).json(),
    deliver: (event: { payload: string; signature: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: event.payload,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
      }),
    /** Checkout started by the holder of `cookie`, and paid for at Stripe (the session completes). */
    async paidAtStripe(cookie: string, body: Record<string, unknown>, subscriptionStatus?: string) {
      const res = await call('POST', '/api/create-checkout-session', cookie, body);
      expect(res.statusCode, res.body).toBe(200);
      const { sessionId, url } = res.json() as { sessionId: string; url: string };
      const { subscriptionId } = stripe.completeSession(sessionId, { subscriptionStatus });
      return { sessionId, url, subscriptionId };
    },
  };
}
