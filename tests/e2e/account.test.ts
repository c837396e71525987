import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe } from 'vitest';
import { chooseFreePlan, PASSWORD } from './support/accounts';
import type { RunningApp } from './support/app-server';
import { shoot as shootIn, type Browser } from './support/browser';
import { solidPng } from './support/editor';
import { expect, test } from './support/fixtures';
import { invitationLinkIn } from './support/mailbox';

/** The account area in a real browser: every tab saves and survives a reload, invitations, deletion. */
const SHOTS = '/tmp/shots-account';
const TABS = ['profile', 'organization', 'billing', 'team', 'defaults', 'assets', 'security', 'danger'] as const;

let app: RunningApp;
/** The organization's logo: one of the owner's uploads, set in the Images & Assets tab. */
let organizationLogo = '';

async function shoot(page: Page, name: string) {
  // Let toasts and lazy tabs settle so the picture shows the screen, not a spinner.
  await page.waitForLoadState('networkidle');
  await shootIn(page, name, { dir: SHOTS, fullPage: true });
}

async function openTab(page: Page, tab: (typeof TABS)[number]) {
  await page.goto(`${app.url}/account${tab === 'profile' ? '' : `/${tab}`}`);
  await page.waitForLoadState('networkidle');
}

const toast = (page: Page) => page.getByTestId('toast').first();
const save = (page: Page) => page.getByRole('button', { name: 'Save changes' });

async function uploadImage(context: BrowserContext, attach: boolean) {
  const png = await solidPng(120, 40, '#2d8659');
  const { uploadURL } = await (await context.request.post(`${app.url}/api/objects/upload`)).json();
  const put = await context.request.put(`${app.url}${uploadURL}`, {
    data: png,
    headers: { 'content-type': 'image/png' },
  });
  expect(put.status()).toBe(200);
  if (attach) {
    const attached = await context.request.put(`${app.url}/api/signatures/image`, {
      data: { imageURL: uploadURL, signatureId: 'temp' },
    });
    expect(attached.status()).toBe(200);
  }
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
  } catch {
    return [];
  }
}

test.beforeAll(({ app: running }) => {
  app = running;
});

