import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { openSavedSignature } from './support/editor';
import { shoot } from './support/browser';
import { expect, test } from './support/fixtures';

/**
 * A colour of one's own, at 1280 and 375 px: the Design tab's picker and hex field beside the
 * swatches, a hex that is not a colour named under the field and never saved, and "Apply" on the
 * pre-flight panel's suggestion, which sets the colour it names and is still there after a reload.
 * Screens go to /tmp/shots-colours.
 */
const SHOTS = process.env.COLOUR_SHOTS_DIR ?? '/tmp/shots-colours';

describe.each([1280, 375] as const)('colours at %i px', (width) => {
  let page: Page;
  let origin: string;
  const phone = width < 640;
  const shot = (name: string) => shoot(page, `${width}-${name}`, { dir: SHOTS });
  const show = async (view: 'Edit' | 'Preview') => {
    if (phone) await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: view }).click();
  };
  const hex = () => page.getByRole('textbox', { name: 'Color Scheme: custom colour (hex)' });
  const contrast = () => page.getByTestId('preflight-contrast-primary');
  const preview = () => page.getByTestId('signature-preview');

  test.beforeAll(async ({ app, signUp }) => {
    origin = app.url;
    page = (await signUp({ width, freePlan: true })).page;
    await openSavedSignature(page, origin);
  });

  test('the hex field sets any colour, and words a hex that is not one', async () => {
    await page.getByRole('tab', { name: 'Design' }).click();
    expect(await page.getByLabel('Color Scheme: pick any colour').inputValue()).toBe('#135dbe');
    await hex().fill('blue');
    await hex().blur();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Enter a colour as #' }).first().isVisible())
      .toBe(true);
    expect(await hex().getAttribute('aria-invalid')).toBe('true');
    await hex().scrollIntoViewIfNeeded();
    await shot('hex-refused');

    // The spec's brighter Gmail blue: readable on white, not on Gmail's dark background.
    await hex().fill('#1a73e8');
    await expect.poll(() => page.getByRole('radio', { name: 'Custom' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('Color Scheme: pick any colour').inputValue()).toBe('#1a73e8');
    await expect.poll(() => preview().innerHTML()).toContain('#1a73e8');
    await shot('hex-custom');
  });

  test('"Apply" on the pre-flight suggestion sets that colour, and it is saved', async () => {
    await show('Preview');
    await expect.poll(() => contrast().getAttribute('data-status')).toBe('warn');
    const suggested = /such as (#[0-9a-f]{6})/.exec((await contrast().textContent()) ?? '')![1]!;
    const apply = contrast().getByRole('button', { name: /Apply/ });
    expect(await apply.textContent()).toContain(suggested);
    await apply.scrollIntoViewIfNeeded();
    await shot('preflight-apply');
    await apply.click();
    await expect.poll(() => contrast().getAttribute('data-status')).toBe('pass');
    await expect.poll(() => preview().innerHTML()).toContain(suggested);
    await expect.poll(() => page.getByTestId('save-status').first().innerText()).toBe('All changes saved');

    await page.reload();
    await show('Edit');
    await page.getByRole('tab', { name: 'Design' }).click();
    await expect.poll(() => hex().inputValue()).toBe(suggested);
    await hex().scrollIntoViewIfNeeded();
    await shot('after-reload');
  });
});
