import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { utcToZonedTime } from '../../src/shared/campaigns/campaign-schedule';
import { shoot as shootIn } from './support/browser';
import { solidPng } from './support/editor';
import { expect, test } from './support/fixtures';

/**
 * Editing a campaign on /account/workspace (decision 0235) at 1280 and 375 px: "Edit" opens the form
 * filled with the campaign, a bad end is named under its field, "Save changes" shows the new alt
 * text, link and end; "End now" ends a running campaign and keeps it (and its clicks); an ended one
 * is not edited but "Run again" schedules a copy with new dates (decision 0260); "Delete" removes it.
 */
const SHOTS = '/tmp/shots-campaigns';

async function shoot(page: Page, name: string) {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await shootIn(page, name, { dir: SHOTS, fullPage: true });
}

const utc = (msFromNow: number) => utcToZonedTime(new Date(Date.now() + msFromNow), 'UTC').slice(0, 16);

describe.each([1280, 375])('editing a campaign at %i px', (width) => {
  test('an owner edits a running campaign, ends it now, and deletes it', async ({ app, signUp }) => {
    const owner = await signUp({ width, freePlan: true, name: 'Olivia Owner' });
    const { context, page } = owner;
    // A running campaign, made through the API as the form makes it (upload slot, bytes, attach).
    const { uploadURL } = await (await context.request.post(`${app.url}/api/objects/upload`)).json();
    await context.request.put(`${app.url}${uploadURL}`, {
      data: await solidPng(600, 150, '#0b5cab'),
      headers: { 'content-type': 'image/png' },
    });
    const attached = await context.request.put(`${app.url}/api/signatures/image`, {
      data: { imageURL: uploadURL, signatureId: 'temp' },
    });
    const created = await context.request.post(`${app.url}/api/campaigns`, {
      data: {
        imageUrl: (await attached.json()).objectPath,
        altText: 'Join our winter webinar',
        linkUrl: 'https://acme.example/webinar',
        startsAt: utc(-5 * 60_000),
        endsAt: utc(86_400_000),
        timeZone: 'UTC',
        audience: { kind: 'everyone' },
      },
    });
    expect(created.status()).toBe(201);

    await page.goto(`${app.url}/account/workspace`);
    const section = page.locator('section[aria-labelledby="campaigns-title"]');
    const item = section.getByTestId('campaign-list').locator('li').first();
    await expect.poll(() => item.textContent(), { timeout: 10_000 }).toContain('Running');
    await item.getByRole('button', { name: 'Edit campaign Join our winter webinar' }).click();
    const form = item.getByRole('group', { name: 'Edit campaign Join our winter webinar' });
    expect(await form.getByLabel('Alt text').inputValue()).toBe('Join our winter webinar');
    expect(await form.getByLabel('Banner link').inputValue()).toBe('https://acme.example/webinar');
    expect(await form.getByLabel('Time zone').inputValue()).toBe('UTC');

    // An end before the start is named under its field, and nothing is saved.
    await form.getByLabel('Ends').fill(utc(-60 * 60_000));
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => form.textContent()).toContain('The campaign must end after it starts');

    const newEnd = utc(2 * 86_400_000);
    await form.getByLabel('Ends').fill(newEnd);
    expect(await form.textContent()).not.toContain('The campaign must end after it starts');
    await form.getByLabel('Alt text').fill('Spring launch');
    await form.getByLabel('Banner link').fill('https://acme.example/spring');
    await shoot(page, `campaign-edit-form-${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Campaign saved');
    await expect.poll(() => item.textContent()).toContain('Spring launch');
    expect(await item.textContent()).toContain('https://acme.example/spring');
    expect(await item.textContent()).toContain(`to ${newEnd.replace('T', ' ')} (UTC)`);
    const saved = (await (await context.request.get(`${app.url}/api/campaigns`)).json()).campaigns[0];
    expect([saved.altText, saved.linkUrl, saved.endsAt, saved.status]).toEqual([
      'Spring launch',
      'https://acme.example/spring',
      newEnd,
      'running',
    ]);
    await shoot(page, `campaign-edited-${width}`);

    await item.getByRole('button', { name: 'End now campaign Spring launch' }).click();
    await expect.poll(() => item.textContent(), { timeout: 10_000 }).toContain('Ended');
    expect(await item.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    expect(await item.getByTestId('campaign-clicks').count()).toBe(1);
    // Ended, it keeps its dates and clicks, and says so; "Run again" schedules a copy with new dates.
    expect(await item.getByTestId('campaign-ended-note').textContent()).toContain('keeps its dates and its clicks');
    const ended = (await (await context.request.get(`${app.url}/api/campaigns`)).json()).campaigns[0];
    await shoot(page, `campaign-ended-${width}`);

    await item.getByRole('button', { name: 'Run again campaign Spring launch' }).click();
    const again = item.getByRole('group', { name: 'Run campaign Spring launch again' });
    expect(await again.getByLabel('Alt text').inputValue()).toBe('Spring launch');
    expect(await again.getByLabel('Banner link').inputValue()).toBe('https://acme.example/spring');
    expect([await again.getByLabel('Starts').inputValue(), await again.getByLabel('Ends').inputValue()]).toEqual([
      '',
      '',
    ]);
    const [nextStart, nextEnd] = [utc(3 * 86_400_000), utc(5 * 86_400_000)];
    await again.getByLabel('Starts').fill(nextStart);
    await again.getByLabel('Ends').fill(nextEnd);
    await shoot(page, `campaign-run-again-${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await again.getByRole('button', { name: 'Schedule campaign' }).click();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Campaign scheduled');
    const items = section.getByTestId('campaign-list').locator('li');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(1).textContent()).toContain('Scheduled');
    expect(await items.nth(1).textContent()).toContain(
      `${nextStart.replace('T', ' ')} to ${nextEnd.replace('T', ' ')}`,
    );
    const [kept, copy] = (await (await context.request.get(`${app.url}/api/campaigns`)).json()).campaigns;
    expect(kept).toEqual(ended);
    expect([copy.status, copy.altText, copy.linkUrl, copy.imageUrl, copy.startsAt]).toEqual([
      'scheduled',
      'Spring launch',
      'https://acme.example/spring',
      ended.imageUrl,
      nextStart,
    ]);
    await shoot(page, `campaign-run-again-scheduled-${width}`);

    await item.getByRole('button', { name: 'Delete campaign Spring launch' }).click();
    await expect.poll(() => items.count()).toBe(1);
    await items.first().getByRole('button', { name: 'Delete campaign Spring launch' }).click();
    await expect.poll(() => section.textContent()).toContain('No campaigns yet.');
    expect((await (await context.request.get(`${app.url}/api/campaigns`)).json()).campaigns).toEqual([]);
  });
});
