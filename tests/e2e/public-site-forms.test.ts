import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeEach, describe } from 'vitest';
import { contactMessage, newsletterSubscriber } from '../../src/server/db/schema/marketing.schema';
import { issueFormToken } from '../../src/server/modules/contact/form-token';
import { startSmtpTestServer, type SmtpTestServer } from '../../src/test-support/smtp-server';
import { deriveKey } from '../../src/server/crypto/derived-keys';
import type { RunningApp } from './support/app-server';
import { firstMove, readClipboard } from './support/browser';
import { expect, test as base } from './support/fixtures';

/**
 * The public site's forms in Chromium: the contact form (every message, the silent drop, a real
 * message reaching support over SMTP), the newsletter box, and the clipboard check.
 */
const SUPPORT = 'support@signaturepro.example';

const test = base
  // vitest reads what a fixture needs from its first parameter's pattern: this one needs nothing.
  // eslint-disable-next-line no-empty-pattern
  .extend('sink', { scope: 'file' }, async ({}, { onCleanup }): Promise<SmtpTestServer> => {
    const sink = await startSmtpTestServer();
    onCleanup(() => sink.close());
    return sink;
  })
  // Trusting loopback as a proxy lets the 429 case write "from" other addresses (X-Forwarded-For),
  // so that it exhausts one sender's limit without using up the browser's per-IP allowance.
  .extend('appEnv', { scope: 'file' }, async ({ sink }) => ({
    SMTP_URL: sink.url,
    SUPPORT_EMAIL: SUPPORT,
    TRUST_PROXY: '127.0.0.1',
  }));
let sink: SmtpTestServer;
let running: RunningApp;
let page: Page;

const url = (path: string) => `${running.url}${path}`;
const field = (name: 'name' | 'email' | 'subject' | 'message') => page.locator(`#contact-${name}`);
const errorOf = (name: 'name' | 'email' | 'subject' | 'message') => page.locator(`#contact-${name}-error`);
const formAlert = () => page.locator('#contact-form-error');
const supportMail = () => sink.mails.filter((m) => m.envelopeTo.includes(SUPPORT));

/**
 * Opens /contact and waits until the form holds its signed token (the 2-second lock starts there):
 * the page hydrates, and asks for it, on the visitor's first move.
 */
async function openContact() {
  await page.goto('about:blank');
  const token = page.waitForResponse((r) => r.url().endsWith('/api/contact/token'));
  await page.goto(url('/contact'));
  await firstMove(page);
  await token;
}

async function fillContact(values: { name?: string; email?: string; subject?: string; message?: string }) {
  for (const [name, value] of Object.entries(values)) await field(name as 'name').fill(value);
}

const validMessage = (subject: string, email = 'ada@example.com') => ({
  name: 'Ada Lovelace',
  email,
  subject,
  message: 'Hello! How do extra seats work for a team of twelve people?',
});

async function storedSubjects(): Promise<string[]> {
  return (await running.app.services.database.db.select().from(contactMessage)).map((r) => r.subject);
}

test.beforeAll(({ app, browser: opened, sink: smtp }) => {
  sink = smtp;
  running = app;
  page = opened.page;
});
beforeEach(async () => {
  await page.unrouteAll();
});

