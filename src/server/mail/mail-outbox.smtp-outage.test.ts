import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/mail-outbox.schema';
import { createJobRunner } from '../jobs/job-runner';
import { newIp, PUBLIC_URL, signUp } from '../../test-support/accounts';
import { buildTestApp, createTestDatabase, describeEachDatabase, type TestApp } from '../../test-support/test-app';
import { startSmtpTestServer, type SmtpTestServer } from '../../test-support/smtp-server';
import { createMailOutbox } from './mail-outbox';
import { createSmtpTransport } from './mailer';

/**
 * A mail server that blinks must not cost a new account its first e-mail: mail that failed while
 * the server was down goes out within 15 s of its return, once each, with the runner's and the
 * outbox's production timings (docs/decisions/0119).
 */
const quietLog = { info() {}, warn() {}, error() {} };
const secrets = { sessionSecret: 'test-secret-test-secret-test-secret-0123', publicUrl: 'http://localhost:5000' };

describeEachDatabase('mail outbox across an SMTP outage', (kind) => {
  let database: Database;
  let smtp: SmtpTestServer | undefined;
  const stops: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await smtp?.close();
    await database?.close();
  });

  async function worker(smtpUrl: string) {
    const runner = createJobRunner(database);
    const transport = createSmtpTransport({ smtpUrl, mailFrom: 'SignaturePro <no-reply@localhost>' } as AppConfig);
    const outbox = createMailOutbox(database.db, transport, secrets, quietLog, { jobs: runner });
    await runner.start();
    await outbox.startOnRunner();
    stops.push(() => Promise.all([runner.stop(), outbox.stop()]));
    return outbox;
  }

  it('ten mails that failed three times while the server was down (two processes) all arrive within 15 s of its return, once each', async () => {
    const first = await startSmtpTestServer();
    const port = first.port;
    const url = first.url;
    const [a, b] = [await worker(url), await worker(url)];
    await first.close();

    const downAt = Date.now();
    for (let i = 0; i < 10; i += 1)
      await (i % 2 ? b : a).enqueue({
        kind: 'verify-email',
        to: `outage-${i}@example.com`,
        subject: `Verify ${i}`,
        html: `<p>${i}</p>`,
        text: `${i}`,
      });
    // Every one of them has failed three times while the server was away: its next retry is 30 s off.
    const failedThrice = async () => {
      const rows = await database.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.recipient} like 'outage-%'`);
      return rows.length === 10 && rows.every((r) => r.attempts >= 3 && r.status === 'pending');
    };
    while (!(await failedThrice())) {
      expect(Date.now() - downAt, 'each mail tried three times while the server was down').toBeLessThan(40_000);
      await new Promise((r) => setTimeout(r, 200));
    }

    smtp = await startSmtpTestServer(port);
    const back = Date.now();
    const mails = await smtp.waitForCount(10, 15_000);
    expect(Date.now() - back).toBeLessThanOrEqual(15_000);
    // A little longer: nothing arrives twice.
    await new Promise((r) => setTimeout(r, 2_000));
    const recipients = smtp.mails.map((m) => m.to).sort();
    expect(recipients).toEqual(Array.from({ length: 10 }, (_, i) => `outage-${i}@example.com`).sort());
    expect(mails.length).toBe(10);
  }, 120_000);
});

describeEachDatabase('sign-up mail across an SMTP outage, through the app', (kind) => {
  let t: TestApp | undefined;
  let smtp: SmtpTestServer | undefined;
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('ten sign-ups while the mail server is down: every verification mail arrives within 15 s of its return', async () => {
    const first = await startSmtpTestServer();
    t = await buildTestApp(kind, { SMTP_URL: first.url, PUBLIC_URL });
    await first.close();
    const downAt = Date.now();
    const emails: string[] = [];
    for (let i = 0; i < 10; i += 1) emails.push((await signUp(t, {}, { ip: newIp() })).email);
    await new Promise((r) => setTimeout(r, Math.max(0, 3_400 - (Date.now() - downAt))));

    smtp = await startSmtpTestServer(first.port);
    await smtp.waitForCount(10, 15_000);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(smtp.mails.map((m) => m.to).sort()).toEqual(emails.sort());
  }, 120_000);
});
