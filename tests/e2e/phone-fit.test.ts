import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { ACCOUNT_TABS } from '../../src/client/features/account/account-tabs';
import { chooseFreePlan } from './support/accounts';
import { shoot } from './support/browser';
import { field, solidPng } from './support/editor';
import { expect, test } from './support/fixtures';
import { controlsOutsideViewport } from './support/layout';

/**
 * At 375 px, every control of the account area (each tab, as an owner whose trial shows every paid
 * feature, and the dialogs its tabs open) and of the editor's menus and dialogs lies inside the screen's width, and no page scrolls
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

  test("the account area's dialogs", async () => {
    const request = page.request;
    const post = (url: string, data: object) => request.post(`${origin}${url}`, { headers: { origin }, data });
    // Something to withdraw and something to delete: an invitation and an uploaded image.
    expect(
      (await post('/api/organization/invitations', { email: 'fit-invite@example.com', role: 'member' })).status(),
    ).toBe(201);
    const { uploadURL } = (await (await post('/api/objects/upload', {})).json()) as { uploadURL: string };
    const put = await request.put(`${origin}${uploadURL}`, {
      data: await solidPng(120, 40),
      headers: { 'content-type': 'image/png', origin },
    });
    expect(put.status()).toBe(200);
    // Listed under Images & Assets once it is the person's (as after picking it in the editor).
    const attached = await request.put(`${origin}/api/signatures/image`, {
      data: { imageURL: uploadURL, signatureId: 'temp' },
      headers: { origin },
    });
    expect(attached.status()).toBe(200);
    const opened = async (name: string, open: () => Promise<void>) => {
      await open();
      await page.getByRole('alertdialog').or(page.getByRole('dialog')).first().waitFor();
      await expect.poll(() => controlsOutsideViewport(page), { message: name }).toEqual([]);
      await shoot(page, `account-dialog-${name}`, { dir: SHOTS });
      await page
        .getByRole('button', { name: 'Cancel' })
        .or(page.getByRole('button', { name: 'Stay' }))
        .first()
        .click();
    };
    await page.goto(`${origin}/account/team`);
    await opened('withdraw-invitation', () => page.getByRole('button', { name: /^Remove fit-invite@/ }).click());
    await page.goto(`${origin}/account/assets`);
    await opened('delete-image', () => page.getByRole('button', { name: 'Delete image' }).first().click());
    await page.goto(`${origin}/account`);
    await page.getByLabel('Full name').fill('Grace B. Hopper');
    await opened('leave-without-saving', async () => {
      await page.getByLabel('Section', { exact: true }).selectOption('security');
    });
    // Stayed: the change is still there, and undone with the form's own Cancel.
    expect(await page.getByLabel('Full name').inputValue()).toBe('Grace B. Hopper');
    await page.getByRole('button', { name: 'Cancel' }).click();
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
    await opened('help', async () => {
      await page.getByRole('button', { name: 'Help' }).click();
      await page.getByRole('dialog').waitFor();
    });
    // Once stored, the signature has earlier versions and a switcher for more signatures.
    await page.getByRole('button', { name: 'Save Signature' }).click();
    await page.getByTestId('signature-switcher').waitFor();
    await opened('signature-switcher', async () => {
      await page.getByTestId('signature-switcher').click();
      await page.getByRole('menu').waitFor();
    });
    await opened('earlier-versions', async () => {
      await page.getByRole('button', { name: 'More ways' }).click();
      await page.getByRole('menuitem', { name: 'Earlier versions' }).click();
      await page.getByRole('dialog').waitFor();
    });
    await opened('design-tab', async () => {
      await page.getByRole('tab', { name: 'Design' }).click();
      await page.getByRole('textbox', { name: 'Color Scheme: custom colour (hex)' }).waitFor();
    });
  });
});
