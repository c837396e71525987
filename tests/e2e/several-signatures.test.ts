import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import type { RunningApp } from './support/app-server';
import { shoot } from './support/browser';
import { expect, test as base } from './support/fixtures';

const email = `several-${Date.now()}@example.com`;

/** Grace, on Free first (the editor needs a plan), through the API. */
const test = base.extend('signedIn', { scope: 'file' }, async ({ signUp }) =>
  signUp({ email, name: 'Grace Hopper', freePlan: true }),
);

/**
 * Several signatures per person: create a second one from the header's
 * switcher, switch, edit, reload (the URL keeps the selection), the preview shows the one
 * selected, delete.
 */
describe('editor: several signatures', () => {
  let running: RunningApp;
  let page: Page;

  test.beforeAll(({ app, signedIn }) => {
    running = app;
    page = signedIn.page;
  });

  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  const switcher = () => page.getByTestId('signature-switcher');
  const preview = () => page.getByTestId('preview-message');
  const signatureParam = () => new URL(page.url()).searchParams.get('signature');
  const openMenu = async () => {
    await switcher().click();
    await page.getByRole('menu').waitFor();
  };
  const switchTo = async (label: string) => {
    await openMenu();
    await page.getByRole('menuitemradio', { name: new RegExp(`^${label}`) }).click();
    await expect.poll(() => switcher().innerText()).toBe(label);
  };

  test('creates a second signature, switches, edits, keeps the selection on reload, and deletes it', async () => {
    // Several signatures belong to Standard and Pro: the organization is upgraded as a payment would.
    await running.app.services.database.db.execute(
      sql`update organization set plan = 'standard' where id = (select organization_id from member m join "user" u on u.id = m.user_id where u.email = ${email})`,
    );

    await page.goto(`${running.url}/editor`);
    await expect.poll(() => field('Full Name').inputValue()).toBe('Grace Hopper');
    await field('Job Title').fill('Rear Admiral');
    await page.getByRole('button', { name: 'Save Signature' }).click();
    await expect.poll(() => switcher().innerText()).toBe('My signature');
    await expect.poll(signatureParam).not.toBeNull();
    const firstId = signatureParam()!;

    // A new one, named in the dialog, opens at once with the account's name and email.
    await openMenu();
    await page.getByRole('menuitem', { name: 'New signature' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('Please give the signature a name');
    await shoot(page, 'several-signatures-new-dialog-1280');
    await dialog.getByLabel('Signature name').fill('Deutsch');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => switcher().innerText()).toBe('Deutsch');
    await expect.poll(signatureParam).not.toBe(firstId);
    const secondId = signatureParam()!;
    await expect.poll(() => field('Full Name').inputValue()).toBe('Grace Hopper');
    expect(await field('Job Title').inputValue()).toBe('');
    await field('Job Title').fill('Konteradmiralin');
    await expect.poll(() => preview().innerText()).toContain('Konteradmiralin');

    // Switching right after typing: the edit of the one left is sent first, never lost.
    await switchTo('My signature');
    expect(signatureParam()).toBe(firstId);
    await expect.poll(() => field('Job Title').inputValue()).toBe('Rear Admiral');
    await expect.poll(() => preview().innerText()).toContain('Rear Admiral');
    expect(await preview().innerText()).not.toContain('Konteradmiralin');

    await switchTo('Deutsch');
    expect(signatureParam()).toBe(secondId);
    await expect.poll(() => field('Job Title').inputValue()).toBe('Konteradmiralin');

    // "Used for" a send-as address, shown in the menu.
    await openMenu();
    await page.getByRole('menuitem', { name: 'Used for…' }).click();
    await page.getByRole('dialog').getByLabel('Send-as address').fill('Grace@Navy.example');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await openMenu();
    await expect.poll(() => page.getByRole('menu').innerText()).toContain('Used for grace@navy.example');
    await page.setViewportSize({ width: 1280, height: 860 });
    await shoot(page, 'several-signatures-switcher-1280');
    await page.keyboard.press('Escape');

    // A reload keeps the selection (it is in the URL), and the preview shows that signature.
    await field('Job Title').fill('Konteradmiralin a. D.');
    await expect.poll(() => page.getByTestId('save-status').innerText()).toBe('All changes saved');
    await page.reload();
    expect(signatureParam()).toBe(secondId);
    await expect.poll(() => switcher().innerText()).toBe('Deutsch');
    await expect.poll(() => field('Job Title').inputValue()).toBe('Konteradmiralin a. D.');
    await expect.poll(() => preview().innerText()).toContain('Konteradmiralin a. D.');

    await page.setViewportSize({ width: 375, height: 760 });
    await openMenu();
    await shoot(page, 'several-signatures-switcher-375');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 860 });

    // Delete it: the editor goes to the one left, which can no longer be deleted.
    await openMenu();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete signature' }).click();
    await expect.poll(() => switcher().innerText()).toBe('My signature');
    await expect.poll(signatureParam).toBe(firstId);
    await expect.poll(() => field('Job Title').inputValue()).toBe('Rear Admiral');
    await openMenu();
    expect(await page.getByRole('menuitemradio').count()).toBe(1);
    expect(
      await page.getByRole('menuitem', { name: 'Delete (your only signature)' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await page.keyboard.press('Escape');
    const listed = await page.request.get(`${running.url}/api/signatures`);
    expect(((await listed.json()) as Array<{ id: string }>).map((s) => s.id)).toEqual([firstId]);
  });
});
