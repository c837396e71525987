import type { BrowserContext } from 'playwright-core';
import type { RunningApp } from './app-server';
import { openBrowser } from './browser';
import { test as base } from './fixtures';

/** The server's own address, where the browser goes when PUBLIC_URL names another host. */
export const pageOriginOf = (app: RunningApp) => `http://127.0.0.1:${app.config.port}`;

/**
 * The browser tests' fixtures for a server whose PUBLIC_URL is not the browser's origin: the server
 * runs with `publicUrl` (https without Stripe needs PAYMENTS=test, decision 0024), and the browser
 * opens the server's own address, with the clipboard granted there and `routeContext` applied
 * (no internet here: each file says what answers instead).
 */
export function testWithPublicUrl(publicUrl: string, routeContext: (context: BrowserContext) => Promise<void>) {
  return base
    .extend('appEnv', { scope: 'file' }, { PUBLIC_URL: publicUrl, PAYMENTS: 'test' })
    .extend('browser', { scope: 'file' }, async ({ app }, { onCleanup }) => {
      const browser = await openBrowser(pageOriginOf(app));
      onCleanup(() => browser.close());
      await routeContext(browser.context);
      return browser;
    });
}
