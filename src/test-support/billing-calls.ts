import { expect } from 'vitest';
import { apiCaller, type DatabaseKind } from './test-app';
import { useTestApp } from './app-fixtures';

/**
 * The route tier's billing suites with the built-in test payment provider: one test app per suite
 * (built in beforeAll) and the billing calls those tests make, as the browser makes them.
 */
export function useBillingApp(kind: DatabaseKind) {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);
  const read = async (url: string, cookie: string) => (await call('GET', url, cookie)).json();
  return {
    t,
    call,
    me: (cookie: string) => read('/api/auth/me', cookie),
    overview: (cookie: string) => read('/api/billing', cookie),
    entitlement: (cookie: string) => read('/api/billing/entitlement', cookie),
    /** POST /api/billing/change-plan as the holder of `cookie`: the answer as it came. */
    changePlan: (cookie: string, body: Record<string, unknown>) =>
      call('POST', '/api/billing/change-plan', cookie, body),
    /** Everything the test provider's clock does by `at` (trial ends, renewals, scheduled cancellations). */
    runClock: (at: Date) => t.app.services.billing.maintenance.run(at),
    /**
     * Checkout → the test payment page → Pay, as the browser does it; returns what the page showed,
     * where Pay sent the browser and the subscription it started (the success page is the test's own step).
     */
    async buy(cookie: string, body: Record<string, unknown>) {
      const started = await call('POST', '/api/create-checkout-session', cookie, body);
      expect(started.statusCode, started.body).toBe(200);
      const { url, sessionId } = started.json() as { url: string; sessionId: string };
      const page = (await call('GET', `/api/test-payments/${sessionId}`)).json();
      const paid = await call('POST', `/api/test-payments/${sessionId}/pay`);
      expect(paid.statusCode, paid.body).toBe(200);
      const { subscriptionId } = await t.app.services.billing.testProvider!.retrieveCheckoutSession(sessionId);
      return { url, sessionId, page, redirectUrl: paid.json().redirectUrl as string, subscriptionId };
    },
  };
}
