import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { member, user } from '../../src/server/db/schema/auth.schema';
import { testModeDomain } from '../../src/server/google/test-mode';
import { shoot as shootIn, type Browser } from './support/browser';
import { expect, test } from './support/fixtures';
import type { RunningApp } from './support/app-server';

/**
 * A push an admin dares to press (decision 0138), on the embedded TEST MODE Workspace at 1280 and
 * 375 px: the confirm box with the count and the target, Cancel sends nothing, the summary line after
 * the push, the dry run's "in Gmail now" beside "would replace it", and "Restore previous" for one
 * person putting their old signature back in the pretend Google.
 */
const SHOTS = '/tmp/shots-ws-push';
const BY_HAND = '<div>Ben <b>typed this by hand</b> in Gmail</div>';
let app: RunningApp;
let DOMAIN = '';
let BEN = '';

/**
 * The dry run's sandboxed frames never report "network idle" to the browser driver (an opaque
 * origin), so a shot waits for the page's own images and fonts instead.
 */
async function shoot(page: Page, name: string) {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.fonts.status === 'loaded' && [...document.images].every((i) => i.complete));
  await shootIn(page, name, { dir: SHOTS, fullPage: true });
}

/** Every button, select and checkbox on screen lies within the viewport's width. */
async function expectAllFit(page: Page) {
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll('button, select, input, a')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const scroller = el.closest('.overflow-x-auto');
        return r.width > 0 && !scroller && (r.left < 0 || r.right > window.innerWidth + 1);
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  expect(outside).toEqual([]);
}

test.beforeAll(({ app: running }) => {
  app = running;
});

