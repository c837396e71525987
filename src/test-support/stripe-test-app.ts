import { afterAll, beforeAll, expect } from 'vitest';
import { apiCaller, type DatabaseKind } from './test-app';
import { useTestApp } from './app-fixtures';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

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
