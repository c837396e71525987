import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox.schema';
import { contactMessage } from '../../db/schema/marketing.schema';
import { createSmtpTransport } from '../../mail/mailer';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import { startSmtpTestServer, type SmtpTestServer } from '../../../test-support/smtp-server';
import { issueFormToken } from './form-token';
import { deriveKey } from '../../crypto/derived-keys';

const SUPPORT = 'support@example.com';
let ipCounter = 0;
/** Each case writes from its own address so that the per-IP limit of one case never leaks into another. */
const nextIp = () => `198.51.100.${++ipCounter}`;

function buildContactBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'Question about team seats',
    message: 'Hello, how do extra seats work for a team of twelve?',
    honeypot: '',
    submitTime: Date.now(),
    ...overrides,
  };
}

describeEachDatabase('contact form API', (kind) => {
  let t: TestApp;
  let sink: SmtpTestServer;
  /** A token issued as if the form had been open for five seconds. */
  const agedToken = () => issueFormToken(deriveKey(t.config.sessionSecret, 'contact-form'), Date.now() - 5_000);
  const post = (payload: Record<string, unknown>, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
  const storedCount = async () => (await t.database.db.select().from(contactMessage)).length;

  beforeAll(async () => {
    sink = await startSmtpTestServer();
    t = await buildTestApp(kind, { SMTP_URL: sink.url, SUPPORT_EMAIL: SUPPORT });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  beforeEach(async () => {
    sink.mails.length = 0;
    await t.database.db.delete(contactMessage);
  });

  it('issues a signed form token with the support address, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contact/token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.supportEmail).toBe(SUPPORT);
    expect(body.token).toMatch(/^\d+\.[\w-]{43}$/);
  });

  it('stores a message and mails it to the support address, replying to the sender', async () => {
    const res = await post(buildContactBody({ formToken: agedToken() }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await sink.waitForCount(1);
    expect(mail!.envelopeTo).toEqual([SUPPORT]);
    expect(mail!.parsed.subject).toBe('[Contact] Question about team seats');
    expect(mail!.parsed.replyTo?.value[0]?.address).toBe('ada@example.com');
    expect(mail!.parsed.text).toContain('how do extra seats work');
    expect(mail!.parsed.html).toContain('Ada Lovelace');
    const rows = await t.database.db.select().from(contactMessage);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', mailStatus: 'queued' });
  });

  it('cannot inject headers: CR/LF in the name and subject reach exactly one recipient', async () => {
    const res = await post(
      buildContactBody({
        formToken: agedToken(),
        name: 'Mallory\r\nBcc: evil@example.com',
        subject: 'Hi\r\nBcc: evil@example.com',
        message: 'Body line one\r\nBcc: evil@example.com\r\n\r\nmore',
      }),
    );
    expect(res.statusCode).toBe(200);
    const [mail] = await sink.waitForCount(1);
    expect(mail!.envelopeTo).toEqual([SUPPORT]);
    expect(mail!.parsed.bcc).toBeUndefined();
    expect(mail!.parsed.headers.has('bcc')).toBe(false);
    const headerBlock = mail!.raw.split('\r\n\r\n')[0]!;
    expect(headerBlock).not.toMatch(/^bcc:/im);
  });

  it('nodemailer itself encodes a raw CR/LF subject: still one recipient, no Bcc header', async () => {
    const transport = createSmtpTransport({ ...t.config, smtpUrl: sink.url });
    await transport.deliver({
      to: SUPPORT,
      subject: 'Hello\r\nBcc: evil@example.com',
      replyTo: 'ada@example.com',
      html: '<p>x</p>',
      text: 'x',
      kind: 'contact',
    });
    const [mail] = await sink.waitForCount(1);
    expect(mail!.envelopeTo).toEqual([SUPPORT]);
    expect(mail!.raw.split('\r\n\r\n')[0]).not.toMatch(/^bcc:/im);
    expect(mail!.parsed.bcc).toBeUndefined();
  });

  it.each([
    ['a filled honeypot', () => buildContactBody({ formToken: agedToken(), honeypot: 'https://spam.example' })],
    [
      'a submit within 2 seconds of the form loading',
      () => buildContactBody({ formToken: issueFormToken(deriveKey(t.config.sessionSecret, 'contact-form')) }),
    ],
    [
      'a forged token',
      () => buildContactBody({ formToken: issueFormToken('another-secret-another-secret-0000', Date.now() - 60_000) }),
    ],
    ['no token at all', () => buildContactBody()],
  ])('silently drops %s: the same answer as success, nothing stored, nothing sent', async (_case, body) => {
    const res = await post(body());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // Sends whatever the outbox holds now, so that "nothing arrived" is not a race.
    await t.app.services.mailer.drain();
    expect(sink.mails).toHaveLength(0);
    expect(await storedCount()).toBe(0);
  });

  it('refuses an expired form with words for the person', async () => {
    const res = await post(
      buildContactBody({
        formToken: issueFormToken(deriveKey(t.config.sessionSecret, 'contact-form'), Date.now() - 25 * 3600_000),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This form has expired. Please reload the page and send your message again.');
  });

  it('answers each invalid field with the spec message, keyed by field', async () => {
    const res = await post({ name: 'A', email: 'not-an-email', subject: '', message: 'short', formToken: agedToken() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      subject: 'Subject is required',
      message: 'Message must be at least 10 characters',
    });
    const long = await post(
      buildContactBody({
        name: 'n'.repeat(101),
        subject: 's'.repeat(121),
        message: 'm'.repeat(2001),
        formToken: agedToken(),
      }),
    );
    expect(long.json().errors).toEqual({
      name: 'Name must be less than 100 characters',
      subject: 'Subject must be less than 120 characters',
      message: 'Message must be less than 2000 characters',
    });
    expect(await storedCount()).toBe(0);
  });

  it('limits messages per email address with a 429 and Retry-After', async () => {
    const email = `limit-${kind}@example.com`;
    for (let i = 0; i < 5; i++) {
      expect((await post(buildContactBody({ email, formToken: agedToken() }))).statusCode).toBe(200);
    }
    const res = await post(buildContactBody({ email: email.toUpperCase(), formToken: agedToken() }));
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Too many requests. Please try again in a few minutes.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCount()).toBe(5);
  });

  it('limits requests per IP address, whatever the email', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post(buildContactBody({ email: `ip${i}@example.com`, formToken: agedToken() }), ip)).statusCode,
      ).toBe(200);
    }
    const res = await post(buildContactBody({ email: 'fresh@example.com', formToken: agedToken() }), ip);
    expect(res.statusCode).toBe(429);
    expect((await post(buildContactBody({ email: 'fresh@example.com', formToken: agedToken() }))).statusCode).toBe(200);
  });

  it('records the mail in the durable outbox before answering, so a mail server that is down loses nothing', async () => {
    const res = await post(buildContactBody({ subject: 'Recorded first', formToken: agedToken() }));
    expect(res.statusCode).toBe(200);
    const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact'));
    expect(queued.map((m) => [m.recipient, m.subject])).toContainEqual([SUPPORT, '[Contact] Recorded first']);
  });
});
