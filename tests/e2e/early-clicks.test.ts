import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe } from 'vitest';
import { contactMessage, newsletterSubscriber } from '../../src/server/db/schema/marketing.schema';
import { signUpThroughApi } from './support/accounts';
import type { RunningApp } from './support/app-server';
import { firstMove, shoot, type Browser } from './support/browser';
import { expect, test } from './support/fixtures';

/**
 * Clicks on a prerendered page before it has hydrated (docs/decisions/0060): the inline script
 * holds them, and the hydrated page replays them. The page's JavaScript is held back (page.route)
 * so that every click below lands on plain HTML, as it would on a slow phone.
 */
let running: RunningApp;
let browser: Browser;
let page: Page;

const url = (path: string) => `${running.url}${path}`;
const dialog = () => page.getByRole('dialog');

/** Holds every script request until the returned function is called. */
async function holdScripts(): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** Opens a page with its scripts held: the prerendered HTML is there, React is not. */
async function openUnhydrated(path: string): Promise<() => void> {
  const release = await holdScripts();
  await page.goto(url(path), { waitUntil: 'commit' });
  return release;
}

/** Whether React has taken this element over (hydration gives each element its fiber). */
const hydrated = (locator: Locator) =>
  locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));
const heldClicks = () =>
  page.evaluate(
    () => (window as unknown as { __spEarlyClicks?: { queue: unknown[] } }).__spEarlyClicks?.queue.length ?? -1,
  );

test.beforeAll(({ app, browser: opened }) => {
  running = app;
  browser = opened;
  page = opened.page;
});
beforeEach(async () => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('about:blank');
  await browser.context.clearCookies();
});

describe('a click before hydration is not lost', () => {
  test('/pricing: a plan card pressed before hydration opens sign-up once the page is interactive', async () => {
    const release = await openUnhydrated('/pricing');
    const trial = page.locator('[data-plan="standard"]').getByRole('button', { name: 'Start 7-Day Free Trial' });
    await trial.click();
    await trial.click();
    expect(await hydrated(trial)).toBe(false);
    expect(await heldClicks()).toBe(1);
    expect(await dialog().count()).toBe(0);

    release();
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent(), { timeout: 15_000 })
      .toBe('Create your account');
    expect(await dialog().getByRole('tab', { name: 'Sign up' }).getAttribute('aria-selected')).toBe('true');
    expect(await heldClicks()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await shoot(page, 'early-click-pricing-dialog');
  });

  test('/pricing, signed in: the held click waits for the session and goes to checkout, not to sign-up', async () => {
    const email = `early${Date.now()}@example.com`;
    await signUpThroughApi(running, page.request, { email, name: 'Early Payer', verified: false });
    // The session answer comes late, as on a slow network: the page hydrates before it knows who is there.
    await page.route('**/api/session', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue().catch(() => undefined);
    });
    const release = await openUnhydrated('/pricing');
    // The prerendered card speaks to a visitor; once the session is known it reads "Choose Pro".
    const pro = page.locator('[data-plan="pro"]').getByRole('button').first();
    await pro.click();
    expect(await hydrated(pro)).toBe(false);
    release();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/checkout');
    expect(new URL(page.url()).searchParams.get('plan')).toBe('pro');
    expect(await dialog().count()).toBe(0);
    await page.waitForLoadState('networkidle').catch(() => undefined);
  });

  test('/: a plan card pressed before hydration opens sign-up', async () => {
    const release = await openUnhydrated('/');
    const pro = page.locator('#pricing [data-plan="pro"]').getByRole('button');
    await pro.click();
    expect(await hydrated(pro)).toBe(false);
    expect(await heldClicks()).toBe(1);
    release();
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent(), { timeout: 15_000 })
      .toBe('Create your account');
  });

  test("the header's Log in pressed before hydration opens the dialog on its tab", async () => {
    const release = await openUnhydrated('/');
    const login = page.getByRole('banner').getByRole('button', { name: 'Log in' });
    await login.click();
    expect(await hydrated(login)).toBe(false);
    release();
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent(), { timeout: 15_000 })
      .toBe('Welcome back');
  });

  test('the newsletter box: an address typed and sent before hydration is stored, and the page says so', async () => {
    const release = await openUnhydrated('/');
    const footer = page.getByRole('contentinfo');
    const subscribe = footer.getByRole('button', { name: 'Subscribe' });
    await footer.getByLabel('Email address').fill('early.reader@example.com');
    await subscribe.click();
    expect(await hydrated(subscribe)).toBe(false);
    expect(await heldClicks()).toBe(1);
    release();
    await expect
      .poll(() => footer.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe("You're subscribed: we saved early.reader@example.com and will send product news about once a month.");
    // Submitted by React, once: no native form submission (a page load with ?email=…).
    expect(page.url()).toBe(url('/'));
    const rows = await running.app.services.database.db
      .select()
      .from(newsletterSubscriber)
      .where(eq(newsletterSubscriber.email, 'early.reader@example.com'));
    expect(rows).toHaveLength(1);
  });

  test('the contact form: a message written and sent before hydration reaches the server (after the anti-bot lock)', async () => {
    const release = await openUnhydrated('/contact');
    const values = {
      name: 'Early Bird',
      email: 'early.bird@example.com',
      subject: 'Sent before hydration',
      message: 'Typed while the page was still plain HTML.',
    };
    for (const [name, value] of Object.entries(values)) await page.locator(`#contact-${name}`).fill(value);
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    expect(await hydrated(send)).toBe(false);
    release();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Thank You!' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/contact');
    const stored = await running.app.services.database.db
      .select()
      .from(contactMessage)
      .where(eq(contactMessage.subject, 'Sent before hydration'));
    expect(stored.map((row) => row.email)).toEqual(['early.bird@example.com']);
  });

  test('plain links still work before hydration', async () => {
    const release = await openUnhydrated('/');
    const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
    expect(await hydrated(contact)).toBe(false);
    await contact.click();
    // Its scripts are held too: the new page is committed, not loaded.
    await page.waitForURL(url('/contact'), { waitUntil: 'commit' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Contact us');
    expect(await heldClicks()).toBe(0);
    release();
  });
});

