import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './support/browser';
import { startApp, type RunningApp } from './support/app-server';

/**
 * Two tabs on one signature (issue 11, point 11; decision 0006): one saves, then the other's Save
 * hears 409 and offers Reload or Overwrite; Reload shows what the first tab saved.
 */
describe('editor: a stale Save in a second tab', () => {
  let running: RunningApp;
  let browser: Browser;
  let first: Page;
  let second: Page;
  const email = `conflict-${Date.now()}@example.com`;

  beforeAll(async () => {
    running = await startApp();
    browser = await openBrowser(running.url);
    first = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

  it('opens the dialog in the second tab; Reload shows the first tab’s text', async () => {
    await first.goto(`${running.url}/editor`);
    await first.getByRole('button', { name: 'Sign Up Free' }).click();
    const signup = first.getByRole('dialog');
    await signup.getByLabel('Name (optional)').fill('Grace Hopper');
    await signup.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await signup.locator('input[type=password]').fill('Correct-Horse-42');
    await signup.getByRole('checkbox').check();
    await signup.getByRole('button', { name: 'Create account' }).click();
    await first.waitForURL(/\/verify-email/);
    const chosen = await first.request.post(`${running.url}/api/select-free-plan`, {
      headers: { origin: running.url, 'content-type': 'application/json' },
      data: {},
    });
    expect(chosen.ok()).toBe(true);
    await first.goto(`${running.url}/editor`);
    await expect.poll(() => field(first, 'Full Name').inputValue()).toBe('Grace Hopper');
    await first.getByRole('button', { name: 'Save Signature' }).click();
    await expect.poll(() => first.getByTestId('toast').first().innerText()).toMatch(/Signature (saved|created)/);

    // The second tab opens the same signature, then the first one saves a change.
    second = await browser.context.newPage();
    await second.goto(`${running.url}/editor`);
    await expect.poll(() => field(second, 'Full Name').inputValue()).toBe('Grace Hopper');
    await field(first, 'Job Title').fill('Saved in the first tab');
    await first.getByRole('button', { name: 'Save Signature' }).click();
    await expect.poll(() => first.getByTestId('save-status').innerText()).toBe('All changes saved');

    await second.getByRole('button', { name: 'Save Signature' }).click();
    const dialog = second.getByTestId('conflict-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain('This signature changed elsewhere');
    // What this tab holds stays until the person chooses (the dialog hides the form from roles).
    expect(await second.locator('#sig-title').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => field(second, 'Job Title').inputValue()).toBe('Saved in the first tab');
  });
});
