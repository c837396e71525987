import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import type { SignatureRulesOverview } from '../../src/shared/api/signature-rules';
import type { WorkspaceOverview } from '../../src/shared/api/workspace';
import { shoot as shootIn, type Browser } from './support/browser';
import { field } from './support/editor';
import { joinAsMember } from './support/accounts';
import { expect, test } from './support/fixtures';

/**
 * "Signatures by group" in a real browser, on the embedded TEST MODE Workspace: an admin adds an
 * organization signature and a rule for a unit, sees who it moves before saving, saves, and sees per
 * person which rule matched and why, with a preview of the signature; at 1280 and 375 px.
 */
const SHOTS = '/tmp/shots-rules';

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await shootIn(page, name, { dir: SHOTS, fullPage: true });
}

/** Every button and field of the section lies within the screen's width. */
async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const section = page.locator('section[aria-labelledby="signature-rules-title"]');
  for (const control of await section.locator('button, input, select, textarea').all()) {
    const box = await control.boundingBox();
    if (box) expect(box.x + box.width, (await control.getAttribute('id')) ?? 'a control').toBeLessThanOrEqual(width);
  }
}

describe('Signatures by group', () => {
  let owner: Browser;

  test('an admin adds a rule for a unit, sees who moves before saving, and each person’s rule and why', async ({
    app,
    signUp,
  }) => {
    owner = await signUp({ name: 'Olivia Owner' });
    const { page, context } = owner;
    expect((await context.request.post(`${app.url}/api/workspace/connection/test-mode`)).status()).toBe(200);
    expect((await context.request.post(`${app.url}/api/workspace/sync`)).status()).toBe(202);
    await expect
      .poll(
        async () =>
          ((await (await context.request.get(`${app.url}/api/workspace`)).json()) as WorkspaceOverview).people.length,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(3);

    await page.goto(`${app.url}/account/workspace`);
    const section = page.locator('section[aria-labelledby="signature-rules-title"]');
    await section.getByRole('heading', { name: 'Signatures by group' }).waitFor();
    await section.getByLabel('Signature name').fill('Sales');
    await section.getByLabel('Signature company').fill('Acme Sales');
    await section.getByRole('button', { name: 'Add signature' }).click();
    await expect.poll(() => section.getByTestId('org-signatures').textContent()).toContain('SalesAcme Sales');

    await section.getByRole('button', { name: 'Add rule' }).click();
    const rule = section.getByTestId('rule-row').first();
    await rule.getByLabel('Rule name').fill('Sales team');
    await rule.getByLabel('Applies to').selectOption('orgUnit');
    await rule.getByLabel('Who').fill('/Sales');
    expect(await rule.getByLabel('Signature').inputValue()).not.toBe('');
    // Counted before anything is saved: Ben, in /Sales (Frank there is suspended, so not listed).
    await expect.poll(() => section.getByTestId('rules-moved-count').textContent()).toBe('Saving moves 1 person.');
    expect(await section.getByTestId('rules-moves').textContent()).toContain(
      'Ben Carter: Organization template → Sales (Rule: Sales team)',
    );
    const saved = (await (
      await context.request.get(`${app.url}/api/signature-rules`)
    ).json()) as SignatureRulesOverview;
    expect(saved.rules).toEqual([]);
    await shoot(page, 'rules-moves-1280');

    await section.getByRole('button', { name: 'Save rules' }).click();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toMatch(/Rules saved/);
    const ben = section.getByTestId('rule-person').filter({ hasText: 'Ben Carter' });
    await expect.poll(() => ben.textContent()).toContain('Rule: Sales team · In /Sales');
    expect(await section.getByTestId('rule-person').filter({ hasText: 'Ada Admin' }).textContent()).toContain(
      'Rule: Default',
    );
    await ben.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => ben.getByTestId('rule-person-preview').textContent()).toContain('Acme Sales');
    await shoot(page, 'rules-saved-1280');
  }, 120_000);

  test('fits a 375 px phone: every control within the screen', async () => {
    const { page } = owner;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    const section = page.locator('section[aria-labelledby="signature-rules-title"]');
    await section.getByTestId('rule-row').first().waitFor();
    await fitsWidth(page, 375);
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'rules-375');
  }, 60_000);
});

describe('Signatures by group without Google Workspace', () => {
  test('an admin gives a member a team, a rule by team gives them a signature, and their editor starts from it', async ({
    app,
    signUp,
  }) => {
    const owner = await signUp({ freePlan: true, name: 'Olivia Owner' });
    const mia = await signUp({ freePlan: true, name: 'Mia Member' });
    await joinAsMember(app, owner, mia);

    const { page } = owner;
    await page.goto(`${app.url}/account/workspace`);
    const section = page.locator('section[aria-labelledby="signature-rules-title"]');
    await section.getByRole('heading', { name: 'Signatures by group' }).waitFor();
    await section.getByLabel('Signature name').fill('Sales');
    await section.getByLabel('Signature company').fill('Acme Sales');
    await section.getByRole('button', { name: 'Add signature' }).click();
    await expect.poll(() => section.getByTestId('org-signatures').textContent()).toContain('SalesAcme Sales');
    await section.getByLabel('Team of Mia Member').fill('Sales');
    await section.getByRole('button', { name: 'Save team' }).click();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toMatch(/Team saved/);

    await section.getByRole('button', { name: 'Add rule' }).click();
    const rule = section.getByTestId('rule-row').first();
    await rule.getByLabel('Rule name').fill('Sales team');
    await rule.getByLabel('Applies to').selectOption('department');
    await rule.getByLabel('Who').fill('Sales');
    await expect.poll(() => section.getByTestId('rules-moved-count').textContent()).toBe('Saving moves 1 person.');
    await section.getByRole('button', { name: 'Save rules' }).click();
    const miaRow = section.getByTestId('rule-person').filter({ hasText: 'Mia Member' });
    await expect.poll(() => miaRow.textContent()).toContain('Rule: Sales team · Department: Sales');
    await shoot(page, 'rules-members-1280');

    await mia.page.goto(`${app.url}/editor`);
    await expect.poll(() => field(mia.page, 'Full Name').inputValue()).toBe('Mia Member');
    await expect.poll(() => field(mia.page, 'Company').inputValue()).toBe('Acme Sales');
  }, 120_000);
});