describe('hydration on demand (docs/decisions/0255)', () => {
  /** The scripts the page has asked for so far, by file name. */
  const scriptsOf = (requested: string[]) => requested.filter((p) => p.endsWith('.js')).map((p) => p.split('/').pop()!);

  test('a page only looked at runs no React and asks for no more than its entry; the first move hydrates it', async () => {
    for (const path of ['/', '/pricing', '/contact']) {
      const requested: string[] = [];
      const onRequest = (request: { url(): string }) => requested.push(new URL(request.url()).pathname);
      page.on('request', onRequest);
      await page.goto(url(path));
      await page.waitForLoadState('networkidle');
      const h1 = page.locator('h1');
      expect(await hydrated(h1), path).toBe(false);
      // The entry and the small shared chunk of constants it imports: no React, no page code.
      expect(
        scriptsOf(requested).filter((file) => !/^(site|early-clicks)-[\w-]+\.js$/.test(file)),
        path,
      ).toEqual([]);
      await firstMove(page);
      await expect.poll(() => hydrated(h1), { message: path, timeout: 15_000 }).toBe(true);
      expect(
        scriptsOf(requested).some((file) => file.startsWith('client-')),
        path,
      ).toBe(true);
      page.off('request', onRequest);
    }
  });

  test("a button works before hydration (a screen reader's click, with no pointer or key event) and after it", async () => {
    await page.goto(url('/'));
    await page.waitForLoadState('networkidle');
    // By its place, not its role: behind the open dialog, the header leaves the accessibility tree.
    const login = page.locator('header button', { hasText: /^Log in$/ }).first();
    expect(await hydrated(login)).toBe(false);
    // A bare click event, as assistive technology sends: the inline script holds it and wakes the page.
    await login.dispatchEvent('click');
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent(), { timeout: 15_000 })
      .toBe('Welcome back');
    expect(await hydrated(login)).toBe(true);
    expect(await heldClicks()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
    // Hydrated, the same button opens the dialog itself: nothing is held any more.
    await login.click();
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent(), { timeout: 15_000 })
      .toBe('Welcome back');
    expect(await heldClicks()).toBe(0);
    await shoot(page, 'on-demand-login-after-hydration');
  });
});

describe('the inline script and the Content-Security-Policy', () => {
  test('each prerendered page carries the script the CSP allows by its hash, and only that one', async () => {
    for (const path of ['/', '/pricing', '/contact', '/terms', '/privacy', '/no/such/page']) {
      const res = await fetch(url(path));
      const html = await res.text();
      const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline, path).toHaveLength(1);
      const policy = res.headers.get('content-security-policy') ?? '';
      const hashes = policy.match(/'sha256-[A-Za-z0-9+/=]+'/g) ?? [];
      expect(hashes, path).toEqual([`'sha256-${createHash('sha256').update(inline[0]!, 'utf8').digest('base64')}'`]);
      expect(policy).toMatch(/script-src 'self' 'sha256-[^' ]+'(;|$)/);
    }
  });

  test('runs our script without a CSP violation or any other console error (no hydration mismatch), and still refuses any other inline script', async () => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // React reports a hydration mismatch (a recoverable error) as an uncaught error.
    page.on('pageerror', (error) => errors.push(error.message));
    for (const path of ['/', '/pricing', '/contact']) {
      await page.goto(url(path));
      await firstMove(page);
      await expect.poll(() => hydrated(page.locator('h1'))).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => (window as unknown as { __spEarlyClicks?: { done: boolean } }).__spEarlyClicks?.done),
      ).toBe(true);
    }
    expect(errors).toEqual([]);
    const violations = () => errors.filter((text) => /Content Security Policy/i.test(text));

    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.append(script);
      return (window as unknown as { __injected?: boolean }).__injected ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations().length).toBe(1);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  });
});
