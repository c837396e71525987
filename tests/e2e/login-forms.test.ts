import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shoot, type Browser } from './support/browser';
import { startApp, type RunningApp } from './support/app-server';

/**
 * The one login form hook (issue 13, point 2) on the /login page and in the dialog: a refusal keeps
 * what was typed and says so in each screen's words; too many attempts give the server's words,
 * which say when to try again.
 */
const PASSWORD = 'Correct-Horse-42';

describe('login forms in the browser', () => {
  let running: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    running = await startApp();
    browser = await openBrowser(running.url, { width: 1280, height: 860 });
    page = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  const toast = () => page.getByTestId('toast').first();
  /** The toast's title and words, without its close button. */
  const toastText = async () => (await toast().innerText()).replace('×', '').trim().replace(/\s*\n\s*/, ' | ');
  async function signUp(email: string) {
    const res = await running.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: PASSWORD, name: 'Lin Locked', termsAccepted: true } });
    expect(res.statusCode).toBe(201);
  }

  it("/login: a wrong password keeps what was typed; the sixth attempt shows the server's lockout words", async () => {
    const email = `locked-${Date.now()}@example.com`;
    await signUp(email);
    await page.goto(`${running.url}/login`);
    await page.locator('#email').fill(email);
    await page.locator('#password').fill('not-my-password');
    const logIn = page.getByRole('button', { name: 'Log in', exact: true });

    await logIn.click();
    await expect.poll(toastText).toBe('Login Failed | Invalid email or password.');
    expect(await page.locator('#email').inputValue()).toBe(email);
    expect(await page.locator('#password').inputValue()).toBe('not-my-password');

    for (let attempt = 2; attempt <= 6; attempt++) {
      await expect.poll(() => logIn.isEnabled()).toBe(true);
      await logIn.click();
    }
    await expect
      .poll(toastText)
      .toBe('Login Failed | Too many failed login attempts. Please try again in 15 minutes, or reset your password.');
    expect(await page.locator('#email').inputValue()).toBe(email);
    expect(await page.locator('#password').inputValue()).toBe('not-my-password');
    expect(page.url()).toBe(`${running.url}/login`);
    await shoot(page, 'login-too-many-desktop');
    await page.setViewportSize({ width: 375, height: 760 });
    await shoot(page, 'login-too-many-mobile');
    await page.setViewportSize({ width: 1280, height: 860 });

    // Locked, even the right password waits: the session stays closed.
    await page.locator('#password').fill(PASSWORD);
    await logIn.click();
    await expect.poll(() => toast().textContent()).toContain('Too many failed login attempts');
    expect((await page.request.get(`${running.url}/api/session`)).ok()).toBe(true);
    expect((await (await page.request.get(`${running.url}/api/session`)).json()).user).toBeNull();
  });

  it("/login: the right password stores the session and goes to /pricing with 'Welcome back!'", async () => {
    const email = `lin-${Date.now()}@example.com`;
    await signUp(email);
    await page.goto(`${running.url}/login`);
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${running.url}/pricing`);
    await expect.poll(() => toast().textContent()).toContain('Welcome back!');
    // The app's header knows the new session without a reload: the avatar menu is there.
    await expect.poll(() => page.getByRole('button', { name: 'Open user menu' }).count()).toBe(1);
    expect((await (await page.request.get(`${running.url}/api/session`)).json()).user.email).toBe(email);
  });

  it("the dialog's login form: 'Login failed' with the server's words, the fields keep what was typed", async () => {
    await page.context().clearCookies();
    await page.goto(`${running.url}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: '← Back to login' }).click();
    await dialog.getByLabel('Email').fill('nobody@example.com');
    await dialog.getByLabel('Password').fill('whatever-it-is');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(toastText).toBe('Login failed | Invalid email or password.');
    expect(await dialog.getByLabel('Email').inputValue()).toBe('nobody@example.com');
    expect(await dialog.getByLabel('Password').inputValue()).toBe('whatever-it-is');
    await shoot(page, 'login-dialog-refused-desktop');
  });
});
