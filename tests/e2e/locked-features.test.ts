import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { member, organization } from '../../src/server/db/schema/auth.schema';
import { createEmptySignature } from '../../src/shared/signature/signature-schema';
import { chooseFreePlan, joinAsMember } from './support/accounts';
import { shoot } from './support/browser';
import { field } from './support/editor';
import { expect, test, type SignedIn } from './support/fixtures';
import { controlsOutsideViewport } from './support/layout';

const SHOTS = '/tmp/shots-locked-features';
const PRICE_WORDS = 'Google Workspace push is part of the Pro plan ($199/month).';

/**
 * Paid features shown as paid before the work, in words for the reader's role (decision 0230), and
 * the server-address notice in words for the reader's role: an owner of a Free organization and a
 * member of it, in the editor and the account area, at a desktop's and a phone's width. One owner
 * and one member for the file; the server's PUBLIC_URL is loopback, as on a first try of the product.
 */
let owner: SignedIn;
let teammate: SignedIn;

test.beforeAll(async ({ app, signUp }) => {
  owner = await signUp({ name: 'Olivia Owner', freePlan: true });
  teammate = await signUp({ name: 'Mo Member', freePlan: true });
  // Invited during the trial (which has Team members), then the organization is on Free.
  await joinAsMember(app, owner, { context: teammate.context, account: teammate.account });
  await chooseFreePlan(teammate.context.request, app.url);
  // Each has a stored signature with an icon, an image served from the (loopback) server's address.
  for (const person of [owner, teammate]) {
    const { name, email } = person.account;
    const stored = await person.context.request.post(`${app.url}/api/signatures`, {
      headers: { origin: app.url },
      data: createEmptySignature({ name, email, socialLinks: { github: 'https://github.com/ada' } }),
    });
    expect(stored.status()).toBe(201);
  }
  const db = app.app.services.database.db;
  const [row] = await db.select().from(member).where(eq(member.userId, owner.account.userId));
  await db
    .update(organization)
    .set({ plan: 'free', trialEndsAt: null })
    .where(eq(organization.id, row!.organizationId));
});

/** On a phone the notice and the checklist are in the Preview view. */
async function showPreview(page: Page) {
  await field(page, 'Full Name').waitFor();
  const preview = page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Preview' });
  if (await preview.isVisible()) await preview.click();
}

async function openInstallItem(page: Page, origin: string) {
  await page.goto(`${origin}/editor`);
  await field(page, 'Full Name').waitFor();
  await page.getByRole('button', { name: 'More ways' }).click();
  const item = page.getByRole('menuitem', { name: /^Install in Gmail/ });
  await item.waitFor();
  return item;
}

