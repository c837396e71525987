import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { allChangesSaved, chooseMoreWay, openSavedSignature } from './support/editor';
import { shoot } from './support/browser';
import { expect, test } from './support/fixtures';

/**
 * "Earlier versions" under "More ways", at 1280 and 375 px (decision 0188): the first change to a
 * saved signature keeps what it was; Restore puts that back in the form and on the server (a reload
 * shows it), and what was there before the restore is listed in its turn. Screens go to
 * /tmp/shots-versions.
 */
const SHOTS = process.env.VERSIONS_SHOTS_DIR ?? '/tmp/shots-versions';

describe.each([1280, 375] as const)('earlier versions at %i px', (width) => {
  let page: Page;
  const title = () => page.getByRole('textbox', { name: 'Job Title', exact: true });
  const dialog = () => page.getByTestId('versions-dialog');
  const versions = () => dialog().getByTestId('signature-version');
  const saved = () => allChangesSaved(page);

  test.beforeAll(async ({ app, signUp }) => {
    page = (await signUp({ width, freePlan: true })).page;
    await openSavedSignature(page, app.url);
  });

  test('lists the version before a change and restores it', async ({ app }) => {
    await title().fill('Rear Admiral');
    await title().blur();
    await saved();

    await chooseMoreWay(page, 'Earlier versions');
    await expect.poll(() => versions().count(), { timeout: 10_000 }).toBe(1);
    expect(await versions().first().innerText()).toContain('Grace Hopper');
    expect(await versions().first().innerText()).not.toContain('Rear Admiral');
    // The dialog and its buttons lie inside the screen.
    const box = (await dialog().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await shoot(page, `${width}-versions-list`, { dir: SHOTS });

    await versions().first().getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => page.getByTestId('toast').first().innerText()).toContain('Earlier version restored');
    await expect.poll(() => title().inputValue()).toBe('');
    await shoot(page, `${width}-versions-restored`, { dir: SHOTS });

    // Stored, not only shown: a reload reads it back.
    await page.goto(`${app.url}/editor`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Full Name', exact: true }).inputValue())
      .toBe('Grace Hopper');
    expect(await title().inputValue()).toBe('');

    // What was there before the restore is now the newest version.
    await chooseMoreWay(page, 'Earlier versions');
    await expect.poll(() => versions().count(), { timeout: 10_000 }).toBe(2);
    expect(await versions().first().innerText()).toContain('Rear Admiral');
  });
});
