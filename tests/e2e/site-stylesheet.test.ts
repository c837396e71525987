import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import type { RunningApp } from './support/app-server';
import { shoot, type Browser } from './support/browser';
import { expect, test } from './support/fixtures';

/**
 * The public pages inline site.css, a stylesheet Tailwind builds from their sources only
 * (decision 0076). This proves it leaves nothing out: every element of each page, and of what
 * opens on top of the landing page (the auth dialog, the mobile menu), computes exactly the same
 * style with site.css as with the app's full stylesheet.
 */
let running: RunningApp;
let browser: Browser;
let page: Page;
let appStylesheet = '';

/** Every computed property of every element in the body, keyed by the element's path. */
function computedStyles(target: Page): Promise<Record<string, string>> {
  return target.evaluate(() => {
    const out: Record<string, string> = {};
    const pathOf = (el: Element): string => {
      const parent = el.parentElement;
      if (!parent) return el.tagName;
      return `${pathOf(parent)}>${el.tagName}:${Array.prototype.indexOf.call(parent.children, el)}`;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const style = getComputedStyle(el);
      const values: string[] = [];
      for (let i = 0; i < style.length; i += 1) {
        const name = style.item(i);
        // Tailwind's registered custom properties (--tw-*) differ in number between the sheets;
        // what they compute into is compared through the real properties.
        if (name.startsWith('--')) continue;
        values.push(`${name}:${style.getPropertyValue(name)}`);
      }
      out[pathOf(el)] = values.join(';');
    }
    return out;
  });
}

/** Swapping stylesheets starts colour transitions (transition-colors): compare the end states. */
async function transitionsDone(target: Page) {
  await target.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Puts the app's full stylesheet in place of the page's inlined site.css. */
async function useAppStylesheet(target: Page) {
  await target.evaluate(async (href) => {
    for (const style of Array.from(document.querySelectorAll('style'))) style.remove();
    for (const link of Array.from(document.querySelectorAll('link[rel=stylesheet]'))) link.remove();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    const loaded = new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
    });
    document.head.appendChild(link);
    await loaded;
  }, appStylesheet);
  await transitionsDone(target);
}

/** The differences between the two stylesheets' results, as readable lines (none expected). */
function differences(site: Record<string, string>, app: Record<string, string>): string[] {
  const lines: string[] = [];
  for (const [element, style] of Object.entries(site)) {
    if (app[element] === style) continue;
    const appProps = new Map((app[element] ?? '').split(';').map((p) => [p.slice(0, p.indexOf(':')), p]));
    const changed = style.split(';').filter((p) => appProps.get(p.slice(0, p.indexOf(':'))) !== p);
    lines.push(
      `${element}: site.css ${changed.slice(0, 4).join(' | ')} vs app ${changed
        .slice(0, 4)
        .map((p) => appProps.get(p.slice(0, p.indexOf(':'))))
        .join(' | ')}`,
    );
  }
  return lines;
}

async function compareWithAppStylesheet(prepare: (target: Page) => Promise<void>) {
  await prepare(page);
  await transitionsDone(page);
  const site = await computedStyles(page);
  expect(Object.keys(site).length).toBeGreaterThan(20);
  await useAppStylesheet(page);
  const app = await computedStyles(page);
  expect(Object.keys(app)).toEqual(Object.keys(site));
  expect(differences(site, app)).toEqual([]);
}

test.beforeAll(async ({ app, browser: opened }) => {
  running = app;
  browser = opened;
  page = opened.page;
  // The app shell (any app route) links the full stylesheet.
  const shell = await (await fetch(`${running.url}/editor`)).text();
  appStylesheet = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/.exec(shell)?.[1] ?? '';
});

describe('site.css: the public pages look exactly as with the full stylesheet', () => {
  test('carries a smaller stylesheet than the app', async () => {
    expect(appStylesheet).toMatch(/\.css$/);
    await page.goto(`${running.url}/`);
    const inlined = await page.evaluate(() =>
      Array.from(document.querySelectorAll('style'))
        .map((s) => s.textContent ?? '')
        .join(''),
    );
    const full = await (await fetch(`${running.url}${appStylesheet}`)).text();
    expect(inlined.length).toBeGreaterThan(1000);
    expect(inlined.length).toBeLessThan(full.length * 0.8);
  });

  for (const width of [1280, 375]) {
    for (const path of ['/', '/contact', '/terms', '/privacy', '/no-such-page']) {
      test(`${path} at ${width} px`, async () => {
        await compareWithAppStylesheet(async (target) => {
          await target.setViewportSize({ width, height: 900 });
          await target.goto(`${running.url}${path}`);
          await target.waitForLoadState('networkidle');
          if (path === '/') await shoot(target, `site-css-landing-${width}`);
        });
      });
    }
  }

  test('the sign-up dialog opened on the landing page', async () => {
    await compareWithAppStylesheet(async (target) => {
      await target.setViewportSize({ width: 1280, height: 900 });
      await target.goto(`${running.url}/`);
      await target.waitForLoadState('networkidle');
      await target.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
      await target.getByRole('dialog').getByRole('button', { name: 'Sign up' }).waitFor();
    });
  });

  test('the mobile menu at 375 px', async () => {
    await compareWithAppStylesheet(async (target) => {
      await target.setViewportSize({ width: 375, height: 812 });
      await target.goto(`${running.url}/`);
      await target.waitForLoadState('networkidle');
      await target.getByRole('button', { name: 'Open menu' }).click();
      await target.getByRole('dialog', { name: 'Menu' }).waitFor();
    });
  });

  test('logging in from the landing page brings the app up with its full stylesheet', async () => {
    const email = `styles${Date.now()}@example.com`;
    const password = 'Sup3r-secret-pass';
    const signup = await running.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password, name: 'Sty Les', termsAccepted: true },
    });
    expect(signup.statusCode).toBe(201);
    await compareWithAppStylesheet(async (target) => {
      await target.setViewportSize({ width: 1280, height: 900 });
      await target.goto(`${running.url}/`);
      await target.waitForLoadState('networkidle');
      await target.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
      await target.getByRole('dialog').getByLabel('Email').fill(email);
      await target.getByRole('dialog').getByLabel('Password').fill(password);
      await target.getByRole('dialog').getByRole('button', { name: 'Log in' }).click();
      // The app replaces the landing page in place (no page load): the stylesheet came with it. A
      // person without a plan goes on from /editor to /pricing; compare once they are there.
      await expect.poll(() => new URL(target.url()).pathname, { timeout: 20_000 }).toBe('/pricing');
      await target.waitForLoadState('networkidle');
      await expect
        .poll(() =>
          target.evaluate(
            (href) => Array.from(document.styleSheets).some((sheet) => sheet.href?.endsWith(href)),
            appStylesheet,
          ),
        )
        .toBe(true);
      await target.getByRole('dialog').waitFor({ state: 'detached' });
      // The 'Welcome back!' toast leaves on its own: compare the screen without it.
      await expect.poll(() => target.getByTestId('toast').count(), { timeout: 20_000 }).toBe(0);
    });
    await browser.context.clearCookies();
  });
});
