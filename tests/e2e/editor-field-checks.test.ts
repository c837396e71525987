import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { shoot } from './support/browser';
import { field } from './support/editor';
import { expect, test } from './support/fixtures';
import { controlsOutsideViewport } from './support/layout';

const SHOTS = '/tmp/shots-field-checks';

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const errorUnder = (page: Page, id: string) => page.locator(`#${id}-error`).innerText();

/**
 * Every field is checked where it is typed: a word under a field left wrong, the same words listed
 * in the pre-flight panel with a way to each field, and Copy to Gmail with a required field empty
 * puts the cursor in it. A visitor's editor: nothing here needs an account.
 */
describe.each([1280, 375] as const)('editor at %i px: checks at the field', (width) => {
  const phone = width < 500;
  let page: Page;

  test.beforeAll(async ({ app, newBrowser }) => {
    page = (await newBrowser({ width })).page;
    await page.goto(`${app.url}/editor`);
    await field(page, 'Full Name').waitFor();
  });

  const showView = async (view: 'Edit' | 'Preview') => {
    if (phone) await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: view }).click();
  };

  test('a wrong website, address or over-long name is named under its field when left', async () => {
    await field(page, 'Full Name').fill('A'.repeat(101));
    await field(page, 'Email Address').fill('name@');
    await field(page, 'Website URL').fill('javascript:alert(1)');
    await field(page, 'Address').click();
    await expect.poll(() => errorUnder(page, 'sig-name')).toMatch(/Full Name .*100/);
    expect(await page.locator('#sig-name-count').innerText()).toBe('101/100');
    expect(await errorUnder(page, 'sig-email')).toBe('Enter a full email address, like jane@acme.com.');
    expect(await errorUnder(page, 'sig-website')).toBe('Enter a web address, like acme.com or https://acme.com.');
    await field(page, 'Website URL').fill('not a website');
    await field(page, 'Address').click();
    expect(await errorUnder(page, 'sig-website')).toBe('Enter a web address, like acme.com or https://acme.com.');
    await field(page, 'Website URL').scrollIntoViewIfNeeded();
    await shoot(page, `under-the-field-${width}`, { dir: SHOTS });
  });

  test('the pre-flight panel lists each field to fix, in the same words, with a way to it', async () => {
    await field(page, 'Full Name').fill('');
    await showView('Preview');
    const panel = page.getByTestId('preflight-panel');
    const listed = panel.getByTestId('preflight-field');
    await expect
      .poll(() => listed.evaluateAll((all) => all.map((li) => li.getAttribute('data-field'))))
      .toEqual(['name', 'email', 'website']);
    // The list follows the form a moment after typing rests.
    await expect.poll(() => listed.first().innerText()).toContain('Enter your full name; it is required.');
    expect(await listed.nth(1).innerText()).toContain('Enter a full email address, like jane@acme.com.');
    expect(await panel.getByTestId('preflight-summary').innerText()).toMatch(/^3 to fix/);
    await panel.scrollIntoViewIfNeeded();
    await shoot(page, `preflight-fields-${width}`, { dir: SHOTS });

    // "Go to" opens the form (on a phone, the Edit view) with the cursor in that field.
    await panel.getByRole('button', { name: 'Go to Email Address' }).click();
    await expect.poll(() => focusedId(page)).toBe('sig-email');
    await field(page, 'Email Address').fill('grace@example.com');
    await field(page, 'Website URL').fill('navy.mil');
    await field(page, 'Address').click();
    expect(await page.locator('#sig-website-error').count()).toBe(0);
  });

  test('Copy to Gmail with the name empty says so and puts the cursor in Full Name', async () => {
    await field(page, 'Job Title').click();
    await page.getByRole('button', { name: 'Copy to Gmail' }).click();
    await expect.poll(() => focusedId(page)).toBe('sig-name');
    expect(await page.getByTestId('toast').first().innerText()).toContain('Missing required information');
    expect(await errorUnder(page, 'sig-name')).toBe('Enter your full name; it is required.');
    await shoot(page, `copy-without-name-${width}`, { dir: SHOTS });
    await field(page, 'Full Name').fill('Grace Hopper');
    await showView('Preview');
    await expect.poll(() => page.getByTestId('preflight-field').count()).toBe(0);
    await showView('Edit');
  });

  test("a custom field's label, value and × fit its row, Tab keeps the form still, and the signature shows both", async () => {
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByRole('button', { name: 'Add Custom Field' }).click();
    const label = page.getByLabel('Custom field 1 label');
    await label.fill('Pronouns');
    await label.press('Tab');
    await page.keyboard.type('she/her');
    await page.keyboard.press('Tab');
    const box = async (name: string) => (await page.getByLabel(name).boundingBox())!;
    const [labelBox, valueBox, removeBox] = [
      await box('Custom field 1 label'),
      await box('Custom field 1 value'),
      await box('Remove custom field 1'),
    ];
    // The value has room to read (it was 26 px), and the × is inside the form, not past its edge.
    expect(labelBox.width).toBeLessThan(valueBox.width + 1);
    expect(valueBox.width).toBeGreaterThan(120);
    const pane = await page.getByRole('tabpanel').boundingBox();
    expect(removeBox.x + removeBox.width).toBeLessThanOrEqual(pane!.x + pane!.width + 0.5);
    // Tabbing through the row did not slide anything sideways.
    expect(
      await page.evaluate(
        () => Array.from(document.querySelectorAll('*')).filter((element) => element.scrollLeft > 0).length,
      ),
    ).toBe(0);
    expect(await controlsOutsideViewport(page)).toEqual([]);
    await shoot(page, `custom-field-${width}`, { dir: SHOTS });
    await showView('Preview');
    await expect.poll(() => page.getByTestId('signature-preview').innerText()).toMatch(/Pronouns:\s*she\/her/);
    await showView('Edit');
  });

  test('a social handle or a bare domain becomes the full profile address when left', async () => {
    await page.getByRole('tab', { name: 'Social' }).click();
    for (const [platform, typed, url] of [
      ['Instagram', '@brightlinelabs', 'https://instagram.com/brightlinelabs'],
      ['GitHub', 'github.com/ada', 'https://github.com/ada'],
    ] as const) {
      await page.getByRole('button', { name: 'Add Social Profile' }).click();
      await page.getByRole('menuitem', { name: platform }).click();
      const input = page.locator(`#social-${platform.toLowerCase()}`);
      await input.fill(typed);
      await input.blur();
      await expect.poll(() => input.inputValue()).toBe(url);
    }
    await shoot(page, `social-handles-${width}`, { dir: SHOTS });
  });
});
