import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema/mail-outbox.schema';
import { buildTestApp, createTestDatabase, describeEachDatabase } from '../../test-support/test-app';
import { createMailOutbox } from './mail-outbox';
import { createMailSeal } from './mail-seal';
import { createMailboxTransport, type MailMessage, type MailTransport } from './mailer';
import { startSmtpTestServer } from '../../test-support/smtp-server';
import { hangingTransport, recordingTransport } from '../../test-support/mail-transports';

const quietLog = { info() {}, warn() {}, error() {} };
const config = { sessionSecret: 'test-secret-test-secret-test-secret-0123', publicUrl: 'http://localhost:5000' };

const message = (i: number): MailMessage => ({
  kind: 'test',
  to: `person${i}@example.com`,
  subject: `Message ${i}`,
  html: `<p>Hello ${i}</p>`,
  text: `Hello ${i}`,
});

/** A port nobody listens on: bind one, note it, let it go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeEachDatabase('mail outbox', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('loses nothing while the SMTP server is down, then sends each mail exactly once', async () => {
    const port = await closedPort();
    const t = await buildTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = `down-${Date.now()}@example.com`;
      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'Sup3r-secret-pass', termsAccepted: true },
      });
      expect(signup.statusCode).toBe(201);
      const failed = await until(async () => {
        const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
        return row && row.attempts >= 1 && row.status === 'pending' ? row : undefined;
      });
      expect(failed.lastError).toBeTruthy();

      const smtp = await startSmtpTestServer(port);
      try {
        const mail = await smtp.waitFor((m) => m.to.includes(email), 20_000);
        expect(mail.subject).toBe('Verify your email for SignaturePro');
        // More polls and drains find nothing left to send.
        await t.app.services.mailer.drain();
        await new Promise((r) => setTimeout(r, 2_500));
        expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
        const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
        expect(row).toMatchObject({ status: 'sent', sealedBody: null });
        expect(mail.messageId).toBe(`<${row!.id}@localhost>`);
      } finally {
        await smtp.close();
      }
    } finally {
      await t.close();
    }
  });

  it('two workers draining one outbox send every message once', async () => {
    const sent: string[] = [];
    const slowTransport: MailTransport = {
      async deliver(m) {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(m.messageId!);
      },
    };
    const a = createMailOutbox(database.db, slowTransport, config, quietLog, { pollMs: 60_000 });
    const b = createMailOutbox(database.db, slowTransport, config, quietLog, { pollMs: 60_000 });
    await Promise.all([a.stop(), b.stop()]);
    // Stopped outboxes still record and drain on demand; only their timers are off.
    const seal = createMailSeal(config.sessionSecret);
    for (let i = 0; i < 20; i++) {
      await database.db.insert(mailOutbox).values({
        id: `race-${kind}-${i}`,
        kind: 'test',
        recipient: `r${i}@example.com`,
        subject: 's',
        sealedBody: seal.seal(JSON.stringify({ html: '<p>x</p>', text: 'x' })),
        status: 'pending',
        nextAttemptAt: new Date(),
        createdAt: new Date(),
      });
    }
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    const raced = sent.filter((id) => id.includes(`race-${kind}-`));
    expect(raced).toHaveLength(20);
    expect(new Set(raced).size).toBe(20);
    const left = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where id like ${`race-${kind}-%`} and status <> 'sent'`,
    );
    expect(left.rows[0]!.n).toBe(0);
  });

  it('a stopping worker takes nothing new and hands back the message it cannot finish; the other sends everything once', async () => {
    const seal = createMailSeal(config.sessionSecret);
    const ids = [0, 1, 2].map((i) => `handback-${kind}-${i}`);
    for (const id of ids) {
      await database.db.insert(mailOutbox).values({
        id,
        kind: 'test',
        recipient: `${id}@example.com`,
        subject: 's',
        sealedBody: seal.seal(JSON.stringify({ html: '<p>x</p>', text: 'x' })),
        status: 'pending',
        nextAttemptAt: new Date(),
        createdAt: new Date(),
      });
    }
    // The stopping process's SMTP server hangs on the first message and never answers.
    const hanging = hangingTransport();
    const recording = recordingTransport();
    const sent = recording.sent;
    const a = createMailOutbox(database.db, hanging, config, quietLog, { pollMs: 60_000, stopWaitMs: 300 });
    const b = createMailOutbox(database.db, recording, config, quietLog, { pollMs: 60_000 });
    await b.stop();
    void a.drain();
    await until(async () => hanging.hung());
    const started = Date.now();
    await a.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.id} like ${`handback-${kind}-%`}`);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    expect(rows.every((r) => r.lockedUntil === null)).toBe(true);

    await b.drain();
    const mine = sent.filter((id) => id.includes(`handback-${kind}-`)).sort();
    expect(mine).toEqual(ids.map((id) => `<${id}@localhost>`).sort());
  });

  it('keeps bodies sealed at rest and refuses a tampered seal', () => {
    const seal = createMailSeal(config.sessionSecret);
    const sealed = seal.seal('code 123456');
    expect(sealed).not.toContain('123456');
    expect(seal.open(sealed)).toBe('code 123456');
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => seal.open(tampered)).toThrow();
    expect(() => createMailSeal('another-secret-another-secret-000000').open(sealed)).toThrow();
  });
});

it('without SMTP_URL writes each mail as an .eml file with an HTML and a text part, and logs its hint', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-mailbox-'));
  try {
    const lines: string[] = [];
    const transport = createMailboxTransport(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: config.sessionSecret }), {
      info: (_obj: unknown, msg?: string) => void lines.push(String(msg)),
    } as Parameters<typeof createMailboxTransport>[1]);
    await transport.deliver({ ...message(1), logHint: 'code 654321', messageId: '<m1@localhost>' });
    const files = readdirSync(path.join(dataDir, 'mailbox')).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(path.join(dataDir, 'mailbox', files[0]!)));
    expect(parsed.subject).toBe('Message 1');
    expect(parsed.html).toContain('<p>Hello 1</p>');
    expect(parsed.text?.trim()).toBe('Hello 1');
    expect(parsed.messageId).toBe('<m1@localhost>');
    expect(lines.join('\n')).toContain('code 654321');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
