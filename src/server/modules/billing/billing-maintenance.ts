import type { Logger as HttpLogger } from '../../http';
import type { JobLock } from '../../jobs/job-lock';
import type { JobRunner } from '../../jobs/job-runner';
import type { TestPaymentProvider } from '../../payments/test-payment-provider';
import type { BillingRepository } from './billing.repository';
import type { Fulfilment } from './fulfilment.service';
import type { TrialReminders } from './trial-reminders';

type Logger = Pick<HttpLogger, 'info' | 'error'>;
type Outcome = { trialsEnded: number; subscriptionsSettled: number; remindersSent: number };

/**
 * Time-driven billing changes that no request triggers: organization trials that ran out unpaid,
 * the e-mails before a trial ends, and (test mode only) subscriptions whose trial or period ends: charged, or ended when their
 * cancellation was scheduled for that moment, as Stripe would.
 */
export function createBillingMaintenance(deps: {
  repository: BillingRepository;
  fulfilment: Fulfilment;
  testProvider: TestPaymentProvider | null;
  /** The e-mails 3 days and 1 day before a trial ends (0153); absent where no mail path is wired. */
  reminders?: TrialReminders | null;
  /** With several processes on one PostgreSQL, one run at a time across all of them. */
  jobLock?: JobLock;
  log?: Logger;
}) {
  async function work(now: Date): Promise<Outcome> {
    const trialsEnded = await deps.repository.endExpiredOrganizationTrials(now);
    const remindersSent = (await deps.reminders?.run(now)) ?? 0;
    let subscriptionsSettled = 0;
    if (deps.testProvider) {
      for (const event of await deps.testProvider.settleDue(now)) {
        await deps.fulfilment.applyEvent(event);
        subscriptionsSettled++;
      }
    }
    if (trialsEnded + subscriptionsSettled + remindersSent > 0)
      deps.log?.info({ trialsEnded, subscriptionsSettled, remindersSent }, 'billing maintenance');
    return { trialsEnded, subscriptionsSettled, remindersSent };
  }

  /**
   * One pass. Every process ticks; when another process is in the middle of a pass this one
   * skips (`ranElsewhere`): two passes at once would both see a subscription due and charge it twice.
   */
  async function run(now = new Date()): Promise<Outcome & { ranElsewhere?: true }> {
    if (!deps.jobLock) return work(now);
    const outcome = await deps.jobLock.runExclusive('billing-maintenance', () => work(now));
    return outcome.ran
      ? outcome.result
      : { trialsEnded: 0, subscriptionsSettled: 0, remindersSent: 0, ranElsewhere: true };
  }

  return { run };
}
export type BillingMaintenance = ReturnType<typeof createBillingMaintenance>;

export const BILLING_MAINTENANCE_QUEUE = 'billing-maintenance';
export const BILLING_MAINTENANCE_CRON = '*/5 * * * *';

/**
 * The pass runs on the jobs runner (0115): every five minutes by a cron schedule that fires once
 * across every process (a trial ends, and its reminders go, within minutes: 0152), and once at
 * start-up (one start-up run per five minutes across processes).
 */
export function defineBillingMaintenanceJob(jobs: JobRunner, maintenance: BillingMaintenance) {
  jobs.defineQueue(
    BILLING_MAINTENANCE_QUEUE,
    {
      concurrency: 1,
      expireInSeconds: 900,
      retryLimit: 2,
      retryDelaySeconds: 60,
      retryBackoff: true,
      policy: 'singleton',
    },
    async () => void (await maintenance.run()),
  );
  return async function afterJobsStart() {
    await jobs.schedule(BILLING_MAINTENANCE_QUEUE, BILLING_MAINTENANCE_CRON);
    await jobs.send(BILLING_MAINTENANCE_QUEUE, {}, { singletonKey: 'start-up', singletonSeconds: 300 });
  };
}
