import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/mail-outbox.schema';
import { createJobRunner, type JobRunner } from '../jobs/job-runner';
import { createTestDatabase, describeEachDatabase } from '../../test-support/test-app';
import { hangingTransport, recordingTransport } from '../../test-support/mail-transports';
import { createMailOutbox, MAIL_SEND_QUEUE, type MailOutbox } from './mail-outbox';
import type { MailMessage, MailTransport } from './mailer';

/**
 * The mail outbox sends through the jobs runner (docs/decisions/0119): a job per
 * recorded mail and a recurring sweep, on both databases, with the outbox's guarantees kept: each
 * mail sent once across workers, a failed send retried, a hanging send handed back on stop.
 */
const quietLog = { info() {}, warn() {}, error() {} };
const config = { sessionSecret: 'test-secret-test-secret-test-secret-0123', publicUrl: 'http://localhost:5000' };
const message = (tag: string, i: number): MailMessage => ({
  kind: 'test',
  to: `${tag}-${i}@example.com`,
  subject: `Message ${i}`,
  html: `<p>${i}</p>`,
  text: `${i}`,
});

async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeEachDatabase('mail outbox on the jobs runner', (kind) => {
  let database: Database;
  const workers: { runner: JobRunner; outbox: MailOutbox }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const w of workers) await Promise.all([w.runner.stop(), w.outbox.stop()]);
    await database?.close();
  });

  /** A worker as the app wires it: one runner, the outbox's queues on it, started, then the sweep. */
  async function worker(transport: MailTransport, stopWaitMs = 4_000) {
    const runner = createJobRunner(database, {
      pollIntervalMs: 100,
      maintenanceIntervalSeconds: 1,
      stopTimeoutMs: 5_000,
    });
    const outbox = createMailOutbox(database.db, transport, config, quietLog, {
      jobs: runner,
      pollMs: 200,
      stopWaitMs,
    });
    await runner.start();
    await outbox.startOnRunner();
    const w = { runner, outbox };
    workers.push(w);
    return w;
  }

  it('two workers: every mail enqueued on either is sent exactly once by a job (no drain, no timer); a failed send is retried by the sweep', async () => {
    const sent: string[] = [];
    let failOnce = true;
    const transport: MailTransport = {
      async deliver(m) {
        await new Promise((r) => setTimeout(r, 5));
        if (m.to === 'jobs-7@example.com' && failOnce) {
          failOnce = false;
          throw new Error('421 try again later');
        }
        sent.push(m.messageId!);
      },
    };
    const a = await worker(transport);
    const b = await worker(transport);
    for (let i = 0; i < 20; i += 1) await (i % 2 ? b : a).outbox.enqueue(message('jobs', i));

    const rows = async () =>
      database.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.recipient} like 'jobs-%'`);
    // The failed one waits for its retry (2 s) and the sweep: nothing here calls drain().
    await until(
      async () => ((await rows()).every((r) => r.status === 'sent') ? true : undefined),
      'every mail sent',
      30_000,
    );
    const mine = await rows();
    expect(mine).toHaveLength(20);
    for (const row of mine)
      expect(
        sent.filter((id) => id === `<${row.id}@localhost>`),
        row.recipient,
      ).toHaveLength(1);
    expect(mine.find((r) => r.recipient === 'jobs-7@example.com')!.attempts).toBe(2);
    // They went through the runner's queue: one job per mail, keyed by the mail's id.
    const { rows: jobs } = await database.db.execute<{ n: number }>(
      sql`select count(distinct singleton_key)::int as n from pgboss.job where name = ${MAIL_SEND_QUEUE} and singleton_key in (select id from mail_outbox where recipient like 'jobs-%')`,
    );
    expect(jobs[0]!.n).toBe(20);
    // More sweeps find nothing left to send.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(sent.filter((id) => mine.some((row) => id === `<${row.id}@localhost>`))).toHaveLength(20);
    await Promise.all([a.runner.stop(), a.outbox.stop(), b.runner.stop(), b.outbox.stop()]);
  }, 60_000);

  it('a stopping worker hands back the mail its SMTP server hangs on; another worker sends it once', async () => {
    const hanging = hangingTransport();
    const recording = recordingTransport();
    const sent = recording.sent;
    const stopping = await worker(hanging, 300);
    await stopping.outbox.enqueue(message('handback', 1));
    await until(() => hanging.hung(), 'the hanging send');
    const started = Date.now();
    await Promise.all([stopping.runner.stop(), stopping.outbox.stop()]);
    expect(Date.now() - started).toBeLessThan(7_000);
    const [row] = await database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.recipient} = 'handback-1@example.com'`);
    expect(row).toMatchObject({ status: 'pending', lockedUntil: null });

    await worker(recording);
    await until(
      () => (sent.includes(`<${row!.id}@localhost>`) ? true : undefined),
      'the handed-back mail sent by the other worker',
    );
    await new Promise((r) => setTimeout(r, 1_000));
    expect(sent.filter((id) => id === `<${row!.id}@localhost>`)).toHaveLength(1);
  }, 60_000);
});
