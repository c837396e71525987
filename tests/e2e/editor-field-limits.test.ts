import type { APIRequestContext, Page } from 'playwright-core';
import { describe } from 'vitest';
import { phoneProblem } from '../../src/shared/signature/phone-characters';
import { createEmptySignature, type SavedSignature } from '../../src/shared/signature/signature-schema';
import { shoot } from './support/browser';
import { field } from './support/editor';
import { expect, test } from './support/fixtures';

const SHOTS = '/tmp/shots-sig-limits';

async function storeSignature(request: APIRequestContext, origin: string, name: string, email: string) {
  const res = await request.post(`${origin}/api/signatures`, {
    headers: { origin },
    data: createEmptySignature({ name, email }),
  });
  expect(res.status()).toBe(201);
}

async function stored(request: APIRequestContext, origin: string): Promise<SavedSignature> {
  return ((await (await request.get(`${origin}/api/signatures`)).json()) as SavedSignature[])[0]!;
}

const status = (page: Page) => page.getByTestId('save-status').innerText();

/**
 * Limits a person can understand, shown where they type (decision 0163): a phone number with a
 * character it cannot hold is named under the field while it is typed, and a value the server
 * refuses is marked at its field with the status line saying "Not saved" and why.
 */
describe.each([375, 1280])('editor at %i px: field limits where the person types', (width) => {
  test('letters in a phone show under the field at once, and the status says why it is not saved', async ({
    app,
    signUp,
  }) => {
    const { page, context, account } = await signUp({ width, freePlan: true, name: 'Noor Haddad' });
    await storeSignature(context.request, app.url, 'Noor Haddad', account.email);
    await page.goto(`${app.url}/editor`);
    await expect.poll(() => field(page, 'Full Name').inputValue()).toBe('Noor Haddad');

    // Typed key by key and never left: the message does not wait for the field to be left.
    await field(page, 'Phone').click();
    await field(page, 'Phone').pressSequentially('+1 415 CALL');
    const words = phoneProblem('+1 415 CALL', 'Phone')!;
    expect(words).toBe('Phone takes digits, spaces, + ( ) - . / and ext (for an extension), not "C", "A" or "L".');
    await expect
      .poll(() => page.locator('#sig-phone-error').innerText(), { timeout: 2_000 })
      .toMatch(/"C", "A" or "L"/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sig-phone');
    expect(await field(page, 'Phone').getAttribute('aria-invalid')).toBe('true');

    // Held, never sent: the status line names the field and gives the reason.
    await expect.poll(() => status(page), { timeout: 10_000 }).toBe(`Not saved: fix the Phone. ${words}`);
    expect(await page.locator('#sig-phone-error').innerText()).toBe(`Not saved: ${words}`);
    expect((await stored(context.request, app.url)).phone).toBe('');
    await shoot(page, `phone-letters-${width}`, { dir: SHOTS });

    // An extension is a phone number's own word; the rest of the number saves.
    await field(page, 'Phone').fill('+1 415 555 0134 ext 22');
    await expect.poll(() => status(page), { timeout: 10_000 }).toBe('All changes saved');
    expect(await page.locator('#sig-phone-error').count()).toBe(0);
    expect((await stored(context.request, app.url)).phone).toBe('+1 415 555 0134 ext 22');

    // A long value with & < > counts as typed: 100 characters fit, whatever their escaped length.
    await field(page, 'Company').fill('&<>'.repeat(33) + '&');
    await expect.poll(() => status(page), { timeout: 10_000 }).toBe('All changes saved');
    expect((await stored(context.request, app.url)).company).toHaveLength(100);
    expect(await page.locator('#sig-company-count').innerText()).toBe('100/100');
  });

  test('a value the server refuses shows at its field with "Not saved" and the reason', async ({ app, signUp }) => {
    const { page, context, account } = await signUp({ width, freePlan: true, name: 'Iris Moreau' });
    await storeSignature(context.request, app.url, 'Iris Moreau', account.email);
    // What this browser checks passes; on the wire the mobile gets a character the server refuses,
    // as from a browser a release behind: the real route answers 400 naming the field.
    await page.route('**/api/signatures/*', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown> | null;
      if (route.request().method() !== 'PUT' || !body || typeof body.mobile !== 'string') return route.continue();
      await route.continue({ postData: JSON.stringify({ ...body, mobile: `${body.mobile};` }) });
    });
    await page.goto(`${app.url}/editor`);
    await expect.poll(() => field(page, 'Full Name').inputValue()).toBe('Iris Moreau');
    await field(page, 'Mobile').fill('07700 900123');
    await field(page, 'Job Title').fill('Buyer');
    await field(page, 'Job Title').blur();

    const words = phoneProblem('07700 900123;', 'Mobile')!;
    await expect.poll(() => status(page), { timeout: 10_000 }).toBe(`Not saved: fix the Mobile. ${words}`);
    expect(await page.locator('#sig-mobile-error').innerText()).toBe(`Not saved: ${words}`);
    const saved = await stored(context.request, app.url);
    expect(saved.title).toBe('Buyer');
    expect(saved.mobile).toBe('');
    await shoot(page, `server-refused-${width}`, { dir: SHOTS });
  });
});
