import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { JobRunner } from '../jobs/job-runner';
import { createMailOutboxRepository } from './mail-outbox.repository';
import { MAIL_SEND_QUEUE, MAIL_SWEEP_QUEUE, defineMailQueues } from './mail-outbox-queues';
import { createMailSeal } from './mail-seal';
import { createMailSender, type OutboxLog } from './mail-sender';
import type { MailMessage, MailTransport } from './mailer';

export { MAIL_SEND_QUEUE, MAIL_SWEEP_QUEUE };

/** The one way the app sends mail: every message is recorded first, then sent once it can be. */
export interface MailOutbox extends MailTransport {
  /** Records the message and returns at once; sending happens in the background (no timing tells). */
  enqueue(message: MailMessage): Promise<void>;
  /** Records the message and makes one send attempt before returning; a failure is retried later. */
  deliver(message: MailMessage): Promise<void>;
  /** Sends everything that is due now and resolves when done. */
  drain(): Promise<number>;
  stop(): Promise<void>;
  /** On the jobs runner: queues the first sweep and the safety cron; call once the runner has started. */
  startOnRunner(): Promise<void>;
}

export const OUTBOX_POLL_MS = 2_000;
/** How long a stopping process waits for a message it is sending (within the server's 9 s stop). */
const STOP_WAIT_MS = 4_000;
/**
 * While mail waits for a retry (2 s, 10 s, 30 s, … apart), one of it is tried early at most this
 * often: the first that goes through means the server is back, and every waiting mail is due at
 * once. A blip of a few seconds thus costs a new account seconds, not the next step of the backoff.
 */
const PROBE_MS = 5_000;

/** True when every one of `work` settled within `ms`. */
async function settledWithin(work: Promise<unknown>[], ms: number): Promise<boolean> {
  let timeout: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    Promise.allSettled(work).then(() => true),
    new Promise<false>((resolve) => (timeout = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timeout);
  return finished;
}

type MailOutboxOptions = {
  pollMs?: number;
  stopWaitMs?: number;
  probeMs?: number;
  /**
   * The app's jobs runner (docs/decisions/0119): sending runs as its jobs instead of this outbox's own
   * timer. Without it (a bare outbox in a test), the outbox polls every `pollMs` itself.
   */
  jobs?: JobRunner;
};

export function createMailOutbox(
  db: Db,
  transport: MailTransport,
  config: Pick<AppConfig, 'sessionSecret' | 'publicUrl'>,
  log: OutboxLog,
  options: MailOutboxOptions = {},
): MailOutbox {
  const repo = createMailOutboxRepository(db);
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  /** Set by stop(): the drain in progress claims nothing more (a drain called afterwards still runs). */
  let cutShort = false;
  /** Sends started by a job of MAIL_SEND_QUEUE (a drain is `running`): stop() waits for them too. */
  const sending = new Set<Promise<boolean>>();
  const jobs = options.jobs;
  const pollMs = options.pollMs ?? OUTBOX_POLL_MS;
  const sender = createMailSender({
    repo,
    seal: createMailSeal(config.sessionSecret),
    transport,
    log,
    host: new URL(config.publicUrl).hostname,
    probeMs: options.probeMs ?? PROBE_MS,
    isCutShort: () => cutShort,
  });
  const { record, claimAndSend, holding } = sender;

  /** One drain at a time per process; a kick during a drain runs one more pass after it. */
  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await sender.sendDue();
        if (!stopped && (await sender.probe())) {
          total += 1;
          again = true;
        }
      } while (again && !stopped);
      // A mail whose job is sending it in this process right now counts as being drained: wait for it,
      // so "drain, then read the mailbox" holds on the jobs runner too.
      const inFlight = await Promise.allSettled([...sending]);
      return total + inFlight.filter((r) => r.status === 'fulfilled' && r.value).length;
    })().finally(() => {
      running = null;
      cutShort = false;
    });
    return running;
  }

  const kick = () => {
    if (stopped) return;
    drain().catch((err: unknown) => log.error({ err }, 'mail outbox drain failed'));
  };

  let timer: NodeJS.Timeout | undefined;
  let nextSweep: ((afterMs: number) => Promise<unknown>) | undefined;
  if (jobs) {
    ({ nextSweep } = defineMailQueues(jobs, { sending, claimAndSend, drain, isStopped: () => stopped, pollMs }));
  } else {
    timer = setInterval(kick, pollMs);
    timer.unref();
    // Mail recorded before a restart goes out now rather than at the first poll.
    setImmediate(kick);
  }

  return {
    async enqueue(message) {
      const id = await record(message);
      if (!jobs) return kick();
      try {
        await jobs.send(MAIL_SEND_QUEUE, { id }, { singletonKey: id });
      } catch (err) {
        // The runner is not started (yet) or the database hiccupped: the row is recorded, the sweep sends it.
        log.warn({ err, mail: { id } }, 'mail recorded; its send job could not be queued, the sweep will send it');
      }
    },
    async startOnRunner() {
      if (!jobs) return;
      // Mail recorded before a restart goes out now; the cron restarts the sweep chain if a process died mid-sweep.
      await nextSweep!(0);
      await jobs.schedule(MAIL_SWEEP_QUEUE, '* * * * *');
    },
    async deliver(message) {
      const id = await record(message);
      await claimAndSend(id);
    },
    drain,
    /**
     * Takes no new mail and waits for the message being sent; one that takes longer than
     * `stopWaitMs` (an SMTP server hanging) is handed back, due at once for another process,
     * rather than left locked for the two-minute lease.
     */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (running) cutShort = true;
      const finished = await settledWithin(
        [running ?? Promise.resolve(0), ...sending],
        options.stopWaitMs ?? STOP_WAIT_MS,
      );
      if (!finished && holding.size > 0) {
        const ids = [...holding];
        await repo.release(ids, new Date());
        log.warn({ mail: { ids } }, 'stopping: mail still being sent was handed back to the outbox');
      }
    },
  };
}
