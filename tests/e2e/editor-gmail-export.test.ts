import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { signature } from '../../src/server/db/schema/signatures.schema';
import { SOCIAL_PLATFORMS } from '../../src/shared/signature/signature-schema';
import { SOCIAL_PLATFORM_HOSTS } from '../../src/shared/signature/social-hosts';
import { signUpFromEditor } from './support/accounts';
import type { RunningApp } from './support/app-server';
import { readClipboard, shoot, type Browser } from './support/browser';
import { answerGmailLocally, chooseMoreWay, copyToGmail } from './support/editor';
import { expect } from './support/fixtures';
import { pageOriginOf, testWithPublicUrl } from './support/public-url';

/** Not the browser's origin: every output must still name it. */
const PUBLIC_URL = 'https://sig.example.com';

const test = testWithPublicUrl(PUBLIC_URL, async (context) => {
  // No internet here: Gmail answers locally; PUBLIC_URL's images are not fetched.
  await answerGmailLocally(context);
  await context.route(`${PUBLIC_URL}/**`, (route) => route.abort());
});

/**
 * Copy to Gmail and Copy HTML in Chromium with the clipboard granted: both render with PUBLIC_URL
 * (not the page's origin), and a signature over Gmail's 10,000 stored characters is refused by
 * both buttons and by generate-html, with words naming what to trim.
 */
describe('editor: Gmail export with one origin and the size limit', () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;
  let pageOrigin: string;
  const email = `export-${Date.now()}@example.com`;

  test.beforeAll(({ app, browser: opened }) => {
    running = app;
    pageOrigin = pageOriginOf(app);
    browser = opened;
    page = opened.page;
  });

  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text });

  test('signs up, chooses Free and opens the editor', async () => {
    await signUpFromEditor(page, pageOrigin, { email, name: 'Ada Lovelace' });
    await page.goto(`${pageOrigin}/editor`);
    await expect.poll(() => field('Full Name').inputValue()).toBe('Ada Lovelace');
    // https on a public host: no notice about unreachable images.
    expect(await page.getByTestId('public-origin-notice').count()).toBe(0);
  });

  test('Copy to Gmail puts text/html with PUBLIC_URL images on the clipboard, and Copy HTML the same source', async () => {
    await field('Job Title').fill('Analyst');
    await page.getByRole('tab', { name: 'Social' }).click();
    await page.getByRole('button', { name: 'Add GitHub' }).click();
    await page.getByRole('textbox', { name: 'GitHub' }).fill('https://github.com/ada');
    const preview = page.getByTestId('signature-preview');
    await expect.poll(() => preview.locator('img').count()).toBe(1);
    // The preview renders with PUBLIC_URL too.
    expect(await preview.locator('img').getAttribute('src')).toMatch(/^https:\/\/sig\.example\.com\/icons\//);

    expect(await copyToGmail(browser.context, page)).toContain('mail.google.com/mail/u/0/#settings/general');
    await expect.poll(() => toast('Copied to Gmail!').count()).toBe(1);

    const clip = await readClipboard(page);
    const html = clip['text/html'] ?? '';
    expect(html).toContain('Ada Lovelace');
    expect(clip['text/plain']).toContain('Ada Lovelace');
    const sources = [...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/^https:\/\/sig\.example\.com\/icons\//);
    expect(html).toContain('Created with SignaturePro - sig.example.com');
    expect(html).not.toContain('127.0.0.1');

    await chooseMoreWay(page, 'Copy HTML to Clipboard');
    await expect.poll(() => toast('Copied to clipboard!').count()).toBe(1);
    const source = (await readClipboard(page))['text/plain'] ?? '';
    // The source is the HTML Copy to Gmail put on the clipboard (Chromium rewrites rich HTML a
    // little when reading it back: tbody added, URLs normalised), so compare what both show.
    expect(source).toMatch(/^<table/);
    const [fromSource, fromRich] = await page.evaluate(
      ([a, b]) =>
        [a, b].map((markup) => {
          const doc = new DOMParser().parseFromString(markup!, 'text/html');
          return { text: doc.body.textContent, images: [...doc.images].map((img) => img.src) };
        }),
      [source, html],
    );
    expect(fromSource).toEqual(fromRich);
    expect(fromSource?.images).toEqual(['https://sig.example.com/icons/v2/github.png']);
  });

  test('refuses an over-long signature in both buttons and generate-html, naming what to trim', async () => {
    const [saved] = (await (await page.request.get(`${pageOrigin}/api/signatures`)).json()) as { id: string }[];
    expect(saved?.id).toBeTruthy();
    // Written to the row directly, so the test does not depend on the schema's own field limits.
    const socialLinks = Object.fromEntries(
      SOCIAL_PLATFORMS.map((p) => [p, `https://${SOCIAL_PLATFORM_HOSTS[p][0]}/?ref=sig${'&'.repeat(100)}`]),
    );
    await running.app.services.database.db
      .update(signature)
      .set({
        address: 'R&D, Q&A & M&A\n'.repeat(20),
        customFields: Array.from({ length: 5 }, (_, i) => ({ label: `Note ${i + 1}`, value: '&'.repeat(200) })),
        socialLinks,
      })
      .where(eq(signature.id, saved!.id));
    await page.reload();
    await expect.poll(() => page.getByTestId('size-status').getAttribute('data-status')).toBe('over');
    const advice = page.getByTestId('size-status');
    await expect.poll(() => advice.innerText()).toContain('The longest parts: the 9 social links');
    await shoot(page, 'editor-over-limit');

    const before = await readClipboard(page);
    let opened = false;
    const onPage = () => (opened = true);
    browser.context.on('page', onPage);
    await page.getByRole('button', { name: 'Copy to Gmail' }).click();
    const refused = toast('Signature too long for Gmail');
    await expect.poll(() => refused.count()).toBe(1);
    const words = await refused.innerText();
    expect(words).toMatch(
      /Gmail keeps at most 10,000 characters and this signature takes [\d,]+ characters once Gmail saves it/,
    );
    expect(words).toContain('The longest parts: the 9 social links');

    // One toast at a time: close this one, then Copy HTML must bring the same words back.
    await refused.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => refused.count()).toBe(0);
    await chooseMoreWay(page, 'Copy HTML to Clipboard');
    await expect.poll(() => refused.count()).toBe(1);
    expect(await refused.innerText()).toBe(words);
    await page.waitForTimeout(300);
    browser.context.off('page', onPage);
    expect(opened).toBe(false);
    expect(await readClipboard(page)).toEqual(before);

    const generated = await page.request.post(`${pageOrigin}/api/signatures/${saved!.id}/generate-html`, {
      headers: { origin: pageOrigin, 'content-type': 'application/json' },
      data: {},
    });
    expect(generated.status()).toBe(400);
    const { error } = (await generated.json()) as { error: string };
    expect(error).toMatch(/^Gmail keeps at most 10,000 characters/);
    expect(words).toContain(error);
  });
});
