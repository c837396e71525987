import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { signUpFromEditor } from './support/accounts';
import type { RunningApp } from './support/app-server';
import { readClipboard, shoot, type Browser } from './support/browser';
import { answerGmailLocally, copyToGmail as clickCopyToGmail, solidPng } from './support/editor';
import { expect, test } from './support/fixtures';

const SHOTS = process.env.IMAGES_SHOTS_DIR ?? path.resolve('screenshots');

/**
 * Images look the same everywhere (decision 0070): a wide logo is shown whole at its own size in
 * the preview and on the clipboard, and a photo's shape is cut into the file itself.
 */
describe('signature images: unsquashed logos, shapes cut into the file', () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;

  test.beforeAll(async ({ app, browser: opened }) => {
    running = app;
    browser = opened;
    page = opened.page;
    await answerGmailLocally(browser.context);
  });

  const preview = () => page.getByTestId('signature-preview');
  const previewImage = () => preview().locator('img[src*="/objects/"]');

  const shot = (name: string) => shoot(page, name, { dir: SHOTS });

  async function upload(name: string, bytes: Buffer, mimeType = 'image/png') {
    const before = (await previewImage().count()) === 1 ? await previewImage().getAttribute('src') : null;
    await page.getByLabel('Logo image file').setInputFiles({ name, mimeType, buffer: bytes });
    await expect
      .poll(async () => (await previewImage().count()) === 1 && (await previewImage().getAttribute('src')) !== before, {
        timeout: 20_000,
      })
      .toBe(true);
  }

  /**
   * Clicks Copy to Gmail and returns the HTML it put on the clipboard. The clipboard is emptied
   * first and read once the write has landed (the item is built from the server's answer, so it
   * arrives after the click returns).
   */
  async function copyToGmail(): Promise<string> {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await clickCopyToGmail(browser.context, page);
    let html = '';
    await expect
      .poll(
        async () => {
          html = (await readClipboard(page))['text/html'] ?? '';
          return html;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    return html;
  }

  /** What the browser drew: the box on screen and the file's own pixels. */
  const drawn = () =>
    previewImage().evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return {
        width: box.width,
        height: box.height,
        naturalWidth: img.naturalWidth,
        naturalHeight: img.naturalHeight,
        complete: img.complete,
      };
    });

  async function fetchImage(src: string) {
    const res = await fetch(src);
    expect(res.status, src).toBe(200);
    return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  }

  test('signs up from the editor', async () => {
    await signUpFromEditor(page, running.url, { email: `images-${Date.now()}@example.com`, name: 'Ada Lovelace' });
    await page.goto(`${running.url}/editor`);
    await expect.poll(() => page.url()).toMatch(/\/editor$/);
    await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ada Lovelace');
  });

  test('shows a 1200x400 logo whole, 160x53, from a 320x106 file, in the preview and in the copied HTML', async () => {
    await page.getByRole('tab', { name: 'Images' }).click();
    const logo = await solidPng(1200, 400);
    await upload('wide-logo.png', logo);
    await expect.poll(async () => (await drawn()).complete && (await drawn()).naturalWidth > 0).toBe(true);
    const shown = await drawn();
    expect(shown).toMatchObject({ width: 160, height: 53, naturalWidth: 320, naturalHeight: 106 });
    // Unsquashed: the box on screen has the file's proportions (within 1%).
    expect(
      Math.abs(shown.width / shown.height - shown.naturalWidth / shown.naturalHeight) / (shown.width / shown.height),
    ).toBeLessThan(0.01);
    // The shape applies to photos only; whatever it is, the logo stays whole.
    expect(await previewImage().getAttribute('src')).toMatch(/-160x53\.png$/);
    expect(await page.getByTestId('image-resolution-note').count()).toBe(0);
    await shot('images-wide-logo-desktop');

    const html = await copyToGmail();
    const img = /<img src="([^"]+\/objects\/[^"]+)" width="(\d+)" height="(\d+)"[^>]*style="([^"]*)"/.exec(html);
    expect(img, html).not.toBeNull();
    const [, src = '', width, height, style = ''] = img!;
    expect([width, height]).toEqual(['160', '53']);
    expect(style).toBe('display:block;width:160px;height:53px;border:0');
    expect(html).not.toMatch(/object-fit/);
    const file = await fetchImage(src.replaceAll('&amp;', '&'));
    const meta = await sharp(file.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([320, 106]);
  });

  test('copies the new logo when Copy to Gmail is clicked while it is still uploading, every time', async () => {
    await page.getByRole('tab', { name: 'Images' }).click();
    for (const [attempt, background] of ['#0b8043', '#f4b400', '#8e24aa'].entries()) {
      const logo = await solidPng(1200, 400, background);
      const before = (await previewImage().count()) === 1 ? await previewImage().getAttribute('src') : null;
      await page
        .getByLabel('Logo image file')
        .setInputFiles({ name: `wide-logo-${attempt}.png`, mimeType: 'image/png', buffer: logo });
      // No wait: the click lands while the upload is out, before the preview has the new file.
      const html = await copyToGmail();
      const copied = /<img src="([^"]+\/objects\/[^"]+)" width="(\d+)" height="(\d+)"/.exec(html);
      expect(copied, html).not.toBeNull();
      const [, src = '', width, height] = copied!;
      expect([width, height]).toEqual(['160', '53']);
      await expect.poll(() => previewImage().getAttribute('src')).not.toBe(before);
      // The very file the preview now shows, not the one before the upload.
      expect(src.replaceAll('&amp;', '&')).toBe(new URL((await previewImage().getAttribute('src'))!, running.url).href);
      expect(src).not.toBe(before);
      const pixels = await sharp((await fetchImage(src.replaceAll('&amp;', '&'))).bytes)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([pixels.data[0], pixels.data[1], pixels.data[2]]).toEqual([...Buffer.from(background.slice(1), 'hex')]);
    }
  });

  test('cuts a round photo into a transparent PNG, and swaps the file when the shape changes', async () => {
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#d93025' } })
      .jpeg()
      .toBuffer();
    await upload('portrait.jpg', photo, 'image/jpeg');
    await expect.poll(() => previewImage().getAttribute('src')).toMatch(/-80x80-o\.png$/);
    await expect.poll(async () => (await drawn()).naturalWidth).toBe(160);
    expect(await drawn()).toMatchObject({ width: 80, height: 80, naturalWidth: 160, naturalHeight: 160 });
    const round = await fetchImage((await previewImage().getAttribute('src'))!);
    expect(round.type).toBe('image/png');
    const { data, info } = await sharp(round.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect([alpha(0, 0), alpha(159, 0), alpha(0, 159), alpha(159, 159)]).toEqual([0, 0, 0, 0]);
    expect(alpha(80, 80)).toBe(255);
    // The Images tab shows the very file the signature uses.
    expect(await page.getByTestId('logo-thumbnail').locator('img').getAttribute('src')).toBe(
      await previewImage().getAttribute('src'),
    );
    await shot('images-round-photo-desktop');

    await page.getByRole('tab', { name: 'Design' }).click();
    await page.getByRole('radio', { name: 'Rounded', exact: true }).click();
    await expect.poll(() => previewImage().getAttribute('src')).toMatch(/-80x80-r\.png$/);
    await page.getByRole('radio', { name: 'Square', exact: true }).click();
    await expect.poll(() => previewImage().getAttribute('src')).toMatch(/-80x80-q\.jpg$/);
    await page.getByRole('radio', { name: 'Round', exact: true }).click();
    expect(await preview().innerHTML()).not.toMatch(/object-fit|border-radius:50%/);
  });

  test('accepts a small image with a visible note', async () => {
    await page.getByRole('tab', { name: 'Images' }).click();
    const small = await solidPng(60, 60, '#34a853');
    await upload('small.png', small);
    await expect
      .poll(() => page.getByTestId('image-resolution-note').innerText())
      .toContain('looks soft on high-density screens');
    await shot('images-low-resolution-note-desktop');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot('images-low-resolution-note-375');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('images-low-resolution-note-375-dark');
    await page.setViewportSize({ width: 1280, height: 860 });
    await shot('images-low-resolution-note-desktop-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('refuses a typed address on a private network, keeping what was typed', async () => {
    const field = page.getByRole('textbox', { name: 'Image URL' });
    await field.fill('http://169.254.169.254/latest/meta-data/logo.png');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('private or local network');
    expect(await field.inputValue()).toBe('http://169.254.169.254/latest/meta-data/logo.png');
  });
});
