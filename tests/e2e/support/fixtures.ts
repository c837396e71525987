import { test as base } from 'vitest';
import { signUpThroughApi, type Account, type SignUpOptions } from './accounts';
import { startApp, type RunningApp } from './app-server';
import { sharedChromium, type Browser } from './browser';
import { mailboxOf, type Mailbox } from './mailbox';

export { expect } from 'vitest';

/** Settings for the server a file's tests run against (`base.extend('appEnv', { scope: 'file' }, {…})`). */
export type AppEnv = Record<string, string>;
export type BrowserOptions = { width?: number; height?: number };
/** A browser with its own fresh context whose person is signed in. */
export type SignedIn = Browser & { account: Account };

/**
 * The browser tests' fixtures (decision 0125). All are per file: a file's tests run in order and
 * share its server and browser, as a person's session goes on from one step to the next.
 * - `app`: the built server on a free port with a fresh embedded database (settings from `appEnv`).
 * - `browser` / `page`: one Chromium with clipboard access to the app's origin, closed at the end.
 * - `newBrowser(options)`: another fresh browser context (a second person, a phone width) in the
 *   file's one Chromium, closed at the end.
 * - `signUp(options)`: a fresh verified account made through the API, signed in in a fresh browser.
 * - `signedIn`: one such account and browser for the file.
 * - `mailbox`: the messages the app sent (wait for the one to an address; its links and codes).
 */
export const test = base
  .extend('appEnv', { scope: 'file' }, {} as AppEnv)
  .extend('app', { scope: 'file' }, async ({ appEnv }, { onCleanup }): Promise<RunningApp> => {
    const app = await startApp(appEnv);
    onCleanup(() => app.stop());
    return app;
  })
  .extend('newBrowser', { scope: 'file' }, async ({ app }, { onCleanup }) => {
    const chromium = sharedChromium(app.url);
    onCleanup(() => chromium.close());
    return async (options: BrowserOptions = {}): Promise<Browser> => {
      const width = options.width ?? 1280;
      return chromium.open({ width, height: options.height ?? (width < 500 ? 812 : 860) });
    };
  })
  .extend('browser', { scope: 'file' }, async ({ newBrowser }) => newBrowser())
  .extend('page', { scope: 'file' }, async ({ browser }) => browser.page)
  .extend('signUp', { scope: 'file' }, async ({ app, newBrowser }) => {
    return async (options: SignUpOptions & BrowserOptions = {}): Promise<SignedIn> => {
      const browser = await newBrowser(options);
      const account = await signUpThroughApi(app, browser.context.request, options);
      return { ...browser, account };
    };
  })
  .extend('signedIn', { scope: 'file' }, async ({ signUp }) => signUp())
  .extend('mailbox', { scope: 'file' }, async ({ app }): Promise<Mailbox> => mailboxOf(app.dataDir));
