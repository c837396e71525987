import { describe } from 'vitest';
import { SOCIAL_PLATFORMS, SOCIAL_PLATFORM_INFO } from '../../src/shared/signature/signature-schema';
import { EDITOR_TEST_SOCIAL_LINKS } from '../../src/test-support/signature-test-factory';
import { signUpFromEditor } from './support/accounts';
import { readClipboard, shoot } from './support/browser';
import { answerGmailLocally, copyToGmail, field, solidPng } from './support/editor';
import { expect, test as base } from './support/fixtures';

const test = base.extend('page', { scope: 'file' }, async ({ browser }) => {
  await answerGmailLocally(browser.context);
  return browser.page;
});

/**
 * The whole editor loop as a new user lives it: sign up, choose Free, fill every tab, upload a logo,
 * add all nine social profiles, pick a design, copy to Gmail, check what the clipboard holds,
 * save, reload, and find everything still there.
 */
describe('editor: build, preview, save, copy into Gmail', () => {
  const email = `editor-${Date.now()}@example.com`;

  test('signs a new user up from the editor and lets them in after choosing Free', async ({ app, page }) => {
    await signUpFromEditor(page, app.url, { email, name: 'Grace Hopper' });
    await page.goto(`${app.url}/editor`);
    await expect.poll(() => page.url()).toMatch(/\/editor$/);
    await expect.poll(() => field(page, 'Full Name').inputValue()).toBe('Grace Hopper');
  });

  test('fills every tab and the preview follows each keystroke', async ({ page }) => {
    await field(page, 'Full Name').fill('Grace Hopper');
    await field(page, 'Job Title').fill('Rear Admiral');
    await field(page, 'Company').fill('US Navy');
    await field(page, 'Phone').fill('+1 555 010 2000');
    await field(page, 'Mobile').fill('+1 555 010 3000');
    await field(page, 'Email Address').fill('grace@example.com');
    await field(page, 'Website URL').fill('example.com/grace');
    await field(page, 'Address').fill('1 Harbor Way\nArlington, VA');
    await page.getByRole('button', { name: 'Add Custom Field' }).click();
    await page.getByLabel('Custom field 1 label').fill('Pronouns');
    await page.getByLabel('Custom field 1 value').fill('she/her');
    const preview = page.getByTestId('signature-preview');
    await expect.poll(() => preview.innerText()).toContain('Rear Admiral');
    await expect.poll(() => preview.innerText()).toContain('Pronouns');
    await shoot(page, 'editor-details');

    await page.getByRole('tab', { name: 'Images' }).click();
    const png = await solidPng(400, 400);
    await page.getByLabel('Logo image file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => preview.locator('img[src*="/objects/"]').count(), { timeout: 15_000 }).toBe(1);
    await shoot(page, 'editor-images');

    await page.getByRole('tab', { name: 'Social' }).click();
    for (const platform of SOCIAL_PLATFORMS) {
      const { label } = SOCIAL_PLATFORM_INFO[platform];
      await page.getByRole('button', { name: `Add ${label}` }).click();
      // Each on its platform's own host: a profile link elsewhere is refused.
      await page.getByRole('textbox', { name: label }).fill(EDITOR_TEST_SOCIAL_LINKS[platform]);
    }
    await expect.poll(() => preview.locator('img[src*="/icons/v2/"]').count()).toBe(9);
    await shoot(page, 'editor-social');

    await page.getByRole('tab', { name: 'Design' }).click();
    await page.getByRole('radio', { name: 'Minimal' }).click();
    await page.getByRole('radio', { name: 'Green', exact: true }).click();
    await page.getByRole('radio', { name: 'Georgia' }).click();
    await page.getByRole('radio', { name: 'Vertical' }).click();
    await page.getByRole('radio', { name: 'Rounded' }).click();
    await expect.poll(() => preview.innerHTML()).toContain('#34a853');
    await shoot(page, 'editor-design');
  });

  test('copies to Gmail: HTML and text on the clipboard, watermark for Free, images that load, under 10,000 characters', async ({
    app,
    browser,
    page,
  }) => {
    expect(await copyToGmail(browser.context, page)).toContain('mail.google.com/mail/u/0/#settings/general');
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Copied to Gmail!');

    const clip = await readClipboard(page);
    const html = clip['text/html'] ?? '';
    expect(html).toContain('Grace Hopper');
    expect(clip['text/plain']).toContain('Grace Hopper');
    expect(html).toContain('Created with SignaturePro - 127.0.0.1');
    expect(html.length).toBeLessThan(10_000);
    // The full signature (every field, a logo, nine profiles, watermark) within 4,000 characters
    // (the same signature is measured in src/shared/signature/honest-layouts.test.ts).
    expect(html.length).toBeLessThanOrEqual(4_000);
    const sources = [...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(sources.length).toBe(10); // the logo and nine icons
    for (const src of sources) {
      expect(src.startsWith(app.url)).toBe(true);
      const res = await fetch(src);
      expect(res.status, src).toBe(200);
      expect(res.headers.get('content-type'), src).toMatch(/^image\/(png|jpeg)$/);
    }
  });

  test('saves, and after a reload everything is still there', async ({ page }) => {
    // Copy to Gmail stored the signature: from then on every edit saves itself, with no Save button.
    await expect.poll(() => page.getByTestId('save-status').innerText()).toBe('All changes saved');
    expect(await page.getByRole('button', { name: 'Save Signature' }).count()).toBe(0);
    await page.reload();
    await expect.poll(() => field(page, 'Job Title').inputValue()).toBe('Rear Admiral');
    expect(await field(page, 'Address').inputValue()).toBe('1 Harbor Way\nArlington, VA');
    expect(await page.getByLabel('Custom field 1 value').inputValue()).toBe('she/her');
    const preview = page.getByTestId('signature-preview');
    expect(await preview.locator('img[src*="/icons/v2/"]').count()).toBe(9);
    expect(await preview.locator('img[src*="/objects/"]').count()).toBe(1);
    await page.getByRole('tab', { name: 'Design' }).click();
    expect(await page.getByRole('radio', { name: 'Minimal' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('radio', { name: 'Vertical' }).getAttribute('aria-checked')).toBe('true');
    await shoot(page, 'editor-after-reload');
  });

  test('keeps hostile values inert in the preview and on the clipboard', async ({ browser, page }) => {
    await page.getByRole('tab', { name: 'Details' }).click();
    await field(page, 'Full Name').fill('<img src=x onerror="window.__pwned=1">');
    await field(page, 'Job Title').fill('"><script>window.__pwned=2</script>');
    await field(page, 'Company').fill("' onmouseover='window.__pwned=3");
    await field(page, 'Website URL').fill('javascript:window.__pwned=4');
    await field(page, 'Address').fill('<svg onload="window.__pwned=5">');
    const preview = page.getByTestId('signature-preview');
    await expect.poll(() => preview.innerText()).toContain('<img src=x onerror="window.__pwned=1">');
    expect(await preview.locator('script, svg, [onerror], [onload], [onmouseover]').count()).toBe(0);
    expect(await preview.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    await copyToGmail(browser.context, page);
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Copied to Gmail!');
    const html = (await readClipboard(page))['text/html'] ?? '';
    // Parse it as a browser would: the escaped words may appear as text, never as tags or attributes.
    const found = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'text/html');
      const bad: string[] = [];
      for (const el of doc.body.querySelectorAll('*')) {
        if (['SCRIPT', 'SVG', 'IFRAME', 'OBJECT', 'STYLE'].includes(el.tagName.toUpperCase())) bad.push(el.tagName);
        for (const attr of el.attributes) {
          if (attr.name.startsWith('on')) bad.push(`${el.tagName} ${attr.name}`);
          if (['href', 'src'].includes(attr.name) && /^\s*javascript:/i.test(attr.value))
            bad.push(`${el.tagName} ${attr.name}`);
        }
      }
      return bad;
    }, html);
    expect(found).toEqual([]);
    expect(html).toContain('&lt;img src=x onerror=');
  });
});
