import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { firstMove, shoot } from './support/browser';
import { expect, test } from './support/fixtures';

const SHOTS = '/tmp/shots-trial';

async function shot(page: Page, name: string, fullPage = false) {
  // Fonts and toasts settle first, so the picture shows what a person sees.
  await page.waitForTimeout(300);
  await shoot(page, name, { dir: SHOTS, fullPage });
}

/**
 * /pricing is prerendered: its buttons act only once React has hydrated the page, as for a person,
 * which it does on a person's first move (decision 0255).
 */
async function gotoPricing(page: Page, base: string) {
  await page.goto(`${base}/pricing`);
  await firstMove(page);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const h1 = document.querySelector('h1');
        return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
      }),
    )
    .toBe(true);
}

const badge = (page: Page) => page.getByText(/days? left in trial$/);

/**
 * The first week as a new account lives it (decision 0150): choosing Free keeps the organization's
 * 7-day trial with Pro's features and 10 seats, the badge counts the real days left, and a
 * teammate can be invited meanwhile.
 */
describe('the 7-day trial', () => {
  test('a new account chooses Free, sees "7 days left in trial" and invites a teammate during the trial', async ({
    app,
    signUp,
  }) => {
    const { page } = await signUp({ name: 'Trial Tester' });
    await gotoPricing(page, app.url);
    await page.locator('li[data-plan="free"]').getByRole('button', { name: 'Start Free' }).click();
    await page.waitForURL(/\/editor$/, { timeout: 30_000 });
    await expect.poll(() => badge(page).textContent()).toBe('7 days left in trial');
    await shot(page, 'editor-trial-badge-1280');

    await page.goto(`${app.url}/account/team`);
    await page.getByLabel('Email address').fill('teammate@trial.test');
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Invitation sent');
    await expect.poll(() => page.getByText('2 of 10 seats used').count()).toBe(1);
    await shot(page, 'team-during-trial-1280');
  }, 180_000);

  test('the badge shows on a phone too', async ({ app, signUp }) => {
    const phone = await signUp({ name: 'Phone Trial', freePlan: true, width: 375 });
    await phone.page.goto(`${app.url}/editor`);
    await expect.poll(() => badge(phone.page).textContent()).toBe('7 days left in trial');
    await shot(phone.page, 'editor-trial-badge-375');

    // The account area is reachable from the editor's menu; an owner also gets the team's screens.
    await phone.page.getByRole('button', { name: 'Open user menu' }).click();
    for (const item of ['Settings', 'Team & Seats', 'Google Workspace', 'Plan & Billing'])
      expect(await phone.page.getByRole('menuitem', { name: item, exact: true }).isDisabled()).toBe(false);
    await shot(phone.page, 'editor-menu-375');
    await phone.page.getByRole('menuitem', { name: 'Team & Seats', exact: true }).click();
    await phone.page.waitForURL(/\/account\/team$/);
    await phone.page.goto(`${app.url}/editor`);
    await phone.page.getByRole('button', { name: 'Open user menu' }).click();
    await phone.page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
    await phone.page.waitForURL(/\/account$/);
  }, 120_000);

  test('on the last day the editor says when the trial ends and what happens then', async ({ app, signUp }) => {
    const owner = await signUp({ name: 'Last Day', freePlan: true });
    // Five hours of the trial are left.
    await app.app.services.database.db.execute(
      sql`update organization set trial_ends_at = now() + interval '5 hours' where id = (select organization_id from member where user_id = ${owner.account.userId})`,
    );
    await owner.page.goto(`${app.url}/editor`);
    const notice = owner.page.getByRole('region', { name: 'Your trial ends soon' });
    await expect
      .poll(() => notice.textContent())
      .toMatch(/^Last day of your trial\. It ends .+; then your organization/);
    expect(await notice.getByRole('link', { name: 'Choose a plan in Plan & Billing' }).getAttribute('href')).toBe(
      '/account/billing',
    );
    expect(await badge(owner.page).textContent()).toBe('1 day left in trial');
    await shot(owner.page, 'editor-last-day-1280');
    await owner.page.setViewportSize({ width: 375, height: 760 });
    await shot(owner.page, 'editor-last-day-375');
    await owner.page.goto(`${app.url}/account/billing`);
    await owner.page.getByText(/^Trial ends .+ \(1 day left\)$/).waitFor();
  }, 120_000);

  test('"End trial now (test mode)" ends the trial: the badge goes and inviting is refused with words', async ({
    app,
    signUp,
  }) => {
    const { page } = await signUp({ name: 'Skip Ahead', freePlan: true });
    await page.goto(`${app.url}/editor`);
    await expect.poll(() => badge(page).textContent()).toBe('7 days left in trial');

    await page.goto(`${app.url}/account/billing`);
    const end = page.getByRole('button', { name: 'End trial now (test mode)', exact: true });
    await end.waitFor();
    await shot(page, 'billing-test-trial-1280', true);
    await page.setViewportSize({ width: 375, height: 760 });
    await shot(page, 'billing-test-trial-375', true);
    await page.setViewportSize({ width: 1280, height: 800 });

    await end.click();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Trial ended (test mode)');
    await expect.poll(() => end.count()).toBe(0);
    await page.getByRole('region', { name: 'Plan' }).getByText('Free', { exact: true }).first().waitFor();
    await shot(page, 'billing-after-trial-1280', true);

    await page.goto(`${app.url}/editor`);
    await page.getByRole('textbox', { name: 'Full Name', exact: true }).waitFor();
    expect(await badge(page).count()).toBe(0);

    const refusal = 'Team members are part of the Standard plan ($19/month). Upgrade under Plan & Billing.';
    await page.goto(`${app.url}/account/team`);
    // The owner reads the plan and its price, and "Upgrade" — not to ask themselves.
    const lock = page.getByTestId('paid-lock-teamMembers');
    await lock.waitFor();
    expect(await lock.textContent()).toContain('Team members are part of the Standard plan ($19/month).');
    expect(await lock.textContent()).not.toContain('Ask');
    expect(await lock.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/account/billing');
    expect(await page.getByRole('button', { name: 'Send invite' }).count()).toBe(0);
    await shot(page, 'team-after-trial-1280');
    // Signature defaults are shown as Pro before anything is filled in: the form is there, disabled.
    await page.goto(`${app.url}/account/defaults`);
    const defaultsLock = page.getByTestId('paid-lock-signatureDefaults');
    await defaultsLock.waitFor();
    expect(await defaultsLock.getByRole('link', { name: 'Upgrade' }).count()).toBe(1);
    expect(await page.getByLabel(/^Modern/).isDisabled()).toBe(true);
    await shot(page, 'defaults-after-trial-1280');
    await page.goto(`${app.url}/account/team`);
    // The server refuses too, in words for anyone who calls it.
    const res = await page.request.post(`${app.url}/api/organization/invitations`, {
      headers: { origin: app.url, 'content-type': 'application/json' },
      data: { email: 'late@trial.test', role: 'member' },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).error).toBe(refusal);

    // After the trial, checkout charges at once: no card may still promise a free trial.
    await page.goto(`${app.url}/pricing`);
    await page.getByText('Your free trial is over: a paid plan starts at once.', { exact: false }).waitFor();
    await page.locator('[data-plan="standard"]').getByRole('button', { name: 'Buy Standard' }).waitFor();
    expect(await page.locator('[data-plan="standard"]').innerText()).toContain('Charged today');
    expect(await page.getByText('7-day free trial').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).count()).toBe(0);
    await shot(page, 'pricing-after-trial', true);
  }, 180_000);
});
