import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http';

export async function billingRoutes(app: FastifyInstance) {
  const { billing } = app.services;
  const { service } = billing;

  app.post('/api/select-free-plan', async (request) => service.selectFreePlan(await requireUserId(request)));

  app.post('/api/create-checkout-session', async (request) => service.startCheckout(await requireUserId(request), request.body));

  app.post('/api/payment-success', async (request) => service.confirmPayment(await requireUserId(request), request.body));

  app.get('/api/billing', async (request) => service.getOverview(await requireUserId(request)));

  app.get('/api/billing/entitlement', async (request) => service.getEntitlement(await requireUserId(request)));

  app.post('/api/billing/portal', async (request) => service.createPortalSession(await requireUserId(request)));

  app.post('/api/billing/cancel', async (request) => service.cancelSubscription(await requireUserId(request)));

  app.post('/api/billing/resume', async (request) => service.resumeSubscription(await requireUserId(request)));

  app.post('/api/billing/change-plan', async (request) => service.changePlan(await requireUserId(request), request.body));

  // Stripe signs the exact bytes it sent, so this one route keeps the body raw. The parser lives
  // in this child scope only; every other route still gets parsed JSON.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/webhooks/stripe', async (request, reply) => {
      if (service.provider !== 'stripe') {
        return reply.code(404).send({ error: 'Stripe is not configured on this server (STRIPE_SECRET_KEY is not set).', code: 'NOT_FOUND' });
      }
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return service.receiveWebhook(body, Array.isArray(signature) ? signature[0] : signature);
    });
  });

  const { testPayments } = billing;
  if (testPayments) {
    app.post('/api/billing/test-refund', async (request) => service.testRefund(await requireUserId(request)));
    // The test payment page stands in for Stripe Checkout, which needs no login either: the
    // unguessable session id is the capability, and paying only ever helps the session's owner.
    app.get<{ Params: { id: string } }>('/api/test-payments/:id', async (request) => testPayments.view(request.params.id));
    app.post<{ Params: { id: string } }>('/api/test-payments/:id/pay', async (request) => testPayments.pay(request.params.id));
    app.post<{ Params: { id: string } }>('/api/test-payments/:id/cancel', async (request) => testPayments.cancel(request.params.id));
    app.log.warn('Payments run in TEST MODE (no STRIPE_SECRET_KEY): checkout uses the built-in test payment page and takes no money.');
  }

  // The hourly maintenance pass runs on the jobs runner (billing-maintenance.ts, app.ts).
}
