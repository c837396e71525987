import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { PASSWORD, signUpThroughApi } from './support/accounts';
import type { RunningApp } from './support/app-server';
import { shoot, type Browser } from './support/browser';
import { expect, test as base } from './support/fixtures';
import { codeIn, linkIn, type Mailbox } from './support/mailbox';

const test = base.extend('browser', { scope: 'file' }, async ({ newBrowser }) =>
  newBrowser({ width: 1200, height: 820 }),
);

/**
 * Every account flow end to end in Chromium, reading each mail from the local mailbox the way a
 * person would: signup and the 6-digit code (pasted), verification by link, magic link, forgot →
 * reset → login, logout. Screens and mails are saved to /tmp/shots-accounts for a person to look at.
 */
const SHOTS = process.env.ACCOUNT_SHOTS_DIR ?? '/tmp/shots-accounts';
const NEW_PASSWORD = 'Even-Better-Horse-7';

const shot = (page: Page, name: string) => shoot(page, name, { dir: SHOTS, fullPage: true });

/** Renders a mail's HTML part in its own tab, as a mail client would, and saves it. */
async function shootMail(browser: Browser, mail: ParsedMail, name: string) {
  const tab = await browser.context.newPage();
  await tab.setViewportSize({ width: 720, height: 900 });
  await tab.setContent(String(mail.html), { waitUntil: 'load' });
  await shot(tab, name);
  await tab.close();
}

