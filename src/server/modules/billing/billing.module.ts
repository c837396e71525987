import type { Logger } from '../../http';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { MailMessage } from '../../mail/mailer';
import { createJobLock, type JobLock } from '../../jobs/job-lock';
import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import { createPaymentProvider } from '../../payments/create-payment-provider';
import type { Analytics } from '../analytics/analytics.service';
import type { TeamsService } from '../teams/teams.service';
import { createBillingCheckout } from './billing-checkout.service';
import { createBillingContext, type BillingDeps } from './billing-context';
import { createBillingMaintenance, defineBillingMaintenanceJob } from './billing-maintenance';
import { createBillingManage } from './billing-manage.service';
import { createBillingStatus } from './billing-status.service';
import { createBillingRepository } from './billing.repository';
import { billingRoutes } from './billing.routes';
import { createFulfilment } from './fulfilment.service';
import { findEffectiveSubscriptionStatus } from './team-entitlement.repository';
import { createTestPaymentsService } from './test-payments.service';
import { createTrialReminderRepository } from './trial-reminder.repository';
import { createTrialReminders } from './trial-reminders';
import { createTestTrialService } from './test-trial.service';

/**
 * Wires billing: the provider chosen by configuration, one fulfilment, and on top the three services
 * the routes call (decision 0107): status (read side), checkout (buying) and manage (the plan in
 * place), over one shared context; the test payment page and the scheduled maintenance pass.
 */
export function createBilling(deps: {
  config: AppConfig;
  db: Db;
  analytics: Analytics;
  /** Seats an organization fills now (from teams); plan changes never sell fewer. */
  seatsInUse?: (organizationId: string) => Promise<number>;
  /** Keeps the scheduled billing pass to one process at a time (jobs/job-lock.ts). */
  jobLock?: JobLock;
  /** The app's mail path (the mail outbox): purchase confirmations and trial reminders. */
  sendMail?: (message: MailMessage) => Promise<void>;
  log?: Logger;
}) {
  const { provider, testProvider } = createPaymentProvider(deps.config, deps.db);
  const repository = createBillingRepository(deps.db);
  const fulfilment = createFulfilment({
    repository,
    provider,
    sendMail: deps.sendMail,
    publicUrl: deps.config.publicUrl,
    log: deps.log,
  });
  const serviceDeps: BillingDeps = {
    repository,
    provider,
    fulfilment,
    analytics: deps.analytics,
    publicUrl: deps.config.publicUrl,
    seatsInUse: deps.seatsInUse,
    effectiveStatus: (userId) => findEffectiveSubscriptionStatus(deps.db, userId),
    log: deps.log,
  };
  const context = createBillingContext(serviceDeps);
  const status = createBillingStatus(serviceDeps, context);
  const maintenance = createBillingMaintenance({
    repository,
    fulfilment,
    testProvider,
    reminders: deps.sendMail
      ? createTrialReminders({
          repository: createTrialReminderRepository(deps.db),
          sendMail: deps.sendMail,
          publicUrl: deps.config.publicUrl,
        })
      : null,
    jobLock: deps.jobLock,
    log: deps.log,
  });
  return {
    provider,
    /** Present only in test mode (no STRIPE_SECRET_KEY). */
    testProvider,
    fulfilment,
    status,
    checkout: createBillingCheckout(serviceDeps, context),
    manage: createBillingManage(serviceDeps, context, status),
    testPayments: testProvider ? createTestPaymentsService({ testProvider, fulfilment }) : null,
    maintenance,
    /** TEST MODE only: "End trial now (test mode)" (0154). */
    testTrial: testProvider
      ? createTestTrialService({ repository, provider, testProvider, maintenance, getOverview: status.getOverview })
      : null,
  };
}
export type Billing = ReturnType<typeof createBilling>;

/** Billing with its routes and its scheduled pass on the jobs runner (billing-maintenance.ts). */
export function createBillingModule(
  deps: Pick<Infrastructure, 'config' | 'database' | 'analytics' | 'jobs' | 'mailer' | 'log'> & { teams: TeamsService },
) {
  const { database, jobs } = deps;
  const billing = createBilling({
    config: deps.config,
    db: database.db,
    analytics: deps.analytics,
    seatsInUse: (orgId) => deps.teams.seatsInUse(orgId),
    jobLock: createJobLock(database),
    sendMail: (message) => deps.mailer.enqueue(message),
    log: deps.log,
  });
  return {
    services: { billing },
    routes: routesOf(billingRoutes, { billing }),
    jobs: { start: defineBillingMaintenanceJob(jobs, billing.maintenance) },
  } satisfies ServerModule;
}
