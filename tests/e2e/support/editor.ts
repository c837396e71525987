import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** An editor text field by accessible name: the required marker '*' is aria-hidden, so 'Full Name' matches. */
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** This machine has no internet: Gmail's settings page answers locally so the new tab's URL can be read. */
export async function answerGmailLocally(context: BrowserContext) {
  await context.route('https://mail.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Gmail settings</title>' }),
  );
}

/** Clicks Copy to Gmail and closes the Gmail tab it opens; returns that tab's address. */
export async function copyToGmail(context: BrowserContext, page: Page): Promise<string> {
  const gmailTab = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Copy to Gmail' }).click();
  const opened = await gmailTab;
  const url = opened.url();
  await opened.close();
  return url;
}

/** A plain PNG of one colour, as a logo upload. */
export const solidPng = (width: number, height: number, background = '#1a73e8') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** Opens the editor's "More ways" menu and clicks one of its items (Copy HTML to Clipboard, …). */
export async function chooseMoreWay(page: Page, name: string) {
  await page.getByRole('button', { name: 'More ways' }).click();
  await page.getByRole('menuitem', { name }).click();
}

/** Waits until the save status reads "All changes saved" (an autosave's round trip, or a retry). */
export const allChangesSaved = (page: Page) =>
  expect.poll(() => page.getByTestId('save-status').first().innerText(), { timeout: 15_000 }).toBe('All changes saved');

/** Opens the editor, fills the two required fields and saves, so that every later edit autosaves. */
export async function openSavedSignature(page: Page, origin: string) {
  await page.goto(`${origin}/editor`);
  await field(page, 'Full Name').fill('Grace Hopper');
  await field(page, 'Email Address').fill('grace@example.com');
  await page.getByRole('button', { name: 'Save Signature' }).click();
  await page.getByTestId('save-status').filter({ hasText: 'All changes saved' }).first().waitFor();
}