describe('accounts in the browser', () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;
  let mailbox: Mailbox;
  const email = `grace-${Date.now()}@example.com`;

  test.beforeAll(({ app, browser: opened, mailbox: sent }) => {
    running = app;
    browser = opened;
    page = opened.page;
    mailbox = sent;
  });

  const toast = () => page.getByTestId('toast').first();
  const me = () => page.request.get(`${running.url}/api/auth/me`);
  const digit = (n: number) => page.getByLabel(`Digit ${n} of 6`);
  /** The landing page is prerendered: its button works once the app has loaded, so retry the click. */
  const openSignup = async () => {
    await page.goto(running.url, { waitUntil: 'networkidle' });
    const dialog = page.getByRole('dialog');
    for (let i = 0; i < 20 && !(await dialog.isVisible()); i++) {
      await page
        .getByRole('button', { name: 'Sign up' })
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
      await dialog.waitFor({ state: 'visible', timeout: 1_000 }).catch(() => undefined);
    }
    return dialog;
  };

  test('signup → /verify-email → a wrong code stays, with the reason under it → pasting the mailed code verifies → /pricing', async () => {
    const dialog = await openSignup();
    await dialog.getByLabel('Name (optional)').fill('Grace Hopper');
    await dialog.locator('#signup-email').fill(email);
    await dialog.locator('#signup-password').fill(PASSWORD);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${running.url}/verify-email?email=${encodeURIComponent(email)}`);
    await expect.poll(() => toast().textContent()).toContain('Account created!');
    expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBe(email);
    await expect.poll(() => page.getByRole('heading', { name: 'Check your email' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Digit 1 of 6');

    const mail = await mailbox.waitFor(email, /Verify your email/);
    await shootMail(browser, mail, 'mail-verification');
    const code = codeIn(mail);

    // Typing advances; Backspace on an empty box moves back and clears.
    await page.keyboard.type('12');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Digit 3 of 6');
    await page.keyboard.press('Backspace');
    await expect.poll(() => digit(2).inputValue()).toBe('');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Digit 2 of 6');
    await page.keyboard.press('Backspace');
    await expect.poll(() => digit(1).inputValue()).toBe('');
    await shot(page, 'verify-code-page');

    const wrong = code === '000000' ? '111111' : '000000';
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: 'Verify email' }).click();
    // The digits stay to be corrected, and the reason sits under them.
    await expect.poll(() => page.locator('#verify-code-error').textContent()).toContain('Invalid verification code');
    for (let n = 1; n <= 6; n++) expect(await digit(n).inputValue()).toBe(wrong[n - 1]);
    expect(await digit(1).getAttribute('aria-describedby')).toBe('verify-code-error');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Digit 1 of 6');
    await shot(page, 'verify-code-error');

    // A paste with spaces and a dash: non-digits are stripped, six remain, it submits by itself.
    await page.evaluate((text) => navigator.clipboard.writeText(text), ` ${code.slice(0, 3)}-${code.slice(3)} `);
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => page.getByRole('heading', { name: 'Email verified!' }).isVisible()).toBe(true);
    await shot(page, 'verify-code-success');
    expect((await (await me()).json()).user.emailVerified).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBeNull();
    await page.waitForURL(`${running.url}/pricing`, { timeout: 5_000 });
  });

  test('logout ends the session on the server', async () => {
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect.poll(async () => (await me()).status()).toBe(401);
    await expect.poll(() => toast().textContent()).toContain('Logged out');
  });

  test('verification by link: success returns home after 3 s; a bad link offers a resend', async () => {
    const other = `ada-${Date.now()}@example.com`;
    await signUpThroughApi(running, page.request, { email: other, name: 'Ada', verified: false });
    const mail = await mailbox.waitFor(other, /Verify your email/);
    const link = linkIn(mail, '/verify-email/');
    expect(link.startsWith(`${running.url}/verify-email/`)).toBe(true);

    // Opening the link (as a mail scanner does, scripts and all) verifies nothing; the click does.
    await page.goto(link, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { name: 'Verify your email' }).isVisible()).toBe(true);
    await shot(page, 'verify-link-page');
    expect((await (await me()).json()).user.emailVerified).toBe(false);
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Email verified!' }).isVisible()).toBe(true);
    expect((await (await me()).json()).user.emailVerified).toBe(true);
    await shot(page, 'verify-link-success');
    await page.waitForURL(`${running.url}/`, { timeout: 6_000 });

    await page.goto(`${running.url}/verify-email/not-a-real-token`);
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Verification failed' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('This verification link is invalid or has expired.').isVisible()).toBe(true);
    await shot(page, 'verify-link-error');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    // Ada is signed in (signup) and verified now, so the server says so in words.
    await expect.poll(() => toast().textContent()).toContain('already verified');
    await page.request.post(`${running.url}/api/auth/logout`, { headers: { origin: running.url } });
  });

  test('the link opened on another device signs that browser in and offers "Choose a password" there', async ({
    newBrowser,
  }) => {
    const person = `lin-${Date.now()}@example.com`;
    await signUpThroughApi(running, page.request, { email: person, name: 'Lin', verified: false });
    await page.request.post(`${running.url}/api/auth/logout`, { headers: { origin: running.url } });
    const link = linkIn(await mailbox.waitFor(person, /Verify your email/), '/verify-email/');

    for (const width of [375, 1280]) {
      // The phone gets its own link (a new mail); the desktop run uses the first one.
      const phone = width === 375;
      const other = await newBrowser({ width, height: 820 });
      let url = link;
      if (phone) {
        const fresh = `lin-phone-${Date.now()}@example.com`;
        await signUpThroughApi(running, other.page.request, { email: fresh, name: 'Lin', verified: false });
        await other.page.request.post(`${running.url}/api/auth/logout`, { headers: { origin: running.url } });
        url = linkIn(await mailbox.waitFor(fresh, /Verify your email/), '/verify-email/');
      }
      await other.page.goto(url, { waitUntil: 'networkidle' });
      await other.page.getByRole('button', { name: 'Verify my email' }).click();
      await expect.poll(() => other.page.getByLabel('Choose a password').isVisible()).toBe(true);
      await expect.poll(() => other.page.getByText('you are signed in on this device').isVisible()).toBe(true);
      await shot(other.page, `verify-link-other-device-${width}`);
      const meThere = await other.page.request.get(`${running.url}/api/auth/me`);
      expect(meThere.status()).toBe(200);
      expect((await meThere.json()).user.emailVerified).toBe(true);

      await other.page.getByLabel('Choose a password').fill(NEW_PASSWORD);
      await other.page.getByLabel('Confirm password').fill(NEW_PASSWORD);
      await other.page.getByRole('button', { name: 'Save password' }).click();
      await other.page.waitForURL((u) => !u.pathname.startsWith('/verify-email'), { timeout: 10_000 });
      await other.close();
    }
    const login = await page.request.post(`${running.url}/api/auth/login`, {
      data: { email: person, password: NEW_PASSWORD },
      headers: { origin: running.url },
    });
    expect(login.status()).toBe(200);
    await page.request.post(`${running.url}/api/auth/logout`, { headers: { origin: running.url } });
  });

  test('code page without an email says so', async () => {
    await page.evaluate(() => localStorage.removeItem('pendingVerificationEmail'));
    await page.goto(`${running.url}/verify-email`);
    await expect
      .poll(() => page.getByText('No email found for verification. Please sign up again.').isVisible())
      .toBe(true);
    await shot(page, 'verify-code-no-email');
  });

  test('magic link: Email Required when empty; the mailed link opens a page, and only its button signs in', async () => {
    await page.goto(`${running.url}/login`);
    await shot(page, 'login-page');
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect.poll(() => toast().textContent()).toContain('Email Required');
    await page.locator('#email').fill(email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect.poll(() => toast().textContent()).toContain('Magic link sent');

    const mail = await mailbox.waitFor(email, /sign-in link/);
    await shootMail(browser, mail, 'mail-magic-link');
    await page.goto(linkIn(mail, '/magic-link/'));
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to SignaturePro' }).isVisible()).toBe(true);
    await shot(page, 'magic-link-page');
    // Opening the page (what a mail scanner does) signed nobody in.
    expect((await me()).status()).toBe(401);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${running.url}/pricing`);
    expect((await (await me()).json()).user.email).toBe(email);

    // The same link again: spent.
    await page.goto(linkIn(mail, '/magic-link/'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { name: "This link can't sign you in" }).isVisible()).toBe(true);
    expect(await page.locator('main [role=alert]').textContent()).toBe(
      'This sign-in link is invalid or has expired. Please request a new one.',
    );
    await shot(page, 'magic-link-spent');
    await page.request.post(`${running.url}/api/auth/logout`, { headers: { origin: running.url } });
  });

  test('forgot password → reset mail → /reset-password/{token} → login with the new password', async () => {
    await page.goto(`${running.url}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#forgot-email').fill(email);
    await dialog.getByRole('button', { name: 'Send reset instructions' }).click();
    await expect
      .poll(() =>
        dialog.getByText("If an account exists with that email, we've sent password reset instructions.").isVisible(),
      )
      .toBe(true);
    await shot(page, 'forgot-confirmation');
    await dialog.getByRole('button', { name: 'Back to login' }).click();
    await page.keyboard.press('Escape');

    const mail = await mailbox.waitFor(email, /Reset your SignaturePro password/);
    await shootMail(browser, mail, 'mail-password-reset');
    const link = linkIn(mail, '/reset-password/');
    const response = await page.goto(link);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect.poll(() => page.getByRole('heading', { name: 'Choose a new password' }).isVisible()).toBe(true);

    await page.locator('#new-password').fill('lowercase1');
    await page.locator('#confirm-password').fill('different');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect
      .poll(() => page.getByText('Password must contain at least one uppercase letter').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText("Passwords don't match").isVisible()).toBe(true);
    // The form keeps what was typed.
    expect(await page.locator('#new-password').inputValue()).toBe('lowercase1');
    await shot(page, 'reset-form-errors');

    await page.locator('#new-password').fill(NEW_PASSWORD);
    await page.locator('#confirm-password').fill(NEW_PASSWORD);
    await shot(page, 'reset-form');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Password reset!' }).isVisible()).toBe(true);
    await shot(page, 'reset-success');
    await page.waitForURL(`${running.url}/`, { timeout: 6_000 });

    // The spent link now reads as invalid.
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Invalid Reset Link' }).isVisible()).toBe(true);

    await page.goto(`${running.url}/login`);
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => toast().textContent()).toContain('Invalid email or password');
    expect(await page.locator('#email').inputValue()).toBe(email);
    await page.locator('#password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${running.url}/pricing`);
    expect((await me()).status()).toBe(200);
  });

  test("/reset-password without a token shows 'Invalid Reset Link'", async () => {
    await page.goto(`${running.url}/reset-password`);
    await expect.poll(() => page.getByRole('heading', { name: 'Invalid Reset Link' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('No reset token provided. Please request a new password reset link.').isVisible())
      .toBe(true);
    await shot(page, 'reset-no-token');
  });

  test('someone signing up with a taken address sees the normal flow; the owner gets a notice', async () => {
    await page.request.post(`${running.url}/api/auth/logout`, { headers: { origin: running.url } });
    const dialog = await openSignup();
    await dialog.locator('#signup-email').fill(email);
    await dialog.locator('#signup-password').fill('Someone-Else-1');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/\/verify-email\?email=/);
    expect((await me()).status()).toBe(401);
    const notice = await mailbox.waitFor(email, /Someone tried to sign up/);
    await shootMail(browser, notice, 'mail-account-exists');
  });
});
