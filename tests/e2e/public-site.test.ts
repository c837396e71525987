import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeEach, describe } from 'vitest';
import { signUpThroughApi } from './support/accounts';
import type { RunningApp } from './support/app-server';
import { firstMove, interactive, type Browser } from './support/browser';
import { expect, test } from './support/fixtures';

/**
 * The public site in Chromium against the built, prerendered client (`npm run build`): the landing
 * page's header in every state, menus, pricing toggle, FAQ, the 404 page, what search engines
 * read, and what the landing page downloads.
 */
const PASSWORD = 'Sup3r-secret-pass';
let running: RunningApp;
let browser: Browser;
let page: Page;
let userCounter = 0;

const url = (path: string) => `${running.url}${path}`;
const mainNav = () => page.getByRole('navigation', { name: 'Main' });
const dialog = () => page.getByRole('dialog');

/** Signs a new user up through the API in the browser's own cookie jar: the page is then signed in. */
async function signUpInBrowser(name: string) {
  const email = `visitor${Date.now()}${userCounter++}@example.com`;
  await signUpThroughApi(running, page.request, { email, name, password: PASSWORD, verified: false });
  return email;
}

/** Lets the last test's navigations (a login goes on to /editor, which may go on to /pricing) finish. */
async function settle() {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.goto('about:blank');
}

/**
 * Opens the landing page as a person who has moved over it: hydrated (decision 0255), and once the
 * header knows the session (the prerendered HTML is signed out).
 */
async function openLanding(width = 1280) {
  await settle();
  await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
  const session = page.waitForResponse((r) => r.url().endsWith('/api/session'));
  await page.goto(url('/'));
  await session;
  await interactive(page);
}

test.beforeAll(({ app, browser: opened }) => {
  running = app;
  browser = opened;
  page = opened.page;
});
beforeEach(async () => {
  await settle();
  await browser.context.clearCookies();
});

describe('prerendered and findable', () => {
  test.each([
    ['/', 'Build Professional Gmail Signatures in Minutes', 'SignaturePro — Professional Gmail Signatures in Minutes'],
    ['/pricing', 'Choose your plan', 'Pricing — SignaturePro'],
    ['/contact', 'Contact us', 'Contact us — SignaturePro'],
    ['/terms', 'Terms of Service', 'Terms of Service — SignaturePro'],
    ['/privacy', 'Privacy Policy', 'Privacy Policy — SignaturePro'],
  ])(
    '%s has its content, title, description, canonical and Open Graph tags in the HTML',
    async (path, heading, title) => {
      const res = await fetch(url(path));
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/);
      expect(html).toContain(`<link rel="canonical" href="${url(path)}">`);
      expect(html).toContain(`<meta property="og:title" content="${title}">`);
      expect(html).toContain(`<meta property="og:image" content="${url('/og-image.png')}">`);
      expect(html).not.toContain('__SP_PUBLIC_URL__');
    },
  );

  test('hydrates the prerendered HTML in place on the first move: the same elements become interactive, none are replaced', async () => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { prerenderedH1: Element | null }).prerenderedH1 = document.querySelector('h1');
      });
    });
    for (const path of ['/', '/pricing', '/contact', '/terms', '/no/such/page']) {
      await page.goto(url(path));
      await firstMove(page);
      const hydratedInPlace = () =>
        page.evaluate(() => {
          const before = (window as unknown as { prerenderedH1: Element | null }).prerenderedH1;
          return (
            !!before &&
            before === document.querySelector('h1') &&
            Object.keys(before).some((k) => k.startsWith('__reactFiber'))
          );
        });
      await expect.poll(hydratedInPlace, { message: path }).toBe(true);
    }
  });

  test('serves robots.txt, sitemap.xml, the favicon and the Open Graph image', async () => {
    const robots = await (await fetch(url('/robots.txt'))).text();
    expect(robots).toContain(`Sitemap: ${url('/sitemap.xml')}`);
    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    for (const path of ['/', '/pricing', '/contact', '/terms', '/privacy'])
      expect(sitemap).toContain(`<loc>${url(path)}</loc>`);
    expect((await fetch(url('/favicon.svg'))).status).toBe(200);
    const og = await fetch(url('/og-image.png'));
    expect(og.headers.get('content-type')).toBe('image/png');
  });

  test('answers any other path with the 404 page and status 404', async () => {
    const res = await page.goto(url('/no/such/page'));
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    // The page says 404 once: in its heading.
    expect((await page.locator('main').innerText()).match(/404/g)).toHaveLength(1);
    expect(await page.title()).toBe('404 Page Not Found — SignaturePro');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(url('/'));
  });
});

