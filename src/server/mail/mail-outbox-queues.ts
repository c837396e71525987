import type { JobRunner } from '../jobs/job-runner';
import { SEND_LEASE_MS } from './mail-sender';

/** One job per recorded mail (singletonKey = the mail's id): sends it if its row can still be claimed. */
export const MAIL_SEND_QUEUE = 'mail-send';
/** The recurring sweep for mail left behind (failed and due again, handed back, recorded by a process that died). */
export const MAIL_SWEEP_QUEUE = 'mail-sweep';

/**
 * The outbox's two queues on the app's jobs runner (docs/decisions/0119). The row's own claim (one
 * conditional UPDATE with a lease) still decides who sends: a job that finds its row taken or sent
 * does nothing. Retries are the outbox's own schedule (next_attempt_at), picked up by the sweep, so
 * the jobs themselves are not retried. Answers how to queue the next sweep.
 */
export function defineMailQueues(
  jobs: JobRunner,
  outbox: {
    /** Sends started by a send job: stop() and drain() wait for them too. */
    sending: Set<Promise<boolean>>;
    claimAndSend(id: string): Promise<boolean>;
    drain(): Promise<number>;
    isStopped(): boolean;
    pollMs: number;
  },
) {
  /** The next sweep, once across processes: one waiting sweep job at a time (stately, one key). */
  const nextSweep = (afterMs: number) =>
    jobs.send(
      MAIL_SWEEP_QUEUE,
      {},
      { singletonKey: 'sweep', ...(afterMs > 0 ? { startAfter: new Date(Date.now() + afterMs) } : {}) },
    );
  jobs.defineQueue<{ id: string }>(
    MAIL_SEND_QUEUE,
    {
      concurrency: 4,
      expireInSeconds: SEND_LEASE_MS / 1000,
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryBackoff: false,
      policy: 'stately',
    },
    async ({ id }) => {
      if (outbox.isStopped()) return;
      const attempt = outbox.claimAndSend(id);
      outbox.sending.add(attempt);
      try {
        await attempt;
      } finally {
        outbox.sending.delete(attempt);
      }
    },
  );
  jobs.defineQueue<object>(
    MAIL_SWEEP_QUEUE,
    {
      concurrency: 1,
      expireInSeconds: Math.ceil(SEND_LEASE_MS / 1000),
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryBackoff: false,
      policy: 'stately',
    },
    async () => {
      try {
        if (!outbox.isStopped()) await outbox.drain();
      } finally {
        // The chain goes on while this process runs; the cron (every minute) restarts it if a process died mid-sweep.
        if (!outbox.isStopped()) await nextSweep(outbox.pollMs);
      }
    },
  );
  return { nextSweep };
}
