import type { Logger } from '../../http';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { JobLock } from '../../jobs/job-lock';
import { createPaymentProvider } from '../../payments/create-payment-provider';
import type { Analytics } from '../analytics/analytics.service';
import { createBillingMaintenance } from './billing-maintenance';
import { createBillingRepository } from './billing.repository';
import { createBillingService } from './billing.service';
import { createFulfilment } from './fulfilment.service';
import { findEffectiveSubscriptionStatus } from './team-entitlement.repository';
import { createTestPaymentsService } from './test-payments.service';

/** Wires billing: the provider chosen by configuration, one fulfilment, and the services on top. */
export function createBilling(deps: {
  config: AppConfig;
  db: Db;
  analytics: Analytics;
  /** Seats an organization fills now (from teams); plan changes never sell fewer. */
  seatsInUse?: (organizationId: string) => Promise<number>;
  /** Keeps the scheduled billing pass to one process at a time (jobs/job-lock.ts). */
  jobLock?: JobLock;
  log?: Logger;
}) {
  const { provider, testProvider } = createPaymentProvider(deps.config, deps.db);
  const repository = createBillingRepository(deps.db);
  const fulfilment = createFulfilment({ repository, provider, log: deps.log });
  return {
    provider,
    /** Present only in test mode (no STRIPE_SECRET_KEY). */
    testProvider,
    fulfilment,
    service: createBillingService({
      repository,
      provider,
      fulfilment,
      analytics: deps.analytics,
      publicUrl: deps.config.publicUrl,
      seatsInUse: deps.seatsInUse,
      effectiveStatus: (userId) => findEffectiveSubscriptionStatus(deps.db, userId),
      log: deps.log,
    }),
    testPayments: testProvider ? createTestPaymentsService({ testProvider, fulfilment }) : null,
    maintenance: createBillingMaintenance({
      repository,
      fulfilment,
      testProvider,
      jobLock: deps.jobLock,
      log: deps.log,
    }),
  };
}
export type Billing = ReturnType<typeof createBilling>;
