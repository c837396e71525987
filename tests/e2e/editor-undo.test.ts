import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { allChangesSaved, openSavedSignature, solidPng } from './support/editor';
import { shoot } from './support/browser';
import { expect, test } from './support/fixtures';

/**
 * Nothing removed is lost for good, at 1280 and 375 px: removing the logo, a social profile or a
 * custom field shows "Undo" for 10 s, which puts it back (and the autosave keeps it after a
 * reload); an uploaded logo can be chosen again from "Choose from your images". Screens go to
 * /tmp/shots-undo.
 */
const SHOTS = process.env.UNDO_SHOTS_DIR ?? '/tmp/shots-undo';

describe.each([1280, 375] as const)('removals at %i px', (width) => {
  let page: Page;
  const shot = (name: string) => shoot(page, `${width}-${name}`, { dir: SHOTS });
  const toast = () => page.getByTestId('toast').first();
  const undo = () => toast().getByRole('button', { name: 'Undo' });
  const preview = () => page.getByTestId('signature-preview');
  const logos = () => preview().locator('img[src*="/objects/"]');
  const saved = () => allChangesSaved(page);

  test.beforeAll(async ({ app, signUp }) => {
    page = (await signUp({ width, freePlan: true })).page;
    await openSavedSignature(page, app.url);
  });

  test('a removed custom field comes back with Undo', async () => {
    await page.getByRole('button', { name: 'Add Custom Field' }).click();
    await page.getByLabel('Custom field 1 label').fill('Pronouns');
    await page.getByLabel('Custom field 1 value').fill('she/her');
    await expect.poll(() => preview().innerText()).toContain('she/her');
    await page.getByRole('button', { name: 'Remove custom field 1' }).click();
    await expect.poll(() => toast().innerText()).toContain('Custom field “Pronouns” removed');
    expect(await preview().innerText()).not.toContain('she/her');
    await shot('undo-custom-field');
    await undo().click();
    await expect.poll(() => page.getByLabel('Custom field 1 value').inputValue()).toBe('she/her');
    await expect.poll(() => preview().innerText()).toContain('she/her');
  });

  test('a removed social profile comes back with its link', async () => {
    await page.getByRole('tab', { name: 'Social' }).click();
    await page.getByRole('button', { name: 'Add Social Profile' }).click();
    await page.getByRole('menuitem', { name: 'GitHub' }).click();
    await page.getByRole('textbox', { name: 'GitHub' }).fill('https://github.com/gracehopper');
    await expect.poll(() => preview().locator('a[href="https://github.com/gracehopper"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Remove GitHub' }).click();
    await expect.poll(() => toast().innerText()).toContain('GitHub removed');
    expect(await page.getByRole('textbox', { name: 'GitHub' }).count()).toBe(0);
    await undo().click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'GitHub' }).inputValue())
      .toBe('https://github.com/gracehopper');
  });

  test('a removed logo comes back with Undo, and from "Choose from your images"', async () => {
    await page.getByRole('tab', { name: 'Images' }).click();
    await page
      .getByLabel('Logo image file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await solidPng(400, 400) });
    await expect.poll(() => logos().count(), { timeout: 15_000 }).toBe(1);
    const logoSrc = await logos().getAttribute('src');

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await expect.poll(() => toast().innerText()).toContain('Logo removed');
    expect(await logos().count()).toBe(0);
    await shot('undo-logo');
    await undo().click();
    await expect.poll(() => logos().getAttribute('src')).toBe(logoSrc);

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await expect.poll(() => logos().count()).toBe(0);
    await page.getByRole('button', { name: 'Choose from your images' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose from your images' });
    await chooser.getByRole('list', { name: 'Your images' }).waitFor();
    await shot('choose-from-your-images');
    await chooser.getByRole('button', { name: /Use image 1/ }).click();
    await expect.poll(() => logos().getAttribute('src')).toBe(logoSrc);
    expect(await chooser.count()).toBe(0);
  });

  test('what Undo put back is saved, and the Undo toast is gone after 10 s', async () => {
    await saved();
    await page.reload();
    await expect.poll(() => logos().count(), { timeout: 15_000 }).toBe(1);
    expect(await preview().innerText()).toContain('she/her');
    expect(await preview().locator('a[href="https://github.com/gracehopper"]').count()).toBe(1);
    if (width !== 1280) return;
    await page.getByRole('tab', { name: 'Images' }).click();
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await expect.poll(() => undo().isVisible()).toBe(true);
    await page.waitForTimeout(9_000);
    expect(await undo().isVisible()).toBe(true);
    await expect.poll(() => undo().isVisible(), { timeout: 4_000 }).toBe(false);
  });
});
