import { randomUUID } from 'node:crypto';
import { DAY_MS } from '../../shared/duration';
import type { MailOutboxRepository, OutboxRow } from './mail-outbox.repository';
import type { MailSeal } from './mail-seal';
import type { MailMessage, MailTransport } from './mailer';

export type OutboxLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

type SealedBody = Pick<MailMessage, 'html' | 'text' | 'replyTo' | 'logHint'>;

/** Long enough for a slow SMTP conversation; after it another worker may take the row over. */
export const SEND_LEASE_MS = 2 * 60_000;
const RETRY_DELAYS_MS = [2_000, 10_000, 30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000];
/** After this long a message is stale (a code expired days ago): stop trying and say so in the log. */
const GIVE_UP_AFTER_MS = 3 * DAY_MS;

export function retryDelay(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? RETRY_DELAYS_MS[0]!;
}

/**
 * The outbox's rows one at a time: recorded sealed, claimed under a lease, sent, and marked sent or
 * due again later. `isCutShort` answers true while a stopping process must claim nothing more.
 */
export function createMailSender(deps: {
  repo: MailOutboxRepository;
  seal: MailSeal;
  transport: MailTransport;
  log: OutboxLog;
  /** The host of PUBLIC_URL: each message's id is the row's id at it. */
  host: string;
  /** While mail waits for a retry, one of it is tried early at most this often (see PROBE_MS). */
  probeMs: number;
  isCutShort: () => boolean;
}) {
  const { repo, seal, transport, log, host } = deps;
  /** Rows this process has claimed and not yet finished: handed back if a stop cannot wait for them. */
  const holding = new Set<string>();
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

  /** Sends everything due now, batch by batch, until nothing due goes through. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const ids = await repo.findDueIds(new Date(), 20);
      if (ids.length === 0) return sent;
      let progressed = false;
      for (const id of ids) {
        // A stopping process takes nothing new; what it leaves is due for the other processes.
        if (deps.isCutShort()) return sent;
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
    if (deps.isCutShort() || Date.now() - lastProbe < deps.probeMs) return false;
    lastProbe = Date.now();
    const id = await repo.findWaitingId(new Date());
    if (!id || !(await claimAndSend(id, true))) return false;
    await repo.bringForward(new Date());
    return true;
  }

  return { record, claimAndSend, sendDue, probe, holding };
}