describe.each([1280, 375] as const)('locked features at %i px', (width) => {
  const height = width < 500 ? 812 : 860;

  test('a Free owner sees Install in Gmail as Pro, with its price and "Upgrade", before pressing it', async ({
    app,
  }) => {
    const { page } = owner;
    await page.setViewportSize({ width, height });
    const item = await openInstallItem(page, app.url);
    expect(await item.innerText()).toContain('Pro');
    expect(await item.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).innerText())).toBe(
      `${PRICE_WORDS} Upgrade under Plan & Billing.`,
    );
    expect(await item.getByTestId('menu-item-action').innerText()).toBe('Upgrade');
    await expect.poll(() => controlsOutsideViewport(page)).toEqual([]);
    await shoot(page, `install-owner-${width}`, { dir: SHOTS });
    // Pressing it is the upgrade: Plan & Billing, not a refusal after the fact.
    await item.click();
    await page.waitForURL(`${app.url}/account/billing`);
  });

  test('a member of that Free organization reads "Ask Olivia Owner", and no Upgrade', async ({ app }) => {
    const { page } = teammate;
    await page.setViewportSize({ width, height });
    const item = await openInstallItem(page, app.url);
    const note = page.locator(`#${await item.getAttribute('aria-describedby')}`);
    await expect.poll(() => note.innerText()).toBe(`${PRICE_WORDS} Ask Olivia Owner to upgrade.`);
    expect(await item.getByTestId('menu-item-action').count()).toBe(0);
    await expect.poll(() => controlsOutsideViewport(page)).toEqual([]);
    await shoot(page, `install-member-${width}`, { dir: SHOTS });
    await page.keyboard.press('Escape');
  });

  test('the account area shows each paid feature with its plan and price: Upgrade for the owner, Ask for the member', async ({
    app,
  }) => {
    for (const [tab, capability] of [
      ['workspace', 'workspacePush'],
      ['defaults', 'signatureDefaults'],
    ] as const) {
      for (const [who, reader] of [
        ['owner', owner],
        ['member', teammate],
      ] as const) {
        await reader.page.setViewportSize({ width, height });
        await reader.page.goto(`${app.url}/account/${tab}`);
        const lock = reader.page.getByTestId(`paid-lock-${capability}`);
        await lock.waitFor();
        const words = await lock.innerText();
        expect(words).toMatch(/part of the Pro plan \(\$199\/month\)\./);
        expect(await lock.getByRole('link', { name: 'Upgrade' }).count()).toBe(who === 'owner' ? 1 : 0);
        if (who === 'member') expect(words).toContain('Ask Olivia Owner to upgrade.');
        else expect(words).not.toContain('Ask');
        await expect.poll(() => controlsOutsideViewport(reader.page)).toEqual([]);
        await shoot(reader.page, `${tab}-${who}-${width}`, { dir: SHOTS });
      }
    }
    // An owner of a Free organization is offered the upgrade where invitations would be.
    await owner.page.goto(`${app.url}/account/team`);
    await owner.page.getByTestId('paid-lock-teamMembers').getByRole('link', { name: 'Upgrade' }).waitFor();
  });

  test("the editor's account menu: Settings opens the account area; the team's screens for the owner only", async ({
    app,
  }) => {
    const items = async (page: Page) => {
      await page.goto(`${app.url}/editor`);
      await field(page, 'Full Name').waitFor();
      await page.getByRole('button', { name: 'Open user menu' }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      return menu.getByRole('menuitem').allInnerTexts();
    };
    const ownerItems = await items(owner.page);
    for (const item of ['Settings', 'Team & Seats', 'Google Workspace', 'Plan & Billing'])
      expect(ownerItems).toContain(item);
    await expect.poll(() => controlsOutsideViewport(owner.page)).toEqual([]);
    await shoot(owner.page, `menu-owner-${width}`, { dir: SHOTS });
    await owner.page.getByRole('menuitem', { name: 'Google Workspace', exact: true }).click();
    await owner.page.waitForURL(`${app.url}/account/workspace`);

    const memberItems = await items(teammate.page);
    expect(memberItems).toContain('Settings');
    expect(memberItems).not.toContain('Team & Seats');
    expect(memberItems).not.toContain('Google Workspace');
    await teammate.page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
    await teammate.page.waitForURL(`${app.url}/account`);
  });

  test('the server-address notice: the owner reads how to fix it and can fold it; the member reads what it means', async ({
    app,
  }) => {
    await owner.page.goto(`${app.url}/editor`);
    await showPreview(owner.page);
    const ownerNote = owner.page.getByTestId('public-origin-notice');
    await ownerNote.waitFor();
    // Read in full once (the first test's visit); from then on it starts folded, one line.
    expect(await ownerNote.getAttribute('data-open')).toBe('false');
    expect(await ownerNote.innerText()).not.toContain('PUBLIC_URL');
    await ownerNote.getByRole('button', { name: 'How to fix' }).click();
    expect(await ownerNote.innerText()).toContain('set PUBLIC_URL');
    await shoot(owner.page, `notice-owner-${width}`, { dir: SHOTS });
    await ownerNote.getByRole('button', { name: 'Hide' }).click();
    // Explained once: the pre-flight panel's item about the icon points to the notice.
    const ownerItem = owner.page.getByTestId('preflight-images-origin');
    await expect.poll(() => ownerItem.innerText()).toContain('see “Recipients cannot load your images” above');
    expect(await owner.page.getByTestId('preflight-panel').innerText()).not.toContain('PUBLIC_URL');

    await teammate.page.goto(`${app.url}/editor`);
    await showPreview(teammate.page);
    const memberNote = teammate.page.getByTestId('public-origin-notice');
    await memberNote.waitFor();
    const words = await memberNote.innerText();
    expect(words).toContain('Images may not load for the people you write to');
    expect(words).toContain('owner and admins see how to fix it');
    expect(words).not.toContain('PUBLIC_URL');
    expect(await memberNote.getByRole('button').count()).toBe(0);
    const memberItem = teammate.page.getByTestId('preflight-images-origin');
    await expect.poll(() => memberItem.innerText()).toContain('Nothing to change in your signature');
    expect(await teammate.page.getByTestId('preflight-panel').innerText()).not.toContain('PUBLIC_URL');
    await memberItem.scrollIntoViewIfNeeded();
    await shoot(teammate.page, `notice-member-${width}`, { dir: SHOTS });
  });
});
