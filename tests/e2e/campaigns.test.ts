import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { utcToZonedTime } from '../../src/shared/campaigns/campaign-schedule';
import { createEmptySignature } from '../../src/shared/signature/signature-schema';
import { joinAsMember } from './support/accounts';
import { readClipboard, shoot as shootIn } from './support/browser';
import { answerGmailLocally, copyToGmail, field, solidPng } from './support/editor';
import { expect, test } from './support/fixtures';

/**
 * Campaigns in a real browser (decisions 0222, 0224): an owner schedules a banner on
 * /account/workspace; during its dates a member sees it under their editor's preview and gets it with
 * Copy to Gmail; clicks made through its /c/ redirect show in the campaign's chart and CSV; at 1280
 * and 375 px.
 */
const SHOTS = '/tmp/shots-campaigns';
const BROWSER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The images drawn, then a full-page shot (the account page keeps a connection open, so no network-idle wait). */
async function shoot(page: Page, name: string) {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await shootIn(page, name, { dir: SHOTS, fullPage: true });
}

describe.each([1280, 375])('campaigns at %i px', (width) => {
  test('an owner schedules a banner; a member sees it in the preview and Copy to Gmail; the chart counts its clicks', async ({
    app,
    signUp,
  }) => {
    const owner = await signUp({ width, freePlan: true, name: 'Olivia Owner' });
    const mia = await signUp({ width, freePlan: true, name: 'Mia Member' });
    await joinAsMember(app, owner, mia);
    const created = await mia.context.request.post(`${app.url}/api/signatures`, {
      headers: { origin: app.url },
      data: createEmptySignature({ name: 'Mia Member', email: mia.account.email, title: 'Buyer' }),
    });
    expect(created.status()).toBe(201);

    // The owner schedules the campaign, running from a few minutes ago until tomorrow.
    const { page } = owner;
    await page.goto(`${app.url}/account/workspace`);
    const section = page.locator('section[aria-labelledby="campaigns-title"]');
    await section.getByRole('heading', { name: 'Campaigns' }).waitFor();
    expect(await section.getByTestId('campaign-rule').textContent()).toContain('the one that starts earliest wins');
    await section.getByRole('button', { name: 'New campaign' }).click();
    await section.getByLabel('Banner image').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: await solidPng(600, 150, '#0b5cab'),
    });
    await section.getByLabel('Alt text').fill('Join our winter webinar');
    await expect.poll(() => section.getByRole('img', { name: 'Join our winter webinar' }).count()).toBe(1);
    await section.getByLabel('Banner link').fill('https://acme.example/webinar');
    await section.getByLabel('Time zone').selectOption('UTC');
    await section.getByLabel('Starts').fill(utcToZonedTime(new Date(Date.now() - 5 * 60_000), 'UTC').slice(0, 16));
    await section.getByLabel('Ends').fill(utcToZonedTime(new Date(Date.now() + 86_400_000), 'UTC').slice(0, 16));
    expect(await section.getByLabel('Audience').inputValue()).toBe('everyone');
    await shoot(page, `campaign-form-${width}`);
    await section.getByRole('button', { name: 'Schedule campaign' }).click();
    const item = section.getByTestId('campaign-list').locator('li').first();
    await expect.poll(() => item.textContent(), { timeout: 10_000 }).toContain('Running');
    expect(await item.textContent()).toContain('Everyone');

    // During its dates: the banner under Mia's preview, and in what Copy to Gmail puts on the clipboard.
    await answerGmailLocally(mia.context);
    await mia.page.goto(`${app.url}/editor`);
    await expect.poll(() => field(mia.page, 'Full Name').inputValue()).toBe('Mia Member');
    // On a phone the editor shows the form or the preview (decision 0181).
    if (width < 500)
      await mia.page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Preview' }).click();
    const preview = mia.page.getByTestId('signature-preview');
    await expect
      .poll(() => preview.getByRole('img', { name: 'Join our winter webinar' }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await shoot(mia.page, `campaign-preview-${width}`);
    await copyToGmail(mia.context, mia.page);
    await expect.poll(() => mia.page.getByTestId('toast').first().textContent()).toMatch(/Copied to Gmail!/);
    const html = (await readClipboard(mia.page))['text/html'] ?? '';
    expect(html).toContain('alt="Join our winter webinar"');
    const link = /href="([^"]+\/c\/[a-z2-7]{10})"/.exec(html)?.[1];
    expect(link, html.slice(-600)).toBeDefined();

    // Two clicks through the redirect (a browser's user agent); a mail scanner's is not counted.
    for (const agent of [BROWSER_AGENT, BROWSER_AGENT, 'Mozilla/5.0 (compatible; Barracuda Sentinel)']) {
      const res = await mia.context.request.get(new URL(new URL(link!).pathname, app.url).toString(), {
        headers: { 'user-agent': agent },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(302);
      expect(res.headers().location).toBe('https://acme.example/webinar');
    }

    await page.reload();
    const chart = section.getByTestId('campaign-clicks').first();
    await expect.poll(() => chart.getByTestId('campaign-clicks-total').textContent(), { timeout: 10_000 }).toBe('2');
    const today = new Date().toISOString().slice(0, 10);
    expect(await chart.locator(`rect[data-day="${today}"]`).getAttribute('data-clicks')).toBe('2');
    expect(await chart.textContent()).toContain('No rule (the default): 2');
    const csvHref = await chart.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const csv = await owner.context.request.get(`${app.url}${csvHref}`);
    expect(await csv.text()).toBe(`day,rule,clicks\n${today},No rule (the default),2\n`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await section.scrollIntoViewIfNeeded();
    await shoot(page, `campaign-chart-${width}`);
  });
});
