import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe } from 'vitest';
import { markVerified, signUpInDialog } from './support/accounts';
import type { RunningApp } from './support/app-server';
import { firstMove, readClipboard, shoot, type Browser } from './support/browser';
import { copyToGmail as clickCopyToGmail } from './support/editor';
import { expect, test } from './support/fixtures';

const SHOTS = '/tmp/shots-billing';
const WATERMARK = 'Created with SignaturePro';

async function shot(page: Page, name: string, fullPage = false) {
  // Let fonts and the toast animation settle so the picture shows what a person sees.
  await page.waitForTimeout(300);
  await shoot(page, name, { dir: SHOTS, fullPage });
}

/** Signs up through the dialog a plan card opens for visitors. */
const signUpFromDialog = (page: Page, email: string, name: string) => signUpInDialog(page, { email, name });

const planCard = (page: Page, plan: string) => page.locator(`li[data-plan="${plan}"]`);

/** Fills the two required fields and copies to Gmail; returns the HTML on the clipboard. */
async function copyToGmail(context: BrowserContext, page: Page, name: string, email: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill(email);
  await expect.poll(() => page.getByTestId('signature-preview').innerText()).toContain(name);
  await clickCopyToGmail(context, page);
  await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Copied to Gmail!');
  const html = (await readClipboard(page))['text/html'] ?? '';
  expect(html).toContain(name);
  return html;
}

