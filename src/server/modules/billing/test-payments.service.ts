import type { TestPaymentResult, TestPaymentView } from '../../../shared/billing/billing-types';
import { findPlan } from '../../../shared/billing/plans';
import { AppError, notFound } from '../../errors';
import type { TestPaymentProvider } from '../../payments/test-payment-provider';
import type { Fulfilment } from './fulfilment.service';

/**
 * The test payment page's server side. Pay completes the test session and hands the resulting
 * event to the same fulfilment a Stripe webhook uses; nothing here sets a plan by itself.
 */
export function createTestPaymentsService(deps: { testProvider: TestPaymentProvider; fulfilment: Fulfilment }) {
  const { testProvider, fulfilment } = deps;

  async function findSession(id: string) {
    const session = await testProvider.findCheckout(id);
    if (!session) throw notFound('That test payment');
    return session;
  }

  return {
    async view(id: string): Promise<TestPaymentView> {
      const s = await findSession(id);
      const recurringTotal =
        s.mode === 'subscription' ? s.lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0) : 0;
      return {
        id,
        status: s.status,
        planName: findPlan(s.metadata.plan)?.name ?? 'SignaturePro',
        billingPeriod: s.metadata.billingPeriod ?? 'monthly',
        kind: s.mode === 'payment' ? 'lifetime' : 'subscription',
        lines: s.lines,
        dueToday: s.amountTotal,
        recurringTotal,
        firstPaymentOn: s.mode === 'subscription' ? s.trialEnd : null,
        email: s.customerEmail,
        successUrl: s.successUrl,
        cancelUrl: s.cancelUrl,
      };
    },

    async pay(id: string): Promise<TestPaymentResult> {
      const session = await findSession(id);
      if (session.status === 'expired') {
        throw new AppError('CONFLICT', 'This payment page has expired or was canceled. Please start checkout again.');
      }
      const event = await testProvider.payCheckout(id);
      if (event) await fulfilment.applyEvent(event);
      return { redirectUrl: session.successUrl };
    },

    async cancel(id: string): Promise<TestPaymentResult> {
      const session = await findSession(id);
      await testProvider.cancelCheckout(id);
      return { redirectUrl: session.cancelUrl };
    },
  };
}
export type TestPaymentsService = ReturnType<typeof createTestPaymentsService>;
