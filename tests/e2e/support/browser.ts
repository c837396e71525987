import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(process.env.SCREENSHOT_DIR ?? 'screenshots');

/**
 * The flags every run of Debian Chromium here uses (browser tests, keystroke and Lighthouse
 * benches): no sandbox in a container, no GPU, and no background traffic to Google.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Browser = { context: BrowserContext; page: Page; close(): Promise<void> };

/** Debian Chromium, headless, with a fresh profile. */
export async function launchChromium(
  options: { width?: number; height?: number; profilePrefix?: string } = {},
): Promise<Browser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), options.profilePrefix ?? 'sp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: options.width ?? 1280, height: options.height ?? 860 },
    args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Debian Chromium, headless, with a fresh profile and clipboard permissions for `origin`. */
export async function openBrowser(origin: string, options: { width?: number; height?: number } = {}): Promise<Browser> {
  const browser = await launchChromium(options);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  return browser;
}

/**
 * One Chromium for a test file, each person in a fresh context of it (own cookies, storage and
 * clipboard permission): starting Chromium once per file instead of once per person (decision 0275).
 */
export function sharedChromium(origin: string) {
  let running: Promise<Chromium> | undefined;
  return {
    async open(options: { width?: number; height?: number } = {}): Promise<Browser> {
      running ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
      const context = await (
        await running
      ).newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 860 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      const page = await context.newPage();
      return { context, page, close: () => context.close() };
    },
    async close() {
      if (running) await (await running).close();
    },
  };
}

/** Saves a screenshot under `dir` (screenshots/ unless told) for a person to look at. */
export async function shoot(page: Page, name: string, options: { dir?: string; fullPage?: boolean } = {}) {
  const dir = options.dir ?? SCREENSHOT_DIR;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false });
}

/** Reads what a copy put on the clipboard, per MIME type. */
export async function readClipboard(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const out: Record<string, string> = {};
    for (const item of await navigator.clipboard.read()) {
      for (const type of item.types) out[type] = await (await item.getType(type)).text();
    }
    return out;
  });
}

/**
 * A visitor's first move on a prerendered page: the pointer over it. The public pages hydrate
 * only once needed (docs/decisions/0255): a test that wants one interactive without clicking
 * starts here.
 */
export async function firstMove(page: Page) {
  await page.mouse.move(2, 2);
  await page.mouse.move(24, 24);
}

/** The first move, then until React has taken the page over (its heading has a fiber). */
export async function interactive(page: Page) {
  await firstMove(page);
  await page.waitForFunction(
    () => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')),
    null,
    { timeout: 30_000 },
  );
}
