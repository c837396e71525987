import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { markVerified, PASSWORD } from './support/accounts';
import type { RunningApp } from './support/app-server';
import { shoot } from './support/browser';
import { expect, test } from './support/fixtures';
import { invitationLinkIn, type Mailbox } from './support/mailbox';

/**
 * The one login form hook on the /login page and in the dialog: a refusal keeps
 * what was typed and says so in each screen's words; too many attempts give the server's words,
 * which say when to try again. The invitation page uses both hooks with the invited address.
 */
describe('login forms in the browser', () => {
  let running: RunningApp;
  let page: Page;
  let mailbox: Mailbox;

  test.beforeAll(({ app, browser: opened, mailbox: sent }) => {
    running = app;
    page = opened.page;
    mailbox = sent;
  });

  const toast = () => page.getByTestId('toast').first();
  /** The toast's title and words, without its close button. */
  const toastText = async () =>
    (await toast().innerText())
      .replace('×', '')
      .trim()
      .replace(/\s*\n\s*/, ' | ');
  /** Signs up through the API (not this browser) and returns the new session's cookie. */
  async function signUp(email: string, name = 'Lin Locked') {
    const res = await running.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: PASSWORD, name, termsAccepted: true },
    });
    expect(res.statusCode).toBe(201);
    return ([res.headers['set-cookie'] ?? []].flat() as string[]).map((c) => c.split(';')[0]).join('; ');
  }

  test("/login: a wrong password keeps what was typed; the sixth attempt shows the server's lockout words", async () => {
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

  test("/login: the right password stores the session and goes to /pricing with 'Welcome back!'", async () => {
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

  test("the dialog's login form: 'Login failed' with the server's words, the fields keep what was typed", async () => {
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

  test('an invitation to an address that already has an account: Sign up says to log in, and Log in joins', async () => {
    const stamp = Date.now();
    const owner = `owner-${stamp}@acme.test`;
    const invitee = `taken-${stamp}@acme.test`;
    const ownerCookie = await signUp(owner, 'Olivia Owens');
    // Only a verified address may invite.
    await markVerified(running, owner);
    await signUp(invitee, 'Tara Taken');
    const invited = await running.app.inject({
      method: 'POST',
      url: '/api/organization/invitations',
      headers: { cookie: ownerCookie },
      payload: { email: invitee, role: 'member' },
    });
    expect(invited.statusCode).toBe(201);
    const organization = (
      await running.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: ownerCookie } })
    ).json().organization.name as string;
    const mail = await mailbox.waitFor(invitee, /invited you/);

    await page.context().clearCookies();
    await page.goto(invitationLinkIn(mail)!);
    await expect.poll(() => page.getByRole('heading', { name: `Join ${organization}` }).count()).toBe(1);
    await page.getByLabel('Your name').fill('Tara Again');
    await page.locator('#inv-password').fill('A-different-pass-9');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign up and join' }).click();

    await expect
      .poll(() =>
        page.getByText(`If ${invitee} already has an account, log in with it to accept the invitation.`).count(),
      )
      .toBe(1);
    expect(await page.getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#inv-login-email').inputValue()).toBe(invitee);
    expect(await page.locator('#inv-login-password').inputValue()).toBe('');
    await shoot(page, 'invitation-taken-address-desktop');

    await page.locator('#inv-login-password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in and join' }).click();
    await expect.poll(toastText).toBe('Login failed | Invalid email or password.');
    expect(await page.locator('#inv-login-password').inputValue()).toBe('not-the-password');

    await page.locator('#inv-login-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in and join' }).click();
    await expect.poll(() => page.getByRole('heading', { name: `Welcome to ${organization}!` }).count()).toBe(1);
    const session = await (await page.request.get(`${running.url}/api/session`)).json();
    expect(session.user.email).toBe(invitee);
    expect(session.organization.name).toBe(organization);
  });
});