describe('account area', () => {
  let owner: Browser;

  test('sends a signed-out visitor to /login, with a full page load', async ({ newBrowser }) => {
    const anon = await newBrowser();
    await anon.page.goto(`${app.url}/account/team`);
    await anon.page.waitForURL(`${app.url}/login`);
    expect(new URL(anon.page.url()).pathname).toBe('/login');
  });

  test('the profile and organization tabs save to the server and survive a reload', async ({ signUp }) => {
    owner = await signUp({ email: 'olivia@acme.test', name: 'Olivia Owner' });
    const { page } = owner;

    // An unknown tab shows Profile; Save and Cancel appear only once something changed.
    await page.goto(`${app.url}/account/no-such-tab`);
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Olivia Owner');
    expect(await save(page).count()).toBe(0);
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Olivia Owner');
    expect(await save(page).count()).toBe(0);

    await openTab(page, 'profile');
    await page.getByLabel('Full name').fill('Olivia Owens');
    await page.getByLabel('Timezone').selectOption('Europe/Paris');
    await save(page).click();
    await expect.poll(() => toast(page).textContent()).toContain('Profile saved');
    await page.reload();
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Olivia Owens');
    expect(await page.getByLabel('Timezone').inputValue()).toBe('Europe/Paris');

    await openTab(page, 'organization');
    await page.getByLabel('Organization name').fill('Acme Inc');
    await page.getByLabel('Domain').fill('not a domain');
    await save(page).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('Please enter a valid domain (e.g., company.com)');
    expect(await page.getByLabel('Domain').inputValue()).toBe('not a domain');
    await page.getByLabel('Domain').fill('acme.com');
    await save(page).click();
    await expect.poll(() => toast(page).textContent()).toContain('Organization saved');
    await page.reload();
    await expect.poll(() => page.getByLabel('Organization name').inputValue()).toBe('Acme Inc');
    expect(await page.getByLabel('Domain').inputValue()).toBe('acme.com');
  });

  test('the defaults and assets tabs save, refuse bad logos in words and survive a reload', async () => {
    const { page, context } = owner;

    await openTab(page, 'defaults');
    await page.getByLabel(/^Modern/).check();
    await page.getByRole('group', { name: 'Primary color' }).getByLabel('Forest Green').check({ force: true });
    await page.getByRole('group', { name: 'Secondary color' }).getByLabel('Charcoal').check({ force: true });
    await page.getByLabel('Phone number').check();
    await save(page).click();
    await expect.poll(() => toast(page).textContent()).toContain('Defaults saved');
    await page.reload();
    await expect.poll(() => page.getByLabel(/^Modern/).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Primary color' }).getByLabel('Forest Green').isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Secondary color' }).getByLabel('Charcoal').isChecked()).toBe(true);
    expect(await page.getByLabel('Phone number').isChecked()).toBe(true);

    await uploadImage(context, true);
    await uploadImage(context, true);
    await openTab(page, 'assets');
    await page.getByLabel('Logo URL').fill('http://cdn.acme.test/logo.png');
    await save(page).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('Logo URL must use HTTPS');
    await page.getByLabel('Logo URL').fill('https://cdn.acme.test/logo');
    await save(page).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('URL should point to an image file');
    // The logo goes into every member's signature: an address recipients cannot reach is refused at
    // the field, and one of our own images is kept (decision 0162).
    await page.getByLabel('Logo URL').fill('https://10.0.0.5/logo.png');
    await save(page).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/private or local network/);
    const [ownImage] = (await (await context.request.get(`${app.url}/api/uploads`)).json()) as { objectPath: string }[];
    organizationLogo = ownImage!.objectPath;
    await page.getByLabel('Logo URL').fill(organizationLogo);
    await save(page).click();
    await expect.poll(() => toast(page).textContent()).toContain('Logo saved');
    await page.reload();
    await expect.poll(() => page.getByLabel('Logo URL').inputValue()).toBe(organizationLogo);
    await expect.poll(() => page.getByTestId('uploaded-image').count()).toBe(2);
    await page.getByRole('button', { name: 'Delete image' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete image' }).click();
    await expect.poll(() => page.getByTestId('uploaded-image').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('uploaded-image').count()).toBe(1);
  });

  test('the team, billing and security tabs save and survive a reload', async () => {
    const { page } = owner;

    await openTab(page, 'team');
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('Please enter a valid email address');
    await page.getByLabel('Email address').fill('newbie@acme.test');
    await page.getByLabel('Role', { exact: true }).selectOption('member');
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Invitation sent');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('team-row').filter({ hasText: 'newbie@acme.test' }).textContent())
      .toContain('Pending');
    expect(await page.getByText('2 of 10 seats used').count()).toBe(1);

    await openTab(page, 'billing');
    await expect.poll(() => page.getByText('Free trial').count()).toBe(1);
    expect(await page.getByText('2 of 10 seats used').count()).toBe(1);

    await openTab(page, 'security');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel(/^New password/).fill('Brand-new-pass1');
    expect(await page.getByText('Strong', { exact: true }).count()).toBe(1);
    await page.getByLabel('Confirm new password').fill('Brand-new-pass2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe("Passwords don't match");
    await page.getByLabel('Confirm new password').fill('Brand-new-pass1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => toast(page).textContent()).toContain('Password changed');
    await page.reload();
    await expect.poll(() => page.getByTestId('device-row').filter({ hasText: 'This device' }).count()).toBe(1);
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'olivia@acme.test', password: 'Brand-new-pass1' },
    });
    expect(login.statusCode).toBe(200);
  });

  test('the danger zone asks for the exact words, and every tab is photographed at desktop width', async () => {
    const { page } = owner;

    await openTab(page, 'danger');
    await page.getByLabel('Type DELETE MY ACCOUNT to confirm').fill('delete my account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('Please type DELETE MY ACCOUNT to confirm');

    for (const tab of TABS) {
      await openTab(page, tab);
      await shoot(page, `${tab}-desktop`);
    }
  });

  test('a section with unsaved changes asks before another opens; the domain keeps only its host', async ({
    newBrowser,
  }) => {
    const { page } = owner;
    await openTab(page, 'organization');
    await page.getByLabel('Domain').fill('https://www.acme.com/about?x=1');
    await save(page).click();
    await expect.poll(() => toast(page).textContent()).toContain('Organization saved');
    await page.reload();
    await expect.poll(() => page.getByLabel('Domain').inputValue()).toBe('acme.com');

    const sections = page.getByRole('navigation', { name: 'Account sections' });
    const dialog = page.getByRole('alertdialog');
    await page.getByLabel('Organization name').fill('Acme Unsaved');
    await sections.getByRole('link', { name: 'Profile' }).click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Leave without saving?');
    await shoot(page, 'unsaved-ask-1280');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/account/organization');
    expect(await page.getByLabel('Organization name').inputValue()).toBe('Acme Unsaved');

    await sections.getByRole('link', { name: 'Profile' }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(`${app.url}/account`);
    await sections.getByRole('link', { name: 'Organization', exact: true }).click();
    await expect.poll(() => page.getByLabel('Organization name').inputValue()).toBe('Acme Inc');
    // Nothing changed: no question.
    await sections.getByRole('link', { name: 'Security' }).click();
    await page.waitForURL(`${app.url}/account/security`);

    const phone = await newBrowser({ width: 375 });
    await phone.context.addCookies(await owner.context.cookies());
    await openTab(phone.page, 'organization');
    await phone.page.getByLabel('Organization name').fill('Acme Unsaved');
    await phone.page.getByLabel('Section', { exact: true }).selectOption('security');
    const small = phone.page.getByRole('alertdialog');
    await small.waitFor();
    for (const button of await small.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    await shoot(phone.page, 'unsaved-ask-375');
    await small.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(phone.page.url()).pathname).toBe('/account/organization');
    expect(await phone.page.getByLabel('Section', { exact: true }).inputValue()).toBe('organization');
    await phone.page.getByRole('button', { name: 'Cancel' }).click();
  });

  test('an invitation sent from one browser is accepted in another, and the member starts from the defaults', async ({
    mailbox,
    newBrowser,
  }) => {
    const mail = await mailbox.waitFor('newbie@acme.test', /invited you to join their team/);
    const link = invitationLinkIn(mail);
    expect(link?.startsWith(`${app.url}/invitations/`)).toBe(true);

    const newbie = await newBrowser();
    await newbie.page.goto(link!);
    await expect.poll(() => newbie.page.getByRole('heading', { name: 'Join Acme Inc' }).count()).toBe(1);
    await shoot(newbie.page, 'invitation-desktop');
    await newbie.page.getByLabel('Your name').fill('Nina Newbie');
    await newbie.page.getByLabel('Password').fill(PASSWORD);
    await newbie.page.getByRole('checkbox').check();
    await newbie.page.getByRole('button', { name: 'Sign up and join' }).click();
    await expect.poll(() => newbie.page.getByRole('heading', { name: 'Welcome to Acme Inc!' }).count()).toBe(1);
    await shoot(newbie.page, 'invitation-joined-desktop');

    // Her first signature starts from Acme's defaults and logo.
    const created = await newbie.context.request.post(`${app.url}/api/signatures`, {
      data: {
        name: 'Nina Newbie',
        title: '',
        company: 'Acme Inc',
        phone: '',
        mobile: '',
        email: 'newbie@acme.test',
        website: '',
        address: '',
        imageLinkUrl: 'none',
        customImageUrl: '',
        socialLinks: {},
        customFields: [],
      },
    });
    expect(created.status()).toBe(201);
    const signature = await created.json();
    expect(signature.design).toMatchObject({ template: 'modern', primaryColor: '#2d8659' });
    expect(signature.photoUrl).toBe(organizationLogo);
    // A member reads the organization's settings but cannot change them.
    await openTab(newbie.page, 'defaults');
    await expect.poll(() => newbie.page.getByLabel(/^Modern/).isChecked()).toBe(true);
    expect(await newbie.page.getByLabel(/^Modern/).isDisabled()).toBe(true);
    await openTab(newbie.page, 'organization');
    await expect
      .poll(() =>
        newbie.page.getByText('Only its owner and admins can change these details.', { exact: false }).count(),
      )
      .toBe(1);
    await shoot(newbie.page, 'organization-as-member-desktop');
    await openTab(newbie.page, 'team');
    await shoot(newbie.page, 'team-as-member-desktop');

    // The server's address is loopback here: a member reads what it means for her, not how to set
    // PUBLIC_URL; the owner reads how to fix it once, and next time it starts folded.
    // Like every new account, each picks a plan before the editor (Free; the organization's trial goes on).
    await chooseFreePlan(newbie.context.request, app.url);
    await newbie.page.goto(`${app.url}/editor`);
    const memberNote = newbie.page.getByTestId('public-origin-notice');
    await memberNote.waitFor();
    expect(await memberNote.textContent()).toContain('Images may not load for the people you write to');
    expect(await memberNote.textContent()).toContain('owner and admins see how to fix it');
    expect(await memberNote.textContent()).not.toContain('PUBLIC_URL');
    await shoot(newbie.page, 'editor-origin-note-member-desktop');
    await chooseFreePlan(owner.context.request, app.url);
    await owner.page.goto(`${app.url}/editor`);
    const ownerNote = owner.page.getByTestId('public-origin-notice');
    await ownerNote.waitFor();
    expect(await ownerNote.textContent()).toContain('PUBLIC_URL');
    await owner.page.reload();
    await ownerNote.waitFor();
    expect(await ownerNote.getAttribute('data-open')).toBe('false');
    expect(await ownerNote.textContent()).not.toContain('PUBLIC_URL');
    await ownerNote.getByRole('button', { name: 'How to fix' }).click();
    expect(await ownerNote.textContent()).toContain('PUBLIC_URL');
    await ownerNote.getByRole('button', { name: 'Hide' }).click();
    await shoot(owner.page, 'editor-origin-note-folded-desktop');

    // The owner's browser sees the new member as active and can change her role.
    await openTab(owner.page, 'team');
    const row = owner.page.getByTestId('team-row').filter({ hasText: 'newbie@acme.test' });
    await expect.poll(() => row.textContent()).toContain('Active');
    await row.getByLabel(/^Role of/).selectOption('admin');
    await expect.poll(() => toast(owner.page).textContent()).toContain('Role changed');
    await owner.page.reload();
    await expect
      .poll(() =>
        owner.page
          .getByTestId('team-row')
          .filter({ hasText: 'newbie@acme.test' })
          .getByLabel(/^Role of/)
          .inputValue(),
      )
      .toBe('admin');
  });

  test('deleting an account leaves no rows and no files of that user behind', async ({ signUp }) => {
    const leaver = await signUp({ email: 'leaver@acme.test', name: 'Lee Leaver' });
    const { userId } = leaver.account;
    const othersFiles = filesUnder(path.join(app.dataDir, 'objects'));
    await uploadImage(leaver.context, true);
    await uploadImage(leaver.context, false);
    const before = filesUnder(path.join(app.dataDir, 'objects'));

    await openTab(leaver.page, 'danger');
    await leaver.page.getByLabel('Type DELETE MY ACCOUNT to confirm').fill('DELETE MY ACCOUNT');
    // Without the password the account stays, and what was typed is kept.
    await leaver.page.getByRole('button', { name: 'Delete my account' }).click();
    await expect
      .poll(() => leaver.page.getByRole('alert').first().textContent())
      .toBe('Please enter your password to confirm');
    await expect
      .poll(() => leaver.page.getByLabel('Type DELETE MY ACCOUNT to confirm').inputValue())
      .toBe('DELETE MY ACCOUNT');
    await leaver.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await leaver.page.getByRole('button', { name: 'Delete my account' }).click();
    await leaver.page.waitForURL(`${app.url}/`);

    const db = app.app.services.database.db;
    const tables = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.columns where column_name = 'user_id' and table_schema = current_schema()`,
    );
    for (const { table_name } of tables.rows) {
      const res = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${userId}`,
      );
      expect({ table: table_name, rows: res.rows[0]!.n }).toEqual({ table: table_name, rows: 0 });
    }
    const users = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from "user" where id = ${userId} or email = 'leaver@acme.test'`,
    );
    expect(users.rows[0]!.n).toBe(0);
    const after = filesUnder(path.join(app.dataDir, 'objects'));
    // Every file of the two images (each stored shape, each with its type beside it) went; everyone
    // else's stayed.
    expect(before.length).toBeGreaterThan(othersFiles.length + 4);
    expect(after.sort()).toEqual(othersFiles.sort());
    expect((await leaver.context.request.get(`${app.url}/api/auth/me`)).status()).toBe(401);
  });

  test('on a phone, a select picks the tab; every tab is photographed', async ({ mailbox, newBrowser }) => {
    const phone = await newBrowser({ width: 375 });
    const login = await phone.context.request.post(`${app.url}/api/auth/login`, {
      data: { email: 'olivia@acme.test', password: 'Brand-new-pass1' },
    });
    expect(login.status()).toBe(200);
    await openTab(phone.page, 'profile');
    await phone.page.getByLabel('Section', { exact: true }).selectOption('security');
    await phone.page.waitForURL(`${app.url}/account/security`);
    for (const tab of TABS) {
      await openTab(phone.page, tab);
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ tab, overflow }).toEqual({ tab, overflow: 0 });
      await shoot(phone.page, `${tab}-mobile`);
    }
    const invited = await phone.context.request.post(`${app.url}/api/organization/invitations`, {
      data: { email: 'phone-invite@acme.test', role: 'member' },
    });
    expect(invited.status()).toBe(201);
    const mail = await mailbox.waitFor('phone-invite@acme.test', /invited you/);
    const anon = await newBrowser({ width: 375 });
    await anon.page.goto(invitationLinkIn(mail)!);
    await expect.poll(() => anon.page.getByRole('heading', { name: 'Join Acme Inc' }).count()).toBe(1);
    await shoot(anon.page, 'invitation-mobile');
  });
});
