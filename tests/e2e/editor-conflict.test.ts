import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { expect, test as base } from './support/fixtures';

/** Grace, on Free (the editor needs a plan), through the API. */
const test = base.extend('signedIn', { scope: 'file' }, async ({ signUp }) =>
  signUp({ email: `conflict-${Date.now()}@example.com`, name: 'Grace Hopper', freePlan: true }),
);

/**
 * Two tabs on one signature (decision 0006): one saves, then the other's Save (offered while its
 * autosave fails) hears 409 and offers Reload or Overwrite; Reload shows what the first tab saved.
 */
describe('editor: a stale save in a second tab', () => {
  const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

  test('opens the dialog in the second tab; Reload shows the first tab’s text', async ({ app, signedIn }) => {
    const first = signedIn.page;
    await first.goto(`${app.url}/editor`);
    await expect.poll(() => field(first, 'Full Name').inputValue()).toBe('Grace Hopper');
    await first.getByRole('button', { name: 'Save Signature' }).click();
    await expect.poll(() => first.getByTestId('toast').first().innerText()).toMatch(/Signature (saved|created)/);

    // The second tab opens the same signature, then the first one saves a change.
    const second = await signedIn.context.newPage();
    await second.goto(`${app.url}/editor`);
    await expect.poll(() => field(second, 'Full Name').inputValue()).toBe('Grace Hopper');
    // Stored now, the signature saves itself: Save Signature is gone from both tabs.
    expect(await first.getByRole('button', { name: 'Save Signature' }).count()).toBe(0);
    await field(first, 'Job Title').fill('Saved in the first tab');
    await field(first, 'Job Title').blur();
    await expect.poll(() => first.getByTestId('save-status').innerText()).toBe('All changes saved');

    // The second tab's autosave cannot get through (partial saves merge, so they never conflict):
    // Save Signature comes back, and that full save, based on the old version, is the stale one.
    await second.route('**/api/signatures/*', (route) => {
      const body = route.request().postDataJSON() as { version?: number } | null;
      if (route.request().method() === 'PUT' && body?.version === undefined) return route.abort('failed');
      return route.continue();
    });
    await field(second, 'Company').fill('Navy');
    await field(second, 'Company').blur();
    await expect
      .poll(() => second.getByTestId('save-status').innerText(), { timeout: 10_000 })
      .toBe('Not saved — retrying');
    await second.getByRole('button', { name: 'Save Signature' }).click();
    const dialog = second.getByTestId('conflict-dialog');
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.innerText()).toContain('This signature changed elsewhere');
    // What this tab holds stays until the person chooses (the dialog hides the form from roles).
    expect(await second.locator('#sig-title').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => field(second, 'Job Title').inputValue()).toBe('Saved in the first tab');
  });
});
