import type { FormObject } from './stripe-form';
import { newId, notFound, now, type Answer, type Json, type StripeStore } from './stripe-stand-in-store';

/** The stand-in's answer to one authorised Stripe API request. */
export function routeStripeRequest(
  store: StripeStore,
  method: string,
  path: string,
  body: FormObject,
  query: URLSearchParams,
): Answer {
  return routeCheckout(store, method, path, body, query) ?? routeObjects(store, method, path, body, query);
}

/** Customers, promotion codes, checkout sessions and the lists Stripe searches by payment intent. */
function routeCheckout(
  store: StripeStore,
  method: string,
  path: string,
  body: FormObject,
  query: URLSearchParams,
): Answer | null {
  const { customers, sessions, promotionCodes, invoicePayments } = store;
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
  return null;
}

/** Reading charges, disputes, invoices and sessions; subscriptions, products and the billing portal. */
function routeObjects(
  store: StripeStore,
  method: string,
  path: string,
  body: FormObject,
  _query: URLSearchParams,
): Answer {
  const { customers, sessions, subscriptions, subscriptionReads, products, charges, disputes, invoices } = store;
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
