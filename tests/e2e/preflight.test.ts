import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe } from 'vitest';
import { darkModeColour } from '../../src/shared/signature/dark-mode';
import {
  DEFAULT_PRIMARY_COLOR,
  SOCIAL_PLATFORMS,
  SOCIAL_PLATFORM_INFO,
} from '../../src/shared/signature/signature-schema';
import { SOCIAL_PLATFORM_HOSTS } from '../../src/shared/signature/social-hosts';
import { chooseFreePlan, signUpThroughApi } from './support/accounts';
import type { RunningApp } from './support/app-server';
import { readClipboard, shoot, type Browser } from './support/browser';
import { chooseMoreWay } from './support/editor';
import { expect, test } from './support/fixtures';
import { linkIn, type Mailbox } from './support/mailbox';

/**
 * The pre-flight panel beside the preview: the Dark mode switch, the checklist reacting to a bad
 * image URL and an over-long signature, Copy for the Gmail app, and the test email.
 */
describe('editor: pre-flight panel, dark mode, Gmail app text, test email', () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;
  let mailbox: Mailbox;
  const email = `preflight-${Date.now()}@example.com`;

  test.beforeAll(async ({ app, browser: opened, mailbox: sent }) => {
    running = app;
    browser = opened;
    page = opened.page;
    mailbox = sent;
    // Nothing leaves the machine: any other host answers as if it were down.
    await browser.context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.abort('addressunreachable'),
    );
  });

  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  const item = (id: string) => page.getByTestId(`preflight-${id}`);
  const status = (id: string) => item(id).getAttribute('data-status');
  // Passed items sit in a closed <details>: read their text, not what is rendered.
  const text = async (id: string) => (await item(id).textContent()) ?? '';

  test('shows the checklist beside the preview as a visitor types', async () => {
    await page.goto(`${running.url}/editor`);
    await field('Full Name').fill('Grace Hopper');
    await field('Job Title').fill('Rear Admiral');
    await field('Company').fill('US Navy');
    await field('Email Address').fill('grace@example.com');
    await field('Phone').fill('+1 555 010 2000');
    await field('Website URL').fill('example.com/grace');
    await expect.poll(() => page.getByTestId('preflight-panel').isVisible()).toBe(true);
    // The list follows once the keys rest (PREFLIGHT_SETTLE_MS): wait for the last word typed.
    await expect.poll(() => text('links')).toContain('2 web links');
    expect(await status('size')).toBe('pass');
    expect(await text('size')).toMatch(/of 9,800 characters once Gmail stores it/);
    expect(await status('image-only')).toBe('pass');
    expect(await status('shorteners')).toBe('pass');
    // The default blue is readable on white and in both dark themes: nothing to flag out of the box.
    expect(await status('contrast-primary')).toBe('pass');
    expect(await page.locator('[data-testid^="preflight-"][data-status="warn"]').count()).toBe(0);
  });

  test('the Dark mode switch shows the message as Android (partial) and iPhone (full) render it', async () => {
    const message = page.getByTestId('preview-message');
    const preview = page.getByTestId('signature-preview');
    const lightHtml = await preview.innerHTML();
    expect(lightHtml).toContain('color:#666666');
    const background = () => message.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background()).toBe('rgb(255, 255, 255)');
    await shoot(page, 'preflight-desktop-light');

    const darkSwitch = page.getByRole('switch', { name: 'Dark mode' });
    expect(await darkSwitch.getAttribute('aria-checked')).toBe('false');
    await darkSwitch.click();
    expect(await darkSwitch.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => message.getAttribute('data-dark-mode')).toBe('partial');
    expect(await background()).toBe('rgb(32, 33, 36)');
    // Android: the grey details turn light, and so does the dark blue name (still blue).
    await expect.poll(() => preview.innerHTML()).toContain('color:#999999');
    expect(await preview.innerHTML()).toContain(`color:${darkModeColour(DEFAULT_PRIMARY_COLOR, 'partial', 'text')}`);
    await shoot(page, 'preflight-desktop-dark-android');

    await page.getByRole('radio', { name: /iPhone/ }).click();
    await expect.poll(() => message.getAttribute('data-dark-mode')).toBe('full');
    expect(await preview.innerHTML()).not.toContain(`color:${DEFAULT_PRIMARY_COLOR}`);
    await shoot(page, 'preflight-desktop-dark-iphone');

    await darkSwitch.click();
    await expect.poll(() => message.getAttribute('data-dark-mode')).toBe('off');
    expect(await preview.innerHTML()).toBe(lightHtml);
  });

  test('Copy for the Gmail app puts at most 6 lines of plain text on the clipboard', async () => {
    await chooseMoreWay(page, 'Copy for the Gmail app');
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Copied for the Gmail app');
    const clip = await readClipboard(page);
    expect(Object.keys(clip)).toEqual(['text/plain']);
    const lines = (clip['text/plain'] ?? '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(6);
    expect(lines).toEqual([
      'Grace Hopper',
      'Rear Admiral | US Navy',
      '+1 555 010 2000',
      'grace@example.com',
      'example.com/grace',
      `Created with SignaturePro - ${new URL(running.url).host}`,
    ]);
  });

  test('a visitor is told to log in before a test email', async () => {
    // The item says where the test would go before it is chosen.
    await page.getByRole('button', { name: 'More ways' }).click();
    expect(await page.getByTestId('test-email-note').innerText()).toBe(
      'Log in to get a test email at your own address.',
    );
    await page.getByRole('menuitem', { name: 'Send me a test email' }).click();
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Log in to get a test email');
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
  });

  test('Send me a test email mails the signature to the signed-in person’s own address', async () => {
    await signUpThroughApi(running, page.request, { email, name: 'Grace Hopper', verified: false });
    await page.goto(linkIn(await mailbox.waitFor(email, /Verify your email/), '/verify-email/'));
    // Opening the link verifies nothing (mail scanners open links); the click does.
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Email verified!' }).isVisible()).toBe(true);
    await chooseFreePlan(page.request, running.url);

    await page.goto(`${running.url}/editor`);
    await page.getByRole('button', { name: 'More ways' }).click();
    await expect
      .poll(() => page.getByTestId('test-email-note').innerText())
      .toBe(`To ${email}, to open in Gmail, Outlook and Apple Mail.`);
    await page.keyboard.press('Escape');
    await field('Full Name').fill('Grace Hopper');
    await field('Job Title').fill('Rear Admiral');
    await field('Email Address').fill('grace@example.com');
    await chooseMoreWay(page, 'Send me a test email');
    await expect.poll(() => page.getByTestId('toast').innerText(), { timeout: 10_000 }).toContain(`Sent to ${email}.`);

    const mail = await mailbox.waitFor(email, /^Test email: your SignaturePro signature$/);
    expect(String(mail.html)).toContain('Grace Hopper');
    expect(String(mail.html)).toContain('Rear Admiral');
    expect(String(mail.html)).toContain('Created with SignaturePro - 127.0.0.1');
    expect(mail.text).toContain('Grace Hopper\nRear Admiral');
  });

  test('an image address the server cannot fetch safely is refused at the save, in words at the field', async () => {
    // Every save holds the image policy (docs/decisions/0162-images-are-ours-on-every-save.md): an
    // address that is not one of our stored images is re-hosted or refused, so none is stored.
    const [saved] = (await (await page.request.get(`${running.url}/api/signatures`)).json()) as { id: string }[];
    for (const photoUrl of [
      'http://cdn.example.net/logo.png',
      'http://169.254.169.254/latest/x.png',
      'file:///etc/passwd',
    ]) {
      const put = await page.request.put(`${running.url}/api/signatures/${saved!.id}`, {
        headers: { origin: running.url },
        data: { photoUrl },
      });
      expect(put.status()).toBe(400);
      expect(((await put.json()) as { errors: { photoUrl: string } }).errors.photoUrl).toMatch(/^[A-Z].+\.$/);
    }
    const [after] = (await (await page.request.get(`${running.url}/api/signatures`)).json()) as { photoUrl: string }[];
    expect(after!.photoUrl).not.toMatch(/cdn\.example\.net|169\.254|file:/);
  });

  test('a black logo on a transparent background: the baked halo shows in dark mode, the CSS backing turns dark', async () => {
    await page.getByRole('tab', { name: 'Images' }).click();
    // An upload from this server: the origin item now only objects to http (PUBLIC_URL is http here).
    const ink = await sharp({ create: { width: 80, height: 80, channels: 4, background: '#141414' } })
      .png()
      .toBuffer();
    const png = await sharp({
      create: { width: 120, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: ink, left: 20, top: 20 }])
      .png()
      .toBuffer();
    await page.getByLabel('Logo image file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByTestId('signature-preview');
    const logo = preview.locator('img[src*="/objects/"]');
    await expect.poll(() => logo.count(), { timeout: 15_000 }).toBe(1);
    // It names the server's address and points to the editor's notice, which says how to fix it once.
    await expect.poll(() => text('images-origin')).toContain('The server’s address: see “');
    // 120 pixels shown at 80 (1.5×): soft on sharp screens (measured in the browser).
    await expect.poll(() => status('images-sharp'), { timeout: 10_000 }).toBe('warn');
    expect(await text('images-sharp')).toContain('at least 160×160 pixels');
    // Dark ink on transparency: the file with the baked light halo is the one sent, by default.
    expect(await logo.getAttribute('src')).toMatch(/h-o-h\.png$/);

    // Square-ish: the editor asks whether it is a logo or a photo.
    await page.getByRole('radio', { name: /^Logo/ }).click();
    await expect.poll(() => logo.getAttribute('src')).toMatch(/h-h\.png$/);
    await page.getByRole('radio', { name: /^Photo/ }).click();
    await expect.poll(() => logo.getAttribute('src')).toMatch(/h-o-h\.png$/);

    const backing = page.getByRole('checkbox', { name: 'Light backing behind the logo' });
    await backing.check();
    await expect.poll(() => preview.innerHTML()).toContain('background-color:#ffffff;padding:6px');
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    for (const app of [/Android/, /iPhone/]) {
      await page.getByRole('radio', { name: app }).click();
      // The CSS backing is recoloured like any background; the image is shown as sent, halo and all.
      await expect.poll(() => preview.innerHTML()).toContain('background-color:#000000;padding:6px');
      expect(await logo.evaluate((img) => getComputedStyle(img).filter)).toBe('none');
      expect(await logo.getAttribute('src')).toMatch(/h-o-h\.png$/);
    }
    await shoot(page, 'preflight-desktop-dark-halo');
    // The person can turn the halo off.
    const halo = page.getByRole('checkbox', { name: 'Light halo baked into the logo' });
    expect(await halo.isChecked()).toBe(true);
    await halo.uncheck();
    await expect.poll(() => logo.getAttribute('src')).toMatch(/h-o\.png$/);
    await halo.check();
    await expect.poll(() => logo.getAttribute('src')).toMatch(/h-o-h\.png$/);
    await backing.uncheck();
    await page.getByRole('radio', { name: /Android/ }).click();
    await page.getByRole('switch', { name: 'Dark mode' }).click();
  });

  test('screenshots at 375 px, light and dark', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    // A phone shows the form or the preview: this test looks at the preview.
    await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('preview-message').scrollIntoViewIfNeeded();
    await shoot(page, 'preflight-375-light');
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => page.getByTestId('preview-message').getAttribute('data-dark-mode')).toBe('partial');
    await shoot(page, 'preflight-375-dark');
    await page.getByTestId('preflight-panel').scrollIntoViewIfNeeded();
    await shoot(page, 'preflight-375-panel');
  });
  test('the size item fails an over-long signature and says what to trim', async () => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole('tab', { name: 'Details' }).click();
    const ampersands = (n: number) => Array.from({ length: n }, (_, i) => `a${i % 10}`).join('&');
    await field('Address').fill(`1 Harbor Way & ${'&'.repeat(280)}`);
    // Leaving the field shows its check under it; let that settle before the next click lands.
    await field('Address').blur();
    for (let i = 1; i <= 5; i += 1) {
      await page.getByRole('button', { name: 'Add Custom Field' }).click();
      await page.getByLabel(`Custom field ${i} label`).fill('Note');
      await page.getByLabel(`Custom field ${i} value`).fill('&'.repeat(200));
      await page.getByLabel(`Custom field ${i} value`).blur();
    }
    await page.getByRole('tab', { name: 'Social' }).click();
    for (const platform of SOCIAL_PLATFORMS) {
      const { label } = SOCIAL_PLATFORM_INFO[platform];
      await page.getByRole('button', { name: `Add ${label}` }).click();
      const box = page.getByRole('textbox', { name: label });
      await box.fill(`https://${SOCIAL_PLATFORM_HOSTS[platform][0]}/?${ampersands(60)}`.slice(0, 200));
      await box.blur();
    }
    await expect.poll(() => status('size')).toBe('fail');
    const size = await text('size');
    expect(size).toContain('Too long for Gmail');
    expect(size).toMatch(/[\d,]+ of 9,800 characters/);
    expect(size).toContain('How to fix: Gmail refuses signatures over 10,000 characters, and we stop at 9,800');
    expect(await page.getByTestId('preflight-summary').innerText()).toMatch(/\d+ to fix/);
  });
});