describe('Google Workspace: confirm, summary, current vs new, Restore previous', () => {
  let owner: Browser;
  let phone: Browser;
  const google = () => app.app.services.googleTestMode!;

  test('connects the TEST MODE Workspace and syncs; Ben has a signature of his own in Gmail', async ({
    signUp,
    newBrowser,
  }) => {
    const email = `push-owner-${Date.now()}@example.com`;
    owner = await signUp({ email, name: 'Olivia Owner' });
    const [row] = await app.app.services.database.db
      .select({ organizationId: member.organizationId })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(user.email, email));
    DOMAIN = testModeDomain(row!.organizationId);
    BEN = `ben.carter@${DOMAIN}`;
    const { page } = owner;
    await page.goto(`${app.url}/account/workspace`);
    await page.getByRole('button', { name: 'Use the TEST MODE Workspace' }).click();
    await page.getByRole('button', { name: 'Sync directory' }).click();
    await page.getByTestId(`person-${BEN}`).waitFor({ timeout: 20_000 });
    await google().store.setSignature(BEN, BEN, BY_HAND);
    phone = await newBrowser({ width: 375 });
    await phone.context.addCookies(await owner.context.cookies());
  }, 60_000);

  test("the dry run shows what is in each person's Gmail now beside what would replace it", async () => {
    const { page } = owner;
    await page.getByLabel('Push to').selectOption('orgUnit');
    await page.getByLabel('Organizational unit').selectOption('/Sales');
    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByTestId('dry-run').waitFor();
    const now = page.frameLocator(`[data-testid="dry-run-current-${BEN}"]`).locator('body');
    const next = page.frameLocator(`[data-testid="dry-run-new-${BEN}"]`).locator('body');
    await expect.poll(() => now.textContent()).toContain('typed this by hand');
    await expect.poll(() => next.textContent()).toContain('Account Executive');
    expect(await next.textContent()).not.toContain('typed this by hand');
    // Both render in sandboxed frames: nothing of Gmail's HTML lands in our page.
    expect(await page.getByTestId(`dry-run-current-${BEN}`).getAttribute('sandbox')).toBe('');
    expect(await page.getByTestId('dry-run').innerHTML()).not.toContain('<b>typed');
    await shoot(page, 'dry-run-1280');

    await phone.page.goto(`${app.url}/account/workspace`);
    await phone.page.getByLabel('Push to').selectOption('orgUnit');
    await phone.page.getByLabel('Organizational unit').selectOption('/Sales');
    await phone.page.getByRole('button', { name: 'Dry run' }).click();
    await expect
      .poll(() => phone.page.frameLocator(`[data-testid="dry-run-new-${BEN}"]`).locator('body').textContent())
      .toContain('Account Executive');
    await expectAllFit(phone.page);
    await shoot(phone.page, 'dry-run-375');
    await phone.page.getByTestId('dry-run').screenshot({ path: `${SHOTS}/dry-run-375-part.png` });
  }, 60_000);

  test('"Push signatures" asks first with the count and the target; Cancel pushes nothing', async () => {
    const { page } = owner;
    await page.getByLabel('Push to').selectOption('all');
    await page.getByRole('button', { name: 'Push signatures' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await page.getByTestId('push-confirm-words').textContent()).toBe(
      'You are about to change 5 signatures in Everyone',
    );
    await shoot(page, 'confirm-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Nothing queued, nothing written: the pushes list is empty and Gmail still holds Ben's own.
    const overview = await (await owner.context.request.get(`${app.url}/api/workspace`)).json();
    expect(overview.lastPush).toBeNull();
    expect(overview.people.every((p: { pushStatus: string }) => p.pushStatus === 'never')).toBe(true);
    expect(await google().storedSignature(BEN)).toBe(BY_HAND);

    await phone.page.reload();
    await phone.page.getByLabel('Push to').selectOption('orgUnit');
    await phone.page.getByLabel('Organizational unit').selectOption('/Sales');
    await phone.page.getByRole('button', { name: 'Push signatures' }).click();
    expect(await phone.page.getByTestId('push-confirm-words').textContent()).toBe(
      'You are about to change 1 signature in /Sales',
    );
    await expectAllFit(phone.page);
    await shoot(phone.page, 'confirm-375');
    await phone.page.screenshot({ path: `${SHOTS}/confirm-375-viewport.png` });
    await phone.page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await google().storedSignature(BEN)).toBe(BY_HAND);
  }, 60_000);

  test('confirming pushes and shows the summary line "4 pushed, 1 skipped, 0 failed"', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Push signatures' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Change 5 signatures' }).click();
    await expect
      .poll(() => page.getByTestId('push-summary-line').textContent(), { timeout: 30_000 })
      .toBe('4 pushed, 1 skipped, 0 failed');
    expect(await google().storedSignature(BEN)).toContain('Account Executive');
    await shoot(page, 'summary-1280');
    await page.getByTestId('push-summary').screenshot({ path: `${SHOTS}/summary-1280-part.png` });
  }, 60_000);

  test('"Restore previous" for one person puts their old signature back in Gmail', async () => {
    const { page } = owner;
    await page.getByTestId(`restore-${BEN}`).click();
    await expect.poll(() => google().storedSignature(BEN), { timeout: 30_000 }).toContain('typed this by hand');
    expect(await google().storedSignature(BEN)).not.toContain('Account Executive');
    await expect
      .poll(() => page.getByTestId(`status-${BEN}`).textContent(), { timeout: 20_000 })
      .toMatch(/^Previous restored/);
    // Only Ben: Dev keeps the pushed signature.
    expect(await google().storedSignature(`dev.patel@${DOMAIN}`)).toContain('Software Engineer');
    await expect
      .poll(() => page.getByTestId('restore-summary-line').textContent(), { timeout: 20_000 })
      .toBe('1 restored, 0 skipped, 0 failed');
    // The push's own line stays, with "Restore previous" for the rest of it.
    expect(await page.getByTestId('push-summary-line').textContent()).toBe('4 pushed, 1 skipped, 0 failed');
    expect(await page.getByTestId('push-summary').getByRole('button', { name: 'Restore previous' }).count()).toBe(1);
    await shoot(page, 'restored-1280');

    await phone.page.reload();
    await phone.page.getByTestId(`status-${BEN}`).waitFor();
    await expectAllFit(phone.page);
    // Dev's own "Restore previous" sits in the table's first column: on screen without scrolling it.
    const devRestore = await phone.page.getByTestId(`restore-dev.patel@${DOMAIN}`).boundingBox();
    expect(devRestore!.x + devRestore!.width).toBeLessThanOrEqual(375);
    await shoot(phone.page, 'restored-375');
    await phone.page.getByTestId('push-summary').scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: `${SHOTS}/restored-375-viewport.png` });
  }, 60_000);

  test('"Recent pushes" lists each kept push; "Restore previous" on an older one asks first, then puts it back', async () => {
    const { page } = owner;
    const DEV = `dev.patel@${DOMAIN}`;
    const ADA = `ada.admin@${DOMAIN}`;
    // Dev edits his own in Gmail; a second push, to /Engineering, replaces it (and keeps it).
    await google().store.setSignature(DEV, DEV, '<div>Dev edited his own</div>');
    await page.getByLabel('Push to').selectOption('orgUnit');
    await page.getByLabel('Organizational unit').selectOption('/Engineering');
    await page.getByRole('button', { name: 'Push signatures' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Change 2 signatures' }).click();
    const rows = page.getByTestId('recent-pushes').getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(() => rows.nth(0).getByTestId('recent-push-line').textContent(), { timeout: 30_000 })
      .toBe('1 pushed, 1 skipped, 0 failed');
    expect(await rows.nth(0).textContent()).toContain('/Engineering');
    expect(await rows.nth(1).getByTestId('recent-push-line').textContent()).toBe('4 pushed, 1 skipped, 0 failed');
    expect(await rows.nth(1).textContent()).toContain('Everyone');
    expect(await google().storedSignature(DEV)).toContain('Software Engineer');
    await page.getByTestId('recent-pushes').scrollIntoViewIfNeeded();
    await page.getByTestId('recent-pushes').screenshot({ path: `${SHOTS}/recent-pushes-1280-part.png` });
    await shoot(page, 'recent-pushes-1280');

    // On a phone: the list fits, and Cancel in the confirm box restores nothing.
    await phone.page.reload();
    const phoneRows = phone.page.getByTestId('recent-pushes').getByRole('listitem');
    await expect.poll(() => phoneRows.count(), { timeout: 20_000 }).toBe(2);
    await expectAllFit(phone.page);
    await phone.page.getByTestId('recent-pushes').scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: `${SHOTS}/recent-pushes-375-viewport.png` });
    await phoneRows
      .nth(1)
      .getByRole('button', { name: /^Restore previous/ })
      .click();
    expect(await phone.page.getByTestId('restore-confirm-words').textContent()).toMatch(
      /^You are about to put back the previous Gmail signature of 3 people the push to Everyone \(.+\) changed\.$/,
    );
    await expectAllFit(phone.page);
    await phone.page.screenshot({ path: `${SHOTS}/restore-confirm-375-viewport.png` });
    await phone.page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    const after = await (await owner.context.request.get(`${app.url}/api/workspace`)).json();
    // No restore since the second push: nothing was queued.
    expect(after.lastRestore).toBeNull();
    expect(await google().storedSignature(ADA)).toContain('Head of Operations');

    // The older push, restored as a whole: Ada, Chloé and Dev get back what Gmail held before it.
    await rows
      .nth(1)
      .getByRole('button', { name: /^Restore previous/ })
      .click();
    const dialog = page.getByRole('alertdialog');
    await shoot(page, 'restore-confirm-1280');
    await dialog.getByRole('button', { name: 'Restore 3 signatures' }).click();
    await expect
      .poll(() => page.getByTestId('restore-summary-line').textContent(), { timeout: 30_000 })
      .toBe('3 restored, 0 skipped, 0 failed');
    expect(await google().storedSignature(ADA)).toBe('');
    expect(await google().storedSignature(DEV)).toBe('');
    // Ben was restored on his own before: his hand-typed signature stays.
    expect(await google().storedSignature(BEN)).toContain('typed this by hand');
    await expect.poll(() => rows.nth(1).textContent(), { timeout: 20_000 }).toContain('Nothing left to restore');
    expect(
      await rows
        .nth(0)
        .getByRole('button', { name: /^Restore previous/ })
        .count(),
    ).toBe(1);
    await shoot(page, 'recent-pushes-restored-1280');
    await phone.page.reload();
    await phone.page.getByTestId('recent-pushes').scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: `${SHOTS}/recent-pushes-restored-375-viewport.png` });
  }, 90_000);
});