describe('landing page, signed out', () => {
  test('header links jump to their sections, Contact opens /contact, the logo scrolls back to the top', async () => {
    await openLanding();
    for (const [label, id] of [
      ['Features', 'features'],
      ['Pricing', 'pricing'],
      ['Resources', 'faq'],
    ] as const) {
      await mainNav().getByRole('link', { name: label }).click();
      await page.waitForURL(url(`/#${id}`));
      await expect.poll(async () => (await page.locator(`#${id}`).boundingBox())?.y ?? 999).toBeLessThan(120);
    }
    await page.getByRole('link', { name: 'SignaturePro, back to top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(new URL(page.url()).hash).toBe('');

    await mainNav().getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL(url('/contact'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Contact us');
    expect(await mainNav().getByRole('link', { name: 'Contact' }).getAttribute('aria-current')).toBe('page');
    expect(await mainNav().getByRole('link', { name: 'Features' }).getAttribute('href')).toBe('/#features');
    expect(await mainNav().getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
  });

  test("'Log in' and 'Sign up' open the dialog on their tab and record the auth-open telemetry", async () => {
    await openLanding();
    for (const [button, title, tab] of [
      ['Log in', 'Welcome back', 'Log in'],
      ['Sign up', 'Create your account', 'Sign up'],
    ] as const) {
      const telemetry = page.waitForResponse(
        (r) => r.url().endsWith('/api/auth/telemetry/auth-open') && r.request().method() === 'POST',
      );
      await page.getByRole('banner').getByRole('button', { name: button }).click();
      expect((await telemetry).status()).toBe(204);
      expect(JSON.parse((await telemetry).request().postData() ?? '{}')).toEqual({ source: 'modal' });
      await expect.poll(() => dialog().getByRole('heading').first().textContent()).toBe(title);
      expect(await dialog().getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog().count()).toBe(0);
    }
  });

  test("the hero's 'Sign up' opens sign-up", async () => {
    await openLanding();
    await page.getByRole('main').getByRole('button', { name: 'Sign up', exact: true }).first().click();
    await expect.poll(() => dialog().getByRole('heading').first().textContent()).toBe('Create your account');
  });

  test('logging in from the landing page goes to /editor', async () => {
    const email = `login${Date.now()}@example.com`;
    const signup = await running.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: PASSWORD, name: 'Lin Login', termsAccepted: true },
    });
    expect(signup.statusCode).toBe(201);
    await openLanding();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await dialog().getByLabel('Email').fill(email);
    await dialog().getByLabel('Password').fill(PASSWORD);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    await dialog().getByRole('button', { name: 'Log in' }).click();
    // The app comes up in place of the landing page (no page load), so its toast is still there.
    await expect.poll(() => visited).toContain('/editor');
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Welcome back!');
    page.removeAllListeners('framenavigated');
    await page.waitForLoadState('networkidle');
  });

  test("signing up from the landing page goes to /verify-email with the 'Account created!' toast", async () => {
    await openLanding();
    await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
    const email = `signup${Date.now()}@example.com`;
    await dialog().getByLabel('Email').fill(email);
    await dialog().getByLabel('Password').fill(PASSWORD);
    await dialog().getByRole('checkbox').check();
    await dialog().getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(url(`/verify-email?email=${encodeURIComponent(email)}`));
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Account created!');
  });

  test('pricing toggle shows monthly prices, then annual as $15 and $159 per month, by mouse and by keyboard', async () => {
    await openLanding();
    const pricing = page.locator('#pricing');
    const priceOf = (plan: string) =>
      pricing.locator(`[data-plan="${plan}"]`).locator('p', { hasText: '$' }).first().textContent();
    expect([await priceOf('free'), await priceOf('standard'), await priceOf('pro')]).toEqual([
      '$0/month',
      '$19/month',
      '$199/month',
    ]);
    // The first click may be the one that hydrates the page (decision 0255): it is held, then replayed.
    await pricing.getByRole('radio', { name: /Annual/ }).click();
    await expect
      .poll(async () => [await priceOf('free'), await priceOf('standard'), await priceOf('pro')])
      .toEqual(['$0/month', '$15/month', '$159/month']);
    await pricing.getByRole('radio', { name: /Annual/ }).press('ArrowLeft');
    await expect.poll(() => pricing.getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe('true');
    expect(await priceOf('standard')).toBe('$19/month');
    // A visitor choosing a plan is asked to sign up first.
    await pricing.locator('[data-plan="standard"]').getByRole('button').click();
    await expect.poll(() => dialog().getByRole('heading').first().textContent()).toBe('Create your account');
  });

  test('the FAQ has five questions that open and close with the keyboard', async () => {
    await openLanding();
    const questions = page.locator('#faq summary');
    expect(await questions.count()).toBe(5);
    const first = page.locator('#faq details').first();
    await questions.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => first.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await first.locator('p').isVisible()).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => first.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'How do I put the signature into Gmail?',
    );
  });

  test('the mobile side menu is a modal dialog: focus inside, Escape closes it, links and buttons work', async () => {
    await openLanding(375);
    expect(await mainNav().isVisible()).toBe(false);
    const openButton = page.getByRole('button', { name: 'Open menu' });
    await openButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    expect(await menu.isVisible()).toBe(true);
    expect(await openButton.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.id)).toBe('mobile-menu');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');

    await openButton.click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(url('/#pricing'));
    await expect.poll(() => menu.isVisible()).toBe(false);

    await openButton.click();
    await menu.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => dialog().getByRole('heading').first().textContent()).toBe('Create your account');
    await page.keyboard.press('Escape');

    await openButton.click();
    await menu.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL(url('/contact'));
  });

  test('never loads editor or account code, and its JavaScript and CSS stay within 100 KB gzipped', async () => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await openLanding();
    await page.mouse.wheel(0, 4000);
    await page
      .locator('#pricing')
      .getByRole('radio', { name: /Annual/ })
      .click();
    await page.waitForLoadState('networkidle');
    page.removeAllListeners('request');
    const scripts = [...new Set(requested.filter((p) => p.endsWith('.js')))];
    // The app's screens, by the files the build gave them (chunk names alone can mislead).
    const manifest = JSON.parse(readFileSync(path.resolve('dist/client/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const appScreens = Object.entries(manifest)
      .filter(([key]) => /features\/(editor|account|billing|auth)\/|^index\.html$/.test(key))
      .map(([, chunk]) => `/${chunk.file}`);
    expect(appScreens.length).toBeGreaterThan(1);
    expect(scripts.filter((p) => appScreens.includes(p))).toEqual([]);
    let gzipped = 0;
    for (const script of scripts)
      gzipped += gzipSync(Buffer.from(await (await fetch(url(script))).arrayBuffer())).length;
    // The stylesheet is inlined (site.css, decision 0076); the app's own stylesheet never loads here.
    const inlinedCss = await page.evaluate(() =>
      Array.from(document.querySelectorAll('style'))
        .map((s) => s.textContent ?? '')
        .join(''),
    );
    expect(inlinedCss.length).toBeGreaterThan(1000);
    gzipped += gzipSync(inlinedCss).length;
    // Only site.css's own link (media="print", it warms the cache) may be fetched.
    expect(requested.filter((p) => p.endsWith('.css') && !/^\/assets\/site-[\w-]+\.css$/.test(p))).toEqual([]);
    expect(gzipped).toBeLessThanOrEqual(100_000);
  });
});

describe('landing page, signed in', () => {
  test('shows the avatar menu with initials, name and email; its items go to the editor and the account; Log out signs out', async () => {
    const email = await signUpInBrowser('Ada Lovelace');
    await openLanding();
    const avatar = page.getByRole('button', { name: 'Open user menu' });
    await expect.poll(() => avatar.textContent()).toBe('AL');
    expect(await page.getByRole('banner').getByRole('button', { name: 'Log in' }).count()).toBe(0);
    const cta = page.getByRole('link', { name: 'Go to Editor' }).first();
    expect(await cta.getAttribute('href')).toBe('/editor');

    await avatar.click();
    const menu = page.getByRole('menu');
    expect(await menu.getByText('Ada Lovelace').isVisible()).toBe(true);
    expect(await menu.getByText(email).isVisible()).toBe(true);
    const toEditor = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/editor');
    await menu.getByRole('menuitem', { name: 'Go to Editor' }).click();
    await toEditor;

    await openLanding();
    await page.getByRole('button', { name: 'Open user menu' }).click();
    const toAccount = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/account');
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await toAccount;

    await openLanding();
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect.poll(() => page.getByRole('banner').getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Logged out');
    await expect
      .poll(() => page.getByRole('main').getByRole('button', { name: 'Sign up', exact: true }).count())
      .toBeGreaterThan(0);
  });

  test('a plan card goes to checkout with the chosen plan and billing period', async () => {
    await signUpInBrowser('Paying Customer');
    await openLanding();
    const pricing = page.locator('#pricing');
    await pricing.getByRole('radio', { name: /Annual/ }).click();
    const toCheckout = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/checkout');
    await pricing.locator('[data-plan="pro"]').getByRole('button').click();
    const search = new URL((await toCheckout).url()).searchParams;
    expect([search.get('plan'), search.get('billing')]).toEqual(['pro', 'annual']);
    await page.waitForLoadState('networkidle');
  });

  test("without a name, the avatar shows the email's first letter and the menu says 'User'", async () => {
    const email = await signUpInBrowser('');
    await openLanding();
    const avatar = page.getByRole('button', { name: 'Open user menu' });
    await expect.poll(() => avatar.textContent()).toBe(email[0]!.toUpperCase());
    await avatar.click();
    expect(await page.getByRole('menu').getByText('User', { exact: true }).isVisible()).toBe(true);
  });

  test('the mobile menu offers Go to Editor, My Account and Log out', async () => {
    await signUpInBrowser('Grace Hopper');
    await openLanding(375);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => menu.getByText('Grace Hopper').isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Go to Editor' }).getAttribute('href')).toBe('/editor');
    expect(await menu.getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/account');
    await menu.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => menu.getByRole('button', { name: 'Sign up' }).isVisible()).toBe(true);
  });
});
