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
  log?: Logger;
}) {
  async function run(now = new Date()): Promise<{ trialsEnded: number; subscriptionsSettled: number }> {
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
