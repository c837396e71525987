import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { ACCOUNT_TABS } from '../../src/client/features/account/account-tabs';
import { chooseFreePlan } from './support/accounts';
import { shoot } from './support/browser';
import { field } from './support/editor';
import { expect, test } from './support/fixtures';
import { controlsOutsideViewport } from './support/layout';

/**
 * At 375 px, every control of the account area (each tab, as an owner whose trial shows every paid
 * feature) and of the editor's menus and dialogs lies inside the screen's width, and no page scrolls
 * sideways. The editor's tabs and views are measured in editor-layout.test.ts. Screens go to
 * /tmp/shots-phone-fit.
 */
const SHOTS = process.env.PHONE_FIT_SHOTS_DIR ?? '/tmp/shots-phone-fit';

describe('everything fits a 375 px screen', () => {
  let page: Page;
  let origin: string;

  test.beforeAll(async ({ app, signUp }) => {
    origin = app.url;
    page = (await signUp({ width: 375 })).page;
  });

  test.each(ACCOUNT_TABS.map((tab) => [tab.label, tab.path] as const))('account: %s', async (label, path) => {
    await page.goto(`${origin}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => controlsOutsideViewport(page), { message: label }).toEqual([]);
    await shoot(page, `account-${label.replace(/\W+/g, '-').toLowerCase()}`, { dir: SHOTS, fullPage: true });
  });

  test("the editor's menus and dialogs", async () => {
    // The editor asks a person with no plan to choose one first.
    await chooseFreePlan(page.request, origin);
    await page.goto(`${origin}/editor`);
    await field(page, 'Full Name').fill('Grace Hopper');
    await field(page, 'Email Address').fill('grace@example.com');
    const opened = async (name: string, open: () => Promise<void>, closeWith = 'Escape') => {
      await open();
      await expect.poll(() => controlsOutsideViewport(page), { message: name }).toEqual([]);
      await shoot(page, `editor-${name}`, { dir: SHOTS });
      await page.keyboard.press(closeWith);
    };
    await opened('more-ways', async () => {
      await page.getByRole('button', { name: 'More ways' }).click();
      await page.getByRole('menu').waitFor();
    });
    await opened('user-menu', async () => {
      await page.getByRole('button', { name: 'Open user menu' }).click();
      await page.getByRole('menu').waitFor();
    });
    await opened('social-picker', async () => {
      await page.getByRole('tab', { name: 'Social' }).click();
      await page.getByRole('button', { name: 'Add Social Profile' }).click();
      await page.getByRole('menu').waitFor();
    });
    await opened('image-chooser', async () => {
      await page.getByRole('tab', { name: 'Images' }).click();
      await page.getByRole('button', { name: 'Choose from your images' }).click();
      await page.getByRole('dialog', { name: 'Choose from your images' }).waitFor();
    });
    await opened('design-tab', async () => {
      await page.getByRole('tab', { name: 'Design' }).click();
      await page.getByRole('textbox', { name: 'Color Scheme: custom colour (hex)' }).waitFor();
    });
  });
});
