import type { APIRequestContext, Page } from 'playwright-core';
import { describe } from 'vitest';
import { createEmptySignature, type SavedSignature } from '../../src/shared/signature/signature-schema';
import { shoot } from './support/browser';
import { field } from './support/editor';
import { expect, test, type SignedIn } from './support/fixtures';

const REFUSED = 'https://example.com/brightlinelabs';

/** A signature stored for the person, so the editor autosaves from the first keystroke. */
async function storeSignature(request: APIRequestContext, origin: string, name: string, email: string) {
  const res = await request.post(`${origin}/api/signatures`, {
    headers: { origin },
    data: createEmptySignature({ name, email }),
  });
  expect(res.status()).toBe(201);
}

async function stored(request: APIRequestContext, origin: string): Promise<SavedSignature> {
  const list = (await (await request.get(`${origin}/api/signatures`)).json()) as SavedSignature[];
  return list[0]!;
}

/** Requests that write the signature, counted from now on. */
function countWrites(page: Page) {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/signatures/')) writes.push(request.postData() ?? '');
  });
  return writes;
}

const status = (page: Page) => page.getByTestId('save-status').innerText();
/** The status line names the field and says why, in the schema's words. */
const INSTAGRAM_REFUSED =
  /^Not saved: fix the Instagram link\. Your Instagram link must be an address on instagram\.com/;

/**
 * A refused field is a validation state, not a retry (decision 0180): every other edit saves, the
 * refused one is marked at the field and in the status line, nothing is resent until it changes,
 * it survives a reload in this browser, and leaving asks first.
 */
describe.each([1280, 375])('editor at %i px: one refused field never blocks the rest', (width) => {
  let person: SignedIn;

  test('saves every other edit, marks the refused link, and sends nothing again', async ({ app, signUp }) => {
    person = await signUp({ width, freePlan: true, name: 'Dana Reyes' });
    const { page, context } = person;
    await storeSignature(context.request, app.url, 'Dana Reyes', person.account.email);
    await page.goto(`${app.url}/editor`);
    await expect.poll(() => field(page, 'Full Name').inputValue()).toBe('Dana Reyes');

    await field(page, 'Job Title').fill('Head of Product');
    await page.getByRole('tab', { name: 'Social' }).click();
    await page.getByRole('button', { name: 'Add Social Profile' }).click();
    await page.getByRole('menuitem', { name: 'Instagram' }).click();
    await page.getByRole('textbox', { name: 'Instagram' }).fill(REFUSED);
    await page.getByRole('button', { name: 'Add Social Profile' }).click();
    await page.getByRole('menuitem', { name: 'GitHub' }).click();
    await page.getByRole('textbox', { name: 'GitHub' }).fill('https://github.com/brightline');
    await page.getByRole('tab', { name: 'Details' }).click();
    await field(page, 'Company').fill('Brightline Labs');

    await expect.poll(() => status(page), { timeout: 10_000 }).toMatch(INSTAGRAM_REFUSED);
    await expect
      .poll(async () => (await stored(context.request, app.url)).company, { timeout: 10_000 })
      .toBe('Brightline Labs');
    const saved = await stored(context.request, app.url);
    expect(saved.title).toBe('Head of Product');
    expect(saved.socialLinks.github).toBe('https://github.com/brightline');
    expect(saved.socialLinks.instagram).toBeUndefined();

    // Not a retry: nothing goes out while the refused link stays as it is.
    const writes = countWrites(page);
    await page.waitForTimeout(4000);
    expect(writes).toEqual([]);

    // The status line links to the field: its tab opens and the cursor is in it, with the reason under it.
    await page.getByTestId('save-status').getByRole('link', { name: 'Instagram link' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('social-instagram');
    expect(await page.locator('#social-instagram-problem').innerText()).toMatch(/^Not saved\. .*instagram\.com/);
    await shoot(page, `refused-field-${width}`);
  });

  test('asks before leaving, and the refused edit survives a reload in this browser', async ({ app }) => {
    const { page, context } = person;
    const asked: string[] = [];
    const onDialog = (dialog: import('playwright-core').Dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    };
    page.on('dialog', onDialog);
    await page.reload();
    expect(asked).toEqual(['beforeunload']);

    await expect.poll(() => field(page, 'Job Title').inputValue()).toBe('Head of Product');
    await expect.poll(() => status(page), { timeout: 10_000 }).toMatch(INSTAGRAM_REFUSED);
    await page.getByRole('tab', { name: 'Social' }).click();
    expect(await page.getByRole('textbox', { name: 'Instagram' }).inputValue()).toBe(REFUSED);
    expect(await page.getByRole('textbox', { name: 'GitHub' }).inputValue()).toBe('https://github.com/brightline');

    // Fixed with a handle: it becomes the profile's address on leaving the field, and saves.
    await page.getByRole('textbox', { name: 'Instagram' }).fill('@brightlinelabs');
    await page.getByRole('textbox', { name: 'Instagram' }).press('Tab');
    expect(await page.getByRole('textbox', { name: 'Instagram' }).inputValue()).toBe(
      'https://instagram.com/brightlinelabs',
    );
    await expect.poll(() => status(page), { timeout: 10_000 }).toBe('All changes saved');
    expect((await stored(context.request, app.url)).socialLinks.instagram).toBe('https://instagram.com/brightlinelabs');

    // Nothing is left unsaved: a reload no longer asks, and shows the stored link.
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    page.off('dialog', onDialog);
    await page.getByRole('tab', { name: 'Social' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Instagram' }).inputValue())
      .toBe('https://instagram.com/brightlinelabs');
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('signaturepro:unsaved:'))),
    ).toEqual([]);
  });
});

describe('editor: a field the server refuses', () => {
  test('holds the field the 400 names and saves the rest of the batch at once', async ({ app, signUp }) => {
    const { page, context, account } = await signUp({ freePlan: true, name: 'Sam Ortiz' });
    await storeSignature(context.request, app.url, 'Sam Ortiz', account.email);
    // The server sees a company longer than it allows: the real route answers 400 naming it.
    await page.route('**/api/signatures/*', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown> | null;
      if (route.request().method() !== 'PUT' || !body || !('company' in body)) return route.continue();
      await route.continue({ postData: JSON.stringify({ ...body, company: 'x'.repeat(400) }) });
    });
    await page.goto(`${app.url}/editor`);
    await expect.poll(() => field(page, 'Full Name').inputValue()).toBe('Sam Ortiz');
    await field(page, 'Company').fill('Acme');
    await field(page, 'Job Title').fill('CTO');
    await field(page, 'Job Title').blur();
    await expect
      .poll(() => status(page), { timeout: 10_000 })
      .toBe('Not saved: fix the Company. Company must be 100 characters or fewer.');
    const saved = await stored(context.request, app.url);
    expect(saved.title).toBe('CTO');
    expect(saved.company).toBe('');
    expect(await page.locator('#sig-company-error').innerText()).toMatch(/^Not saved: .*Company/);
  });
});
