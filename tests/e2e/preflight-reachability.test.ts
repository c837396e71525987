import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { gmailSentMessage, gmailStoredCopy } from '../../src/test-support/gmail-stored-fixture';
import { signUpFromEditor } from './support/accounts';
import { shoot } from './support/browser';
import { expect } from './support/fixtures';
import { pageOriginOf, testWithPublicUrl } from './support/public-url';

/**
 * An https PUBLIC_URL on a private network: every image is "on our origin, over https", so the
 * browser-side checks pass, but recipients cannot reach it. The server's check says so.
 */
const PUBLIC_URL = 'https://10.0.0.5';

const test = testWithPublicUrl(PUBLIC_URL, async (context) => {
  // Nothing leaves the machine: any other host answers as if it were down.
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort('addressunreachable'),
  );
});

describe('pre-flight: reachable by recipients, checked from the server', () => {
  let page: Page;
  let pageOrigin: string;

  test.beforeAll(({ app, browser }) => {
    pageOrigin = pageOriginOf(app);
    page = browser.page;
  });

  const item = () => page.getByTestId('preflight-reachable');

  test('an image on a private https origin fails, with the reason and the fix', async () => {
    await signUpFromEditor(page, pageOrigin, { email: `reach-${Date.now()}@example.com`, name: 'Ada Lovelace' });
    await page.goto(`${pageOrigin}/editor`);
    await page.getByRole('tab', { name: 'Social' }).click();
    await page.getByRole('button', { name: 'Add GitHub' }).click();
    await page.getByRole('textbox', { name: 'GitHub' }).fill('https://github.com/ada');
    await expect.poll(() => page.getByTestId('signature-preview').locator('img').count()).toBe(1);
    await expect.poll(() => item().getAttribute('data-status')).toBe('fail');
    const words = (await item().textContent()) ?? '';
    expect(words).toContain('Recipients cannot reach everything');
    expect(words).toContain('10.0.0.5/icons/');
    expect(words).toContain('private or local network, which recipients cannot reach');
    // The server's address is explained once, in the notice above the preview: the item points to it.
    expect(words).toContain('see “Recipients cannot load your images” above');
    expect(await page.getByTestId('public-origin-notice').textContent()).toContain(
      'Recipients cannot load your images',
    );
    // The browser's own checks see an https image on our origin: only the server's check objects.
    expect(await page.getByTestId('preflight-images-origin').getAttribute('data-status')).toBe('pass');
    await item().scrollIntoViewIfNeeded();
    await shoot(page, 'preflight-reachable-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    // A phone shows the form or the preview: the checklist sits with the preview.
    await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Preview' }).click();
    await item().scrollIntoViewIfNeeded();
    await shoot(page, 'preflight-reachable-375');
  });

  test('Check what Gmail stored reads a pasted Show original beside our prediction', async () => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole('button', { name: 'Save Signature' }).click();
    await expect.poll(() => page.getByTestId('save-status').innerText()).toBe('All changes saved');
    const [saved] = (await (await page.request.get(`${pageOrigin}/api/signatures`)).json()) as { id: string }[];
    const generated = await page.request.post(`${pageOrigin}/api/signatures/${saved!.id}/generate-html`);
    const { htmlSignature: html } = (await generated.json()) as { htmlSignature: string };
    const stored = gmailStoredCopy(html);
    const check = page.getByTestId('gmail-check');
    await check.getByText('Check what Gmail stored').click();
    await check.getByLabel('Gmail’s “Show original”').fill(await gmailSentMessage(stored));
    await check.getByRole('button', { name: 'Check' }).click();
    const result = page.getByTestId('gmail-check-result');
    await expect.poll(() => result.isVisible()).toBe(true);
    const words = await result.innerText();
    expect(words).toContain(`Gmail stored ${stored.length.toLocaleString('en-US')} characters`);
    expect(words).toContain('1 of 1 image moved to Gmail’s image proxy');
    expect(words).toContain('Gmail dropped nothing.');
    await result.scrollIntoViewIfNeeded();
    await shoot(page, 'preflight-gmail-check-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await result.scrollIntoViewIfNeeded();
    await shoot(page, 'preflight-gmail-check-375');
  });
});
