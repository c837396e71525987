import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { JobRunner } from '../jobs/job-runner';
import { createMailOutboxRepository, type OutboxRow } from './mail-outbox.repository';
import { createMailSeal } from './mail-seal';
import type { MailMessage, MailTransport } from './mailer';
import { DAY_MS } from '../../shared/duration';

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

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

/** One job per recorded mail (singletonKey = the mail's id): sends it if its row can still be claimed. */
export const MAIL_SEND_QUEUE = 'mail-send';
/** The recurring sweep for mail left behind (failed and due again, handed back, recorded by a process that died). */
export const MAIL_SWEEP_QUEUE = 'mail-sweep';

type SealedBody = Pick<MailMessage, 'html' | 'text' | 'replyTo' | 'logHint'>;

export const OUTBOX_POLL_MS = 2_000;
/** Long enough for a slow SMTP conversation; after it another worker may take the row over. */
const SEND_LEASE_MS = 2 * 60_000;
/** How long a stopping process waits for a message it is sending (within the server's 9 s stop). */
const STOP_WAIT_MS = 4_000;
const RETRY_DELAYS_MS = [2_000, 10_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000];
/**
 * While mail waits for a retry (2 s, 10 s, 30 s, … apart), one of it is tried early at most this
 * often: the first that goes through means the server is back, and every waiting mail is due at
 * once. A blip of a few seconds thus costs a new account seconds, not the next step of the backoff.
 */
const PROBE_MS = 5_000;
/** After this long a message is stale (a code expired days ago): stop trying and say so in the log. */
const GIVE_UP_AFTER_MS = 3 * DAY_MS;

export function retryDelay(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? RETRY_DELAYS_MS[0]!;
}

