import type { FastifyInstance } from 'fastify';
import { billingApi } from '../../../shared/api/billing';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { requireUserId, signedIn } from '../../http';
import type { PaymentProvider } from '../../payments/payment-provider';
import type { createBillingCheckout } from './billing-checkout.service';
import type { createBillingManage } from './billing-manage.service';
import type { BillingStatus } from './billing-status.service';
import type { TestPaymentsService } from './test-payments.service';
import type { TestTrialService } from './test-trial.service';

/** What the routes call; the module passes its whole billing, typed here by the services' own types. */
type BillingRouteServices = {
  status: BillingStatus;
  checkout: ReturnType<typeof createBillingCheckout>;
  manage: ReturnType<typeof createBillingManage>;
  provider: Pick<PaymentProvider, 'name'>;
  testPayments: TestPaymentsService | null;
  testTrial: TestTrialService | null;
};

export async function billingRoutes(parent: FastifyInstance, { billing }: { billing: BillingRouteServices }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { status, checkout, manage } = billing;

  app.route({
    ...routeOf(billingApi.selectFreePlan),
    handler: async (request) => checkout.selectFreePlan(await requireUserId(request)),
  });

  app.route({
    ...routeOf(billingApi.startCheckout),
    preValidation: signedIn,
    handler: async (request) => checkout.startCheckout(await requireUserId(request), request.body),
  });

  app.route({
    ...routeOf(billingApi.confirmPayment),
    preValidation: signedIn,
    handler: async (request) => checkout.confirmPayment(await requireUserId(request), request.body),
  });

  app.route({
    ...routeOf(billingApi.overview),
    handler: async (request) => status.getOverview(await requireUserId(request)),
  });

  app.route({
    ...routeOf(billingApi.entitlement),
    handler: async (request) => status.getEntitlement(await requireUserId(request)),
  });

  app.route({
    ...routeOf(billingApi.portal),
    handler: async (request) => manage.createPortalSession(await requireUserId(request)),
  });

  app.route({
    ...routeOf(billingApi.cancel),
    handler: async (request) => manage.cancelSubscription(await requireUserId(request)),
  });

  app.route({
    ...routeOf(billingApi.resume),
    handler: async (request) => manage.resumeSubscription(await requireUserId(request)),
  });

  app.route({
    ...routeOf(billingApi.changePlan),
    preValidation: signedIn,
    handler: async (request) => manage.changePlan(await requireUserId(request), request.body),
  });

  // Stripe signs the exact bytes it sent, so this one route keeps the body raw. The parser lives
  // in this child scope only; every other route still gets parsed JSON.
  await app.register(async (parentScope) => {
    const scope = parentScope.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.route({
      ...routeOf(billingApi.stripeWebhook),
      handler: async (request, reply) => {
        if (billing.provider.name !== 'stripe') {
          return reply.code(404).send({
            error: 'Stripe is not configured on this server (STRIPE_SECRET_KEY is not set).',
            code: 'NOT_FOUND',
          });
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return checkout.receiveWebhook(body, Array.isArray(signature) ? signature[0] : signature);
      },
    });
  });

  const { testPayments, testTrial } = billing;
  if (testPayments) {
    app.route({
      ...routeOf(billingApi.testRefund),
      handler: async (request) => manage.testRefund(await requireUserId(request)),
    });
  }
  // Only with TEST MODE payments: with Stripe the route does not exist (and the service refuses too).
  if (testTrial) {
    app.route({
      ...routeOf(billingApi.testEndTrial),
      handler: async (request) => testTrial.endTrialNow(await requireUserId(request)),
    });
  }
  if (testPayments) {
    // The test payment page stands in for Stripe Checkout, which needs no login either: the
    // unguessable session id is the capability, and paying only ever helps the session's owner.
    app.route({
      ...routeOf(billingApi.testPaymentView),
      handler: async (request) => testPayments.view(request.params.id),
    });
    app.route({
      ...routeOf(billingApi.testPaymentPay),
      handler: async (request) => testPayments.pay(request.params.id),
    });
    app.route({
      ...routeOf(billingApi.testPaymentCancel),
      handler: async (request) => testPayments.cancel(request.params.id),
    });
    app.log.warn(
      'Payments run in TEST MODE (no STRIPE_SECRET_KEY): checkout uses the built-in test payment page and takes no money.',
    );
  }

  // The maintenance pass (every five minutes) runs on the jobs runner (billing-maintenance.ts, billing.module.ts).
}
