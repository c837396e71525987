import type { JobLock } from '../../jobs/job-lock';
import type { TestPaymentProvider } from '../../payments/test-payment-provider';
import type { BillingRepository } from './billing.repository';
import type { Fulfilment } from './fulfilment.service';

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Time-driven billing changes that no request triggers: organization trials that ran out unpaid,
 * and (test mode only) subscriptions whose trial or period ends: charged, or ended when their
 * cancellation was scheduled for that moment, as Stripe would.
 */
export function createBillingMaintenance(deps: {
  repository: BillingRepository;
  fulfilment: Fulfilment;
  testProvider: TestPaymentProvider | null;
  /** With several processes on one PostgreSQL, one run at a time across all of them. */
  jobLock?: JobLock;
  log?: Logger;
}) {
  async function work(now: Date): Promise<{ trialsEnded: number; subscriptionsSettled: number }> {
    const trialsEnded = await deps.repository.endExpiredOrganizationTrials(now);
    let subscriptionsSettled = 0;
    if (deps.testProvider) {
      for (const event of await deps.testProvider.settleDue(now)) {
        await deps.fulfilment.applyEvent(event);
        subscriptionsSettled++;
      }
    }
    if (trialsEnded + subscriptionsSettled > 0) deps.log?.info({ trialsEnded, subscriptionsSettled }, 'billing maintenance');
    return { trialsEnded, subscriptionsSettled };
  }

  /**
   * One pass. Every process ticks; when another process is in the middle of a pass this one
   * skips (`ranElsewhere`): two passes at once would both see a subscription due and charge it twice.
   */
  async function run(now = new Date()): Promise<{ trialsEnded: number; subscriptionsSettled: number; ranElsewhere?: true }> {
    if (!deps.jobLock) return work(now);
    const outcome = await deps.jobLock.runExclusive('billing-maintenance', () => work(now));
    return outcome.ran ? outcome.result : { trialsEnded: 0, subscriptionsSettled: 0, ranElsewhere: true };
  }

  return {
    run,
    /** Runs now and then every `everyMs`; the returned function stops it and waits for a run in progress. */
    start(everyMs: number): () => Promise<void> {
      let running: Promise<unknown> = Promise.resolve();
      const tick = () => {
        running = run().catch((err: unknown) => deps.log?.error({ err }, 'billing maintenance failed'));
      };
      tick();
      const timer = setInterval(tick, everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}
export type BillingMaintenance = ReturnType<typeof createBillingMaintenance>;