export function createMailOutbox(
  db: Db,
  transport: MailTransport,
  config: Pick<AppConfig, 'sessionSecret' | 'publicUrl'>,
  log: Log,
  options: {
    pollMs?: number;
    stopWaitMs?: number;
    probeMs?: number;
    /**
     * The app's jobs runner (docs/decisions/0119): sending runs as its jobs instead of this outbox's own
     * timer. Without it (a bare outbox in a test), the outbox polls every `pollMs` itself.
     */
    jobs?: JobRunner;
  } = {},
): MailOutbox {
  const repo = createMailOutboxRepository(db);
  const seal = createMailSeal(config.sessionSecret);
  const host = new URL(config.publicUrl).hostname;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  /** Set by stop(): the drain in progress claims nothing more (a drain called afterwards still runs). */
  let cutShort = false;
  /** Rows this process has claimed and not yet finished: handed back if a stop cannot wait for them. */
  const holding = new Set<string>();
  /** Sends started by a job of MAIL_SEND_QUEUE (a drain is `running`): stop() waits for them too. */
  const sending = new Set<Promise<boolean>>();
  const jobs = options.jobs;
  const pollMs = options.pollMs ?? OUTBOX_POLL_MS;
  const probeMs = options.probeMs ?? PROBE_MS;
  let lastProbe = 0;
  /** A send of this process failed lately: the next success brings the waiting mail forward. */
  let failedSince = false;

  async function record(message: MailMessage): Promise<string> {
    const id = randomUUID();
    const body: SealedBody = {
      html: message.html,
      text: message.text,
      replyTo: message.replyTo,
      logHint: message.logHint,
    };
    await repo.insert({
      id,
      kind: message.kind,
      recipient: message.to,
      subject: message.subject,
      sealedBody: seal.seal(JSON.stringify(body)),
      now: new Date(),
    });
    return id;
  }

  async function send(row: OutboxRow): Promise<boolean> {
    try {
      if (!row.sealedBody) throw new Error('the message body is missing');
      const body = JSON.parse(seal.open(row.sealedBody)) as SealedBody;
      await transport.deliver({
        ...body,
        to: row.recipient,
        subject: row.subject,
        kind: row.kind,
        messageId: `<${row.id}@${host}>`,
      });
      await repo.markSent(row.id, new Date());
      if (failedSince) {
        failedSince = false;
        await repo.bringForward(new Date());
      }
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      failedSince = true;
      const now = Date.now();
      const givingUp = now - row.createdAt.getTime() > GIVE_UP_AFTER_MS;
      await repo.markFailed(row.id, reason.slice(0, 500), givingUp ? null : new Date(now + retryDelay(row.attempts)));
      const entry = { mail: { id: row.id, kind: row.kind, attempts: row.attempts }, reason };
      if (givingUp) log.error(entry, 'mail could not be sent for days; giving up');
      else log.warn(entry, 'mail not sent yet; it will be retried');
      return false;
    }
  }

  async function claimAndSend(id: string, early = false): Promise<boolean> {
    const now = new Date();
    const lockedUntil = new Date(now.getTime() + SEND_LEASE_MS);
    const row = early ? await repo.claimEarly(id, lockedUntil) : await repo.claim(id, now, lockedUntil);
    if (!row) return false;
    holding.add(id);
    try {
      return await send(row);
    } finally {
      holding.delete(id);
    }
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const ids = await repo.findDueIds(new Date(), 20);
      if (ids.length === 0) return sent;
      let progressed = false;
      for (const id of ids) {
        // A stopping process takes nothing new; what it leaves is due for the other processes.
        if (cutShort) return sent;
        if (await claimAndSend(id)) {
          sent += 1;
          progressed = true;
        }
      }
      // Everything due failed again (server still down): wait for the next tick, do not spin.
      if (!progressed) return sent;
    }
  }

  /** Tries the longest-waiting mail before its retry is due; true when it went out (the server is back). */
  async function probe(): Promise<boolean> {
    if (cutShort || Date.now() - lastProbe < probeMs) return false;
    lastProbe = Date.now();
    const id = await repo.findWaitingId(new Date());
    if (!id || !(await claimAndSend(id, true))) return false;
    await repo.bringForward(new Date());
    return true;
  }

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
        total += await drainOnce();
        if (!stopped && (await probe())) {
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

  /** The next sweep, once across processes: one waiting sweep job at a time (stately, one key). */
  const nextSweep = (afterMs: number) =>
    jobs!.send(
      MAIL_SWEEP_QUEUE,
      {},
      { singletonKey: 'sweep', ...(afterMs > 0 ? { startAfter: new Date(Date.now() + afterMs) } : {}) },
    );

  let timer: NodeJS.Timeout | undefined;
  if (jobs) {
    // The row's own claim (one conditional UPDATE with a lease) still decides who sends: a job that
    // finds its row taken or sent does nothing. Retries are the outbox's own schedule (next_attempt_at),
    // picked up by the sweep, so the jobs themselves are not retried.
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
        if (stopped) return;
        const attempt = claimAndSend(id);
        sending.add(attempt);
        try {
          await attempt;
        } finally {
          sending.delete(attempt);
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
          if (!stopped) await drain();
        } finally {
          // The chain goes on while this process runs; the cron (every minute) restarts it if a process died mid-sweep.
          if (!stopped) await nextSweep(pollMs);
        }
      },
    );
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
      await nextSweep(0);
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
      let timeout: NodeJS.Timeout | undefined;
      const busy = Promise.allSettled([running ?? Promise.resolve(0), ...sending]);
      const finished = await Promise.race([
        busy.then(() => true),
        new Promise<false>(
          (resolve) => (timeout = setTimeout(() => resolve(false), options.stopWaitMs ?? STOP_WAIT_MS)),
        ),
      ]);
      clearTimeout(timeout);
      if (!finished && holding.size > 0) {
        const ids = [...holding];
        await repo.release(ids, new Date());
        log.warn({ mail: { ids } }, 'stopping: mail still being sent was handed back to the outbox');
      }
    },
  };
}
