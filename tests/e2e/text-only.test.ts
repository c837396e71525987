import { describe } from 'vitest';
import { readClipboard, shoot } from './support/browser';
import { answerGmailLocally, copyToGmail, solidPng } from './support/editor';
import { expect, test as base } from './support/fixtures';

const test = base.extend('signedIn', { scope: 'file' }, async ({ signUp }) => {
  const signedIn = await signUp({ email: `text-only-${Date.now()}@example.com`, name: 'Ada Lovelace', freePlan: true });
  await answerGmailLocally(signedIn.context);
  return signedIn;
});

/**
 * The Text only layout has no image at all. With a logo and social profiles
 * filled in, choosing Text only leaves no <img> in the preview nor in what Copy to Gmail puts on
 * the clipboard; the profiles become text links.
 */
describe('editor: Text only has no image at all', () => {
  test('shows the logo and icons until Text only is chosen, then none, in the preview and on the clipboard', async ({
    app,
    signedIn,
  }) => {
    const { context, page } = signedIn;
    await page.goto(`${app.url}/editor`);
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await field('Full Name').fill('Ada Lovelace');
    await field('Phone').fill('+44 20 7946 0958');
    const preview = page.getByTestId('signature-preview');

    await page.getByRole('tab', { name: 'Images' }).click();
    const png = await solidPng(400, 400);
    await page.getByLabel('Logo image file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => preview.locator('img[src*="/objects/"]').count(), { timeout: 15_000 }).toBe(1);

    await page.getByRole('tab', { name: 'Social' }).click();
    await page.getByRole('button', { name: 'Add LinkedIn' }).click();
    // A "LinkedIn" link to another site is refused, in words naming LinkedIn.
    await page.getByRole('textbox', { name: 'LinkedIn' }).fill('https://linkedin.evil.example/in/ada');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'LinkedIn' }).innerText())
      .toContain('Your LinkedIn link must be an address on linkedin.com or lnkd.in');
    expect(await preview.locator('a[href*="evil.example"]').count()).toBe(0);
    await page.getByRole('textbox', { name: 'LinkedIn' }).fill('https://www.linkedin.com/in/ada-lovelace');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'LinkedIn link' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add GitHub' }).click();
    await page.getByRole('textbox', { name: 'GitHub' }).fill('https://github.com/ada');
    await expect.poll(() => preview.locator('img').count()).toBe(3);

    await page.getByRole('tab', { name: 'Design' }).click();
    await page.getByRole('radio', { name: 'Text only' }).click();
    await expect.poll(() => preview.locator('img').count()).toBe(0);
    // The profiles are still there, as text links.
    await expect
      .poll(() => preview.locator('a[href="https://www.linkedin.com/in/ada-lovelace"]').innerText())
      .toBe('LinkedIn');
    expect(await preview.locator('a[href="https://github.com/ada"]').innerText()).toBe('GitHub');
    // A phone number never wraps.
    expect(await preview.locator('a[href^="tel:"]').evaluate((a) => getComputedStyle(a).whiteSpace)).toBe('nowrap');
    await shoot(page, 'editor-text-only');

    await copyToGmail(context, page);
    await expect
      .poll(async () => (await readClipboard(page))['text/html'] ?? '', { timeout: 15_000 })
      .toContain('Ada Lovelace');
    const html = (await readClipboard(page))['text/html'] ?? '';
    expect(html).toContain('>LinkedIn</a>');
    expect(html).not.toMatch(/<img/i);
  });
});
