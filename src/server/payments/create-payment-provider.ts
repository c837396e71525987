import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider } from './stripe-payment-provider';
import { createTestPaymentProvider, type TestPaymentProvider } from './test-payment-provider';
import { createTestPaymentRepository } from './test-payment.repository';

/** Stripe when a secret key is configured; otherwise the built-in test payment page (decisions.md, "Payments"). */
export function createPaymentProvider(
  config: Pick<AppConfig, 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiBase' | 'publicUrl'>,
  db: Db,
): { provider: PaymentProvider; testProvider: TestPaymentProvider | null } {
  if (config.stripeSecretKey) {
    return {
      provider: createStripePaymentProvider({
        secretKey: config.stripeSecretKey,
        webhookSecret: config.stripeWebhookSecret,
        apiBase: config.stripeApiBase,
      }),
      testProvider: null,
    };
  }
  const testProvider = createTestPaymentProvider(createTestPaymentRepository(db), config.publicUrl);
  return { provider: testProvider, testProvider };
}