describe('billing: pricing, checkout, test payment, success', () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;

  test.beforeAll(({ app, browser: opened }) => {
    running = app;
    browser = opened;
    page = opened.page;
  });

  test('sends a signed-out visitor from checkout to /login with the spec toast', async () => {
    await page.goto(`${running.url}/checkout?plan=standard&billing=monthly`);
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Authentication Required');
    expect(await page.getByTestId('toast').innerText()).toContain('Please log in to continue with payment.');
  });

  test('Standard: pricing → checkout → test payment page → pay → success → editor without the watermark', async () => {
    await gotoPricing(page, running.url);
    await expect.poll(() => planCard(page, 'standard').innerText()).toContain('$19');
    // A visitor choosing a plan gets the sign-up dialog.
    await planCard(page, 'standard').getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
    await signUpFromDialog(page, `paid-${Date.now()}@example.com`, 'Ada Lovelace');

    await gotoPricing(page, running.url);
    await page.getByRole('radio', { name: /Annual/ }).click();
    await expect.poll(() => planCard(page, 'standard').innerText()).toContain('$190');
    expect(await planCard(page, 'pro').innerText()).toContain('$1,990');
    expect(await page.getByText('All plans include a 30-day money-back guarantee').count()).toBe(1);
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
    await shot(page, 'pricing', true);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'Go to Editor' }).count()).toBe(1);
    expect(await page.getByRole('menuitem', { name: 'Log out' }).count()).toBe(1);
    await page.keyboard.press('Escape');

    // During the organization's trial no card promises another one: the plan is chosen for the days left.
    await page.getByText(/^Your trial has 7 days left\. A plan chosen now costs nothing until /).waitFor();
    expect(await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).count()).toBe(0);
    await planCard(page, 'standard').getByRole('button', { name: 'Choose Standard' }).click();
    await page.waitForURL(/\/checkout\?plan=standard&billing=monthly/);
    await page.getByText('Due today').waitFor();
    const code = page.getByLabel('Promotion code');
    await code.pressSequentially('lifetime1dollar');
    expect(await code.inputValue()).toBe('LIFETIME1DOLLAR');
    await page.getByText('$1 one-time payment for lifetime access').waitFor();
    expect(await page.getByRole('button', { name: 'Get Lifetime Access for $1' }).count()).toBe(1);
    await shot(page, 'checkout-lifetime');
    await code.fill('');
    await page.getByText('Test mode.').waitFor();
    await shot(page, 'checkout');

    // The payment page opens in this same tab (0151); it says when the first payment comes.
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
    await page.waitForURL(/\/checkout\/test-payment\/cs_test_/);
    expect(browser.context.pages()).toHaveLength(1);
    await page.getByText('TEST MODE: no real card is charged').waitFor();
    await page.getByText('7 days free').waitFor();
    await page.getByText(/^Your first payment is on \d{1,2} \w{3,4} \d{4}\.$/).waitFor();
    await shot(page, 'test-payment');
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=cs_test_/);
    // What happened, in words: a trial and its first charge, not "Payment successful!" for $0.
    await page.getByRole('heading', { name: 'Your Standard trial has started' }).waitFor();
    await page
      .getByText(
        /^Your 7-day Standard trial has started\. First charge \$19 on \d{1,2} \w{3,4} \d{4}; cancel any time in Plan & Billing\.$/,
      )
      .waitFor();
    expect(await page.getByText('Payment successful!').count()).toBe(0);
    await shot(page, 'checkout-success');
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 760 });
    await shot(page, 'checkout-success-375');
    await page.setViewportSize(wide);
    await page.getByRole('link', { name: 'Go to the editor' }).click();
    await page.waitForURL(/\/editor$/);
    await expect
      .poll(() => page.getByText(/trial · \d+ days? left$/).textContent())
      .toBe('Standard trial · 7 days left');

    const me = await (await page.request.get(`${running.url}/api/auth/me`)).json();
    expect(me.user).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'Standard' });
    expect(me.organization).toMatchObject({ plan: 'standard' });

    const html = await copyToGmail(browser.context, page, 'Ada Lovelace', 'ada@example.com');
    expect(html).not.toContain(WATERMARK);
  });

  test('tells a paying account to manage its plan instead of paying twice', async () => {
    await page.goto(`${running.url}/checkout?plan=pro&billing=annual`);
    await page.getByText('You already have a paid plan.').waitFor();
    // This account has had a subscription, so its checkout offers no second trial (one trial, 0024).
    expect(await page.getByRole('button', { name: 'Subscribe', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Plan & Billing' }).getAttribute('href')).toBe('/account/billing');
  });

  test('Plan & Billing: Manage or cancel switches to Pro annual with 3 seats, cancels, resumes; deleting the account cancels the subscription', async () => {
    const testProvider = running.app.services.billing.testProvider!;
    await page.goto(`${running.url}/account/billing`);
    const manage = page.getByRole('region', { name: 'Manage subscription' });
    await page.getByRole('button', { name: 'Manage or cancel' }).click();
    await manage.getByText('Now: Standard, billed monthly, 1 seat.').waitFor();
    // Save and Cancel appear only once something is changed.
    expect(await manage.getByRole('button', { name: 'Change plan' }).count()).toBe(0);
    expect(await manage.getByText('Price: $19 per month').count()).toBe(1);

    await manage.getByLabel('Plan', { exact: true }).selectOption('pro');
    await manage.getByLabel('Billing').selectOption('annual');
    await manage.getByLabel('Seats').selectOption('3');
    await expect.poll(() => manage.innerText()).toContain('New price: $2,370 per year');
    await shot(page, 'billing-change-plan', true);
    await manage.getByRole('button', { name: 'Change plan' }).click();
    await expect
      .poll(() => page.getByTestId('toast').innerText())
      .toContain('You are now on Pro, billed annually, 3 seats.');

    await page.reload();
    await manage.getByText('Now: Pro, billed annually, 3 seats.').waitFor();
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    expect(await plan.innerText()).toContain('Pro');
    const me = await (await page.request.get(`${running.url}/api/auth/me`)).json();
    expect(me.user).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'Pro' });
    expect(me.organization).toMatchObject({ plan: 'pro' });

    // Cancel asks first; keeping it changes nothing.
    await manage.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('alertdialog').getByText('Cancel your subscription?').waitFor();
    await page.getByRole('button', { name: 'Keep subscription' }).click();
    expect(await manage.getByText(/Your subscription ends on/).count()).toBe(0);
    await manage.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Subscription canceled');
    await page.reload();
    await manage.getByText(/Your subscription ends on/).waitFor();
    expect(await plan.innerText()).toContain('(canceled)');
    await shot(page, 'billing-canceled', true);
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'billing-canceled-mobile', true);
    await page.setViewportSize({ width: 1280, height: 800 });

    await manage.getByRole('button', { name: 'Resume subscription' }).click();
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Subscription resumed');
    await page.reload();
    await manage.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    expect(await manage.getByText(/Your subscription ends on/).count()).toBe(0);

    const overview = await (await page.request.get(`${running.url}/api/billing`)).json();
    const [subscription] = await running.app.services.database.db
      .execute<{ id: string }>(sql`select id from billing_subscription where user_id = ${me.user.id}`)
      .then((r) => r.rows);
    expect(overview.subscription).toMatchObject({
      plan: 'pro',
      billingPeriod: 'annual',
      seats: 3,
      cancelAtPeriodEnd: false,
    });
    expect((await testProvider.retrieveSubscription(subscription!.id)).status).toBe('trialing');

    await page.goto(`${running.url}/account/danger`);
    await page
      .getByText('Your Pro subscription is canceled at once when you delete your account, so nothing more is charged.')
      .waitFor();
    await page.getByLabel('Type DELETE MY ACCOUNT to confirm').fill('DELETE MY ACCOUNT');
    await page.getByLabel('Password', { exact: true }).fill('Correct-Horse-42');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${running.url}/`);
    await expect.poll(() => page.getByTestId('toast').innerText()).toContain('Account deleted');
    // The person stays on the home page (the account area must not send them on to /login).
    await page.waitForTimeout(1500);
    expect(page.url()).toBe(`${running.url}/`);
    expect((await testProvider.retrieveSubscription(subscription!.id)).status).toBe('canceled');
  });

  test('Free: the card activates the free plan, goes to the editor, and the signature keeps the watermark', async () => {
    await page.context().clearCookies();
    await gotoPricing(page, running.url);
    await planCard(page, 'free').getByRole('button', { name: 'Start Free' }).click();
    await signUpFromDialog(page, `free-${Date.now()}@example.com`, 'Grace Hopper');

    await gotoPricing(page, running.url);
    await planCard(page, 'free').getByRole('button', { name: 'Start Free' }).click();
    await page.waitForURL(/\/editor$/);
    const me = await (await page.request.get(`${running.url}/api/auth/me`)).json();
    expect(me.user).toMatchObject({ subscriptionStatus: 'free', subscriptionPlan: 'Free' });

    const html = await copyToGmail(browser.context, page, 'Grace Hopper', 'grace@example.com');
    expect(html).toContain(`${WATERMARK} - 127.0.0.1`);
  });

  test('checkout starts with the seats a team already fills, and says so when fewer are chosen', async () => {
    await page.context().clearCookies();
    await gotoPricing(page, running.url);
    await planCard(page, 'pro').getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
    const tess = `team-${Date.now()}@example.com`;
    await signUpFromDialog(page, tess, 'Tess Team');
    // Only a verified address may invite.
    await markVerified(running, tess);
    const cookie = (await browser.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const email of ['one@team.test', 'two@team.test']) {
      const res = await running.app.inject({
        method: 'POST',
        url: '/api/organization/invitations',
        headers: { cookie, origin: running.url },
        payload: { email, role: 'member' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    await page.goto(`${running.url}/checkout?plan=pro&billing=monthly`);
    const seats = page.getByRole('group', { name: 'Team seats' }).locator('output');
    await expect.poll(() => seats.innerText()).toBe('3');
    expect(await page.getByText(/Your organization fills/).count()).toBe(0);
    await page.getByRole('button', { name: 'Remove a seat' }).click();
    await page.getByText('Your organization fills 3 seats now (members and invitations).', { exact: false }).waitFor();
    expect(await seats.innerText()).toBe('2');
    await shot(page, 'checkout-team-seats');
  });

  test('the success page without a session id says so, and sends a signed-out visitor to /login', async () => {
    await page.context().clearCookies();
    await page.goto(`${running.url}/checkout/success`);
    await page.getByText('No payment session found').waitFor();
    await page.waitForURL(/\/login$/, { timeout: 6000 });
  });
});

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
