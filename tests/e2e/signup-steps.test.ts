import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { markVerified, PASSWORD, uniqueEmail } from './support/accounts';
import type { RunningApp } from './support/app-server';
import { shoot } from './support/browser';
import { expect, test } from './support/fixtures';
import { codeIn, type Mailbox } from './support/mailbox';

/**
 * Signing up and the public pages at 1280 and 375 px: the steps (Account · Verify · Plan), the first
 * field focused, a wrong code kept and explained under the digits, "Wrong address? Change it", the
 * plan chosen on a card named in the dialog and reached after Verify, one password rule at sign-up
 * and in the Security tab, /pricing under the site's header and footer, and the contact form's
 * fields level when one shows an error. Screens are saved to /tmp/shots-signup for a person to look at.
 */
const SHOTS = process.env.SIGNUP_SHOTS_DIR ?? '/tmp/shots-signup';
const WIDTHS = [1280, 375] as const;

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const stepNow = (page: Page) => page.locator('ol[aria-label="Sign-up steps"] [aria-current="step"]').textContent();

/** /pricing is prerendered: its buttons work once the app has hydrated, so retry the click. */
async function chooseStandard(page: Page, origin: string) {
  await page.goto(`${origin}/pricing`, { waitUntil: 'networkidle' });
  const dialog = page.getByRole('dialog');
  for (let i = 0; i < 20 && !(await dialog.isVisible()); i++) {
    await page
      .locator('[data-plan="standard"]')
      .getByRole('button')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await dialog.waitFor({ state: 'visible', timeout: 1_000 }).catch(() => undefined);
  }
  return dialog;
}

describe.each(WIDTHS)('signing up at %i px', (width) => {
  let running: RunningApp;
  let page: Page;
  let mailbox: Mailbox;
  const shot = (name: string) => shoot(page, `${width}-${name}`, { dir: SHOTS });

  test.beforeAll(async ({ app, newBrowser, mailbox: sent }) => {
    running = app;
    mailbox = sent;
    page = (await newBrowser({ width })).page;
  });

  test('/pricing sits under the site header and footer, and a plan card names its plan in the sign-up dialog', async () => {
    const dialog = await chooseStandard(page, running.url);
    await shot('signup-dialog-with-plan');
    // The page behind the open dialog is hidden from the accessibility tree: found by its elements.
    expect(await page.locator('header nav[aria-label="Main"] a[href="/pricing"]').getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await page.locator('footer a[href="/privacy"]').count()).toBe(1);

    expect(await dialog.locator('#signup-plan').textContent()).toContain('Standard, billed monthly');
    expect(await stepNow(page)).toContain('Account');
    await expect.poll(() => focusedId(page)).toBe('signup-name');
    // The one rule, ticked off as typed, and the same words the server answers with.
    await dialog.locator('#signup-password').fill('lowercase1');
    await dialog.getByRole('checkbox').check();
    await dialog.locator('#signup-email').fill(uniqueEmail('weak'));
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await expect
      .poll(() => dialog.locator('#signup-password-error').textContent())
      .toBe('Password must contain at least one uppercase letter');
    const rules = dialog.getByRole('list', { name: 'Must have' });
    expect(await rules.getByText('(not yet)').count()).toBe(1);
    await shot('signup-password-rule');
    const api = await page.request.post(`${running.url}/api/auth/signup`, {
      data: { email: uniqueEmail('weak-api'), password: 'lowercase1', termsAccepted: true },
    });
    expect(api.status()).toBe(400);
    expect((await api.json()).errors.password).toBe('Password must contain at least one uppercase letter');
  });

  test('Verify: a wrong code stays with its reason under it; "Wrong address? Change it"; the right code leads to the chosen plan', async () => {
    const dialog = page.getByRole('dialog');
    const typo = uniqueEmail('typo');
    await dialog.locator('#signup-email').fill(typo);
    await dialog.locator('#signup-password').fill(PASSWORD);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${running.url}/verify-email?email=${encodeURIComponent(typo)}`);
    await expect.poll(() => stepNow(page)).toContain('Verify');

    await page.getByRole('button', { name: 'Change it' }).click();
    await expect.poll(() => focusedId(page)).toBe('signup-email');
    expect(await dialog.locator('#signup-email').inputValue()).toBe(typo);
    expect(await dialog.locator('#signup-plan').textContent()).toContain('Standard, billed monthly');
    await shot('change-address');
    const right = uniqueEmail('right');
    await dialog.locator('#signup-email').fill(right);
    await dialog.locator('#signup-password').fill(PASSWORD);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${running.url}/verify-email?email=${encodeURIComponent(right)}`);

    const code = codeIn(await mailbox.waitFor(right, /Verify your email/));
    const wrong = code === '123456' ? '654321' : '123456';
    await page.getByLabel('Digit 1 of 6').focus();
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: 'Verify email' }).click();
    const error = page.locator('#verify-code-error');
    await expect.poll(() => error.textContent()).toContain('Check the digits above');
    for (let n = 1; n <= 6; n++) expect(await page.getByLabel(`Digit ${n} of 6`).inputValue()).toBe(wrong[n - 1]);
    await shot('verify-wrong-code');
    // The code box and its reason fit the screen.
    const box = (await error.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);

    await page.evaluate((text) => navigator.clipboard.writeText(text), code);
    await page.getByLabel('Digit 1 of 6').focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('checkout for Standard');
    await page.waitForURL(`${running.url}/checkout?plan=standard&billing=monthly`, { timeout: 10_000 });
  });

  test('Plan: a verified account with no plan yet sees the last step on /pricing', async () => {
    // A fresh account (signed in, verified, no plan) comes to the plans page.
    const email = uniqueEmail('plan');
    const signup = await page.request.post(`${running.url}/api/auth/signup`, {
      data: { email, password: PASSWORD, name: 'Plan Step', termsAccepted: true },
    });
    expect(signup.status()).toBe(201);
    await markVerified(running, email);
    await page.goto(`${running.url}/pricing`, { waitUntil: 'networkidle' });
    await expect.poll(() => stepNow(page)).toContain('Plan');
    await page.locator('ol[aria-label="Sign-up steps"]').scrollIntoViewIfNeeded();
    await shot('pricing-plan-step');
  });

  test('the Security tab asks for the same password rule as sign-up', async () => {
    await page.goto(`${running.url}/account/security`, { waitUntil: 'networkidle' });
    await page.locator('#current-password').fill(PASSWORD);
    await page.locator('#new-password').fill('lowercase1');
    await page.locator('#confirm-password').fill('lowercase1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.locator('#new-password-error').textContent())
      .toBe('Password must contain at least one uppercase letter');
    const labels = await page.getByRole('list', { name: 'Must have' }).getByRole('listitem').allTextContents();
    expect(labels.map((l) => l.replace(/✓|\(.*\)/g, '').trim())).toEqual([
      'At least 8 characters',
      'An uppercase letter',
      'A lowercase letter',
      'A number',
    ]);
    await shot('security-password-rule');
  });

  test("the contact form's fields stay level when one shows an error", async () => {
    await page.goto(`${running.url}/contact`, { waitUntil: 'networkidle' });
    await page.locator('#contact-email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.locator('#contact-name-error').isVisible()).toBe(true);
    expect(await page.locator('#contact-email-error').count()).toBe(0);
    const name = (await page.locator('#contact-name').boundingBox())!;
    const email = (await page.locator('#contact-email').boundingBox())!;
    if (width >= 640) expect(email.y).toBe(name.y);
    expect(email.height).toBe(name.height);
    await page.locator('#contact-name').scrollIntoViewIfNeeded();
    await shot('contact-one-error');
  });
});