describe('contact form', () => {
  test("shows the spec's message for each rule, and counts the message's characters", async () => {
    await openContact();
    expect(await page.locator('#contact-message-count').textContent()).toBe('0/2000 characters');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await errorOf('name').textContent()).toBe('Name is required');
    expect(await errorOf('email').textContent()).toBe('Email is required');
    expect(await errorOf('subject').textContent()).toBe('Subject is required');
    expect(await errorOf('message').textContent()).toBe('Message is required');
    expect(await field('name').getAttribute('aria-invalid')).toBe('true');

    const cases: Array<[Parameters<typeof errorOf>[0], string, string]> = [
      ['name', 'A', 'Name must be at least 2 characters'],
      ['name', 'n'.repeat(101), 'Name must be less than 100 characters'],
      ['email', 'not-an-email', 'Please enter a valid email address'],
      ['subject', 's', 'Subject must be at least 2 characters'],
      ['subject', 's'.repeat(121), 'Subject must be less than 120 characters'],
      ['message', 'Too short', 'Message must be at least 10 characters'],
      ['message', 'm'.repeat(2001), 'Message must be less than 2000 characters'],
    ];
    for (const [name, value, message] of cases) {
      await field(name).fill(value);
      await expect.poll(() => errorOf(name).textContent()).toBe(message);
    }
    expect(await page.locator('#contact-message-count').textContent()).toBe('2001/2000 characters');
    await field('message').fill('Hello');
    expect(await page.locator('#contact-message-count').textContent()).toBe('5/2000 characters');
  });

  test('silently drops a message sent within 2 seconds of the page loading: it looks sent, nothing reaches support', async () => {
    await openContact();
    await fillContact(validMessage('Sent too fast'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true);
    await running.app.services.mailer.drain();
    expect(supportMail().filter((m) => m.parsed.subject?.includes('Sent too fast'))).toEqual([]);
    expect(await storedSubjects()).not.toContain('Sent too fast');
  });

  test('silently drops a message whose hidden honeypot field was filled', async () => {
    await openContact();
    await page.waitForTimeout(2_100);
    await fillContact(validMessage('Honeypot bot'));
    await page.locator('#contact-hp').evaluate((input: HTMLInputElement) => (input.value = 'https://spam.example'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Thank You!' }).isVisible()).toBe(true);
    await running.app.services.mailer.drain();
    expect(await storedSubjects()).not.toContain('Honeypot bot');
    expect(supportMail().filter((m) => m.parsed.subject?.includes('Honeypot bot'))).toEqual([]);
  });

  test("delivers a normal message to the support address and shows 'Thank You!' with the reply time and address", async () => {
    await openContact();
    await page.waitForTimeout(2_100);
    await fillContact(validMessage('Question about seats', 'grace@example.com'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    const thanks = page.getByRole('heading', { name: 'Thank You!' });
    await expect.poll(() => thanks.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Thank You!');
    expect(await page.getByText("We'll reply within 1 business day.").isVisible()).toBe(true);
    expect(await page.locator('section').getByRole('link', { name: SUPPORT }).first().getAttribute('href')).toBe(
      `mailto:${SUPPORT}`,
    );

    await expect
      .poll(() => supportMail().filter((m) => m.parsed.subject === '[Contact] Question about seats').length, {
        timeout: 10_000,
      })
      .toBe(1);
    const mail = supportMail().find((m) => m.parsed.subject === '[Contact] Question about seats')!;
    expect(mail.envelopeTo).toEqual([SUPPORT]);
    expect(mail.parsed.replyTo?.value[0]?.address).toBe('grace@example.com');
    expect(mail.parsed.text).toContain('How do extra seats work');
    expect(await storedSubjects()).toContain('Question about seats');
  });

  test('says so when the sender has written too often (429)', async () => {
    const email = 'busy@example.com';
    for (let i = 0; i < 5; i++) {
      const res = await fetch(url('/api/contact'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i + 1}` },
        body: JSON.stringify({
          ...validMessage(`Earlier ${i}`, email),
          formToken: issueFormToken(deriveKey(running.config.sessionSecret, 'contact-form'), Date.now() - 5_000),
        }),
      });
      expect(res.status).toBe(200);
    }
    await openContact();
    await page.waitForTimeout(2_100);
    await fillContact(validMessage('One more', email));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => formAlert().textContent()).toBe('Too many requests. Please try again in a few minutes.');
    expect(await page.getByRole('heading', { name: 'Thank You!' }).count()).toBe(0);
  });

  test("shows the server's per-field errors at their fields", async () => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'This address cannot receive mail.',
          code: 'VALIDATION',
          errors: { email: 'This address cannot receive mail.', subject: 'Subject is required' },
        }),
      }),
    );
    await openContact();
    await fillContact(validMessage('Field errors'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => errorOf('email').textContent()).toBe('This address cannot receive mail.');
    expect(await errorOf('subject').textContent()).toBe('Subject is required');
    expect(await field('email').getAttribute('aria-invalid')).toBe('true');
  });

  test("shows the server's own words, or 'Something went wrong. Please try again.' when it has none", async () => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'This is briefly unavailable. Please try again in a minute.',
          code: 'UNAVAILABLE',
        }),
      }),
    );
    await openContact();
    await fillContact(validMessage('Server words'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() => formAlert().textContent())
      .toBe('This is briefly unavailable. Please try again in a minute.');

    await page.unrouteAll();
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
    );
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => formAlert().textContent()).toBe('Something went wrong. Please try again.');
  });

  test('shows the network error when the request cannot be sent', async () => {
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await openContact();
    await fillContact(validMessage('Offline'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() => formAlert().textContent())
      .toBe('Network error. Please check your connection and try again.');
  });
});

describe('newsletter box', () => {
  test('stores the address and says so; giving it again is fine and says that too', async () => {
    const hydrated = page.waitForResponse((r) => r.url().endsWith('/api/session'));
    await page.goto(url('/'));
    await hydrated;
    const footer = page.getByRole('contentinfo');
    const box = footer.getByLabel('Email address');
    await box.fill('reader@example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect
      .poll(() => footer.getByRole('status').textContent())
      .toBe("You're subscribed: we saved reader@example.com and will send product news about once a month.");
    await box.fill('Reader@Example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect
      .poll(() => footer.getByRole('status').textContent())
      .toBe("reader@example.com is already subscribed, so there's nothing more to do.");
    const rows = await running.app.services.database.db
      .select()
      .from(newsletterSubscriber)
      .where(eq(newsletterSubscriber.email, 'reader@example.com'));
    expect(rows).toHaveLength(1);

    await box.fill('nope');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => footer.getByRole('status').textContent()).toBe('Please enter a valid email address');
  });
});

describe('clipboard check (/debug-clipboard)', () => {
  test('is reached from the contact page, not from the marketing footer', async () => {
    await page.goto(url('/contact'));
    expect(await page.locator('footer a[href="/debug-clipboard"]').count()).toBe(0);
    await page.locator('main a[href="/debug-clipboard"]').click();
    await page.waitForURL(url('/debug-clipboard'));
  });

  test('shows what the browser supports, copies a sample as HTML and text, and shows what a paste brings back', async () => {
    await page.goto(url('/debug-clipboard'));
    const rows = page.getByTestId('support-row');
    await expect.poll(() => rows.count()).toBe(8);
    expect(await rows.filter({ hasText: "ClipboardItem.supports('text/html')" }).textContent()).toContain('Yes');

    await page.getByRole('button', { name: 'Copy sample signature' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Copied' }).textContent())
      .toContain('text/html and text/plain');
    const clipboard = await readClipboard(page);
    expect(clipboard['text/html']).toContain('Alex Morgan');
    expect(clipboard['text/plain']).toContain('Alex Morgan');

    await page.locator('#paste-area').focus();
    await page.keyboard.press('Control+V');
    const result = page.getByTestId('paste-result');
    await expect.poll(() => result.isVisible()).toBe(true);
    expect(await result.textContent()).toContain('text/html');
    expect(await page.getByTestId('pasted-html').textContent()).toContain('Alex Morgan');
    expect(await page.getByTestId('pasted-text').textContent()).toContain('Alex Morgan');
    expect(
      await page.frameLocator('iframe[title="The pasted HTML, rendered"]').getByText('Alex Morgan').first().isVisible(),
    ).toBe(true);
  });
});
