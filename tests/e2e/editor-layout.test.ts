import type { APIRequestContext, Page } from 'playwright-core';
import { describe } from 'vitest';
import { createEmptySignature } from '../../src/shared/signature/signature-schema';
import { shoot } from './support/browser';
import { controlsOutsideViewport } from './support/layout';
import { answerGmailLocally, copyToGmail, field } from './support/editor';
import { expect, test, type SignedIn } from './support/fixtures';

/** Sixty characters, and a phone number the signature never wraps (tel: links keep to one line). */
const TITLE = 'Head of Product Design and Customer Experience, North America';
const PHONE = '+1 (415) 555-0199 ext. 12345 ext. 678';
/** No hyphen, so no place to break: an address wider than a phone. */
const EMAIL_LOCAL = 'danamariareyescastellanos';

async function storeSignature(request: APIRequestContext, origin: string, email: string) {
  const res = await request.post(`${origin}/api/signatures`, {
    headers: { origin },
    data: {
      ...createEmptySignature({ name: 'Dana Maria Reyes-Castellanos', email }),
      title: TITLE,
      phone: PHONE,
      company: 'Brightline Labs International',
    },
  });
  expect(res.status()).toBe(201);
}

/**
 * Every element of the rendered signature against the box that shows it: whatever sticks out of
 * the box is listed (with the box itself, if it sticks out of the message or the screen). Strict:
 * the box may scroll past half size, but the signatures here fit by scaling, so nothing may.
 */
function overflowingParts(page: Page) {
  return page.evaluate(() => {
    const boxElement = document.querySelector<HTMLElement>('[data-testid="signature-box"]')!;
    const box = boxElement.getBoundingClientRect();
    const message = document.querySelector('[data-testid="preview-message"]')!.getBoundingClientRect();
    const out: string[] = [];
    if (box.left < message.left - 0.5 || box.right > message.right + 0.5) out.push('box outside the message');
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5) out.push('box outside the screen');
    for (const element of Array.from(document.querySelectorAll('[data-testid="signature-preview"] *'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5)
        out.push(
          `${element.tagName} ${Math.round(rect.left)}–${Math.round(rect.right)} past ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
    }
    return out;
  });
}

const actionBar = (page: Page) => page.getByTestId('export-actions');

/**
 * The editor on a phone and on a desktop (decisions 0181–0184): Edit | Preview on a phone only, a
 * signature shown whole at any width, one primary Copy to Gmail with every other way in
 * "More ways", and Add Social Profile asking which platform.
 */
describe.each([1280, 375])('editor layout at %i px', (width) => {
  const phone = width < 500;
  let person: SignedIn;
  let page: Page;

  test('shows the whole signature, a long title and phone included, without clipping', async ({ app, signUp }) => {
    person = await signUp({
      width,
      freePlan: true,
      name: 'Dana Reyes',
      email: `${EMAIL_LOCAL}${width}x${Date.now()}@brightlinelabs.example.com`,
    });
    page = person.page;
    await answerGmailLocally(person.context);
    await storeSignature(person.context.request, app.url, person.account.email);
    await page.goto(`${app.url}/editor`);
    await expect.poll(() => field(page, 'Job Title').inputValue()).toBe(TITLE);
    const preview = page.getByTestId('signature-preview');
    const message = page.getByTestId('preview-message');

    if (phone) {
      // The form first; the preview is one tap away, not under the whole form.
      expect(await message.isVisible()).toBe(false);
      const previewButton = page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Preview' });
      await previewButton.click();
      expect(await previewButton.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => message.isVisible()).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const top = (await message.boundingBox())!.y;
      expect(top).toBeLessThan(812);
      expect(await field(page, 'Job Title').isVisible()).toBe(false);
    } else {
      // Side by side: no switch, the form and the preview both on screen.
      expect(await page.getByRole('group', { name: 'Show' }).count()).toBe(0);
      expect(await field(page, 'Job Title').isVisible()).toBe(true);
      expect(await message.isVisible()).toBe(true);
    }

    const text = await preview.innerText();
    expect(text).toContain(TITLE.slice(0, 40));
    expect(text.replace(/\s+/g, ' ')).toContain(TITLE);
    expect(text).toContain(PHONE);
    await expect.poll(() => overflowingParts(page)).toEqual([]);
    // The sender's name and address in the message header are shown whole, not cut short.
    const header = await message
      .getByText('Dana Maria Reyes-Castellanos', { exact: true })
      .first()
      .evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth);
    expect(header).toBe(true);
    // Too wide for a phone at full size (the address does not wrap): shown smaller, and it says so.
    if (phone) {
      expect(await page.getByTestId('signature-scale').innerText()).toMatch(/^Shown at \d+% to fit this screen/);
      // Shrunk, not scrolled: all of it at once.
      const box = page.getByTestId('signature-box');
      expect(await box.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    await shoot(page, `editor-layout-preview-${width}`);
    await page.getByTestId('signature-box').scrollIntoViewIfNeeded();
    await shoot(page, `editor-layout-signature-${width}`);
  });

  test('has one primary Copy to Gmail and a "More ways" menu for every other way', async () => {
    const bar = actionBar(page);
    // A stored signature saves itself: no Save Signature, two buttons only.
    expect(await bar.getByRole('button').allInnerTexts()).toEqual(['Copy to Gmail', 'More ways']);
    for (const moved of [
      'Copy HTML to Clipboard',
      'Copy for the Gmail app',
      'Send me a test email',
      'Install in Gmail',
    ])
      expect(await page.getByRole('button', { name: moved }).count(), moved).toBe(0);

    // A real menu button, by keyboard: Enter opens it, Escape closes it and the focus comes back.
    const more = bar.getByRole('button', { name: 'More ways' });
    expect(await more.getAttribute('aria-haspopup')).toBe('menu');
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    const names = await menu
      .getByRole('menuitem')
      .evaluateAll((all) =>
        all.map((item) => document.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent),
      );
    // A stored signature of a signed-in person also has its earlier versions (decision 0188).
    expect(names).toEqual([
      'Copy HTML to Clipboard',
      'Copy for the Gmail app',
      'Send me a test email',
      'Install in Gmail',
      'Earlier versions',
    ]);
    // Install in Gmail says how it works and which plan it needs.
    const install = await menu.getByRole('menuitem', { name: 'Install in Gmail' }).innerText();
    expect(install).toMatch(/Pro/);
    expect(install).toMatch(/through your organization's Google Workspace/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    await page.keyboard.press('ArrowDown');
    await shoot(page, `editor-layout-more-ways-${width}`);
    expect(await controlsOutsideViewport(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    // Focus comes back to the button once the menu has closed (a frame or two later on a busy machine).
    await expect.poll(() => more.evaluate((element) => element === document.activeElement)).toBe(true);

    // The menu's items work: Copy HTML after Copy to Gmail puts the source on the clipboard.
    expect(await copyToGmail(person.context, page)).toContain('mail.google.com');
    await page.getByRole('button', { name: 'More ways' }).click();
    await page.getByRole('menuitem', { name: 'Copy HTML to Clipboard' }).click();
    await expect
      .poll(() => page.getByTestId('toast').allInnerTexts())
      .toContainEqual(expect.stringContaining('Copied to clipboard!'));
    const source = await page.evaluate(() => navigator.clipboard.readText());
    expect(source).toContain(TITLE);
  });

  test('Add Social Profile asks which platform and adds the one chosen', async () => {
    if (phone) await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('tab', { name: 'Social' }).click();
    await page.getByRole('button', { name: 'Add Social Profile' }).click();
    const picker = page.getByRole('menu');
    await picker.waitFor();
    expect(await picker.getByRole('menuitem').count()).toBe(9);
    await shoot(page, `editor-layout-social-picker-${width}`);
    await picker.getByRole('menuitem', { name: 'LinkedIn' }).click();
    const linkedIn = page.getByRole('textbox', { name: 'LinkedIn' });
    await expect.poll(() => linkedIn.evaluate((element) => element === document.activeElement)).toBe(true);
    // Only the chosen one: nothing else was added, and the picker no longer offers it.
    expect(await page.getByRole('list', { name: 'Your social profiles' }).getByRole('listitem').count()).toBe(1);
    await page.getByRole('button', { name: 'Add Social Profile' }).click();
    expect(await page.getByRole('menuitem', { name: 'LinkedIn' }).count()).toBe(0);
    expect(await page.getByRole('menuitem').count()).toBe(8);
    await page.keyboard.press('Escape');
  });

  test('keeps every control of the editor inside the screen, in every tab and view', async () => {
    const views = phone ? ['Edit', 'Preview'] : [null];
    for (const view of views) {
      if (view) await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: view }).click();
      const tabs = view === 'Preview' ? [null] : ['Details', 'Images', 'Social', 'Design'];
      for (const tab of tabs) {
        if (tab) {
          await page.getByRole('tab', { name: tab }).click();
          // The tab's own controls, not its loading line (the last three tabs follow the first paint).
          await expect.poll(() => page.getByRole('tabpanel').getByText('Loading…').count()).toBe(0);
        }
        // Polled: the preview fits its signature a frame after it shows.
        await expect.poll(() => controlsOutsideViewport(page), { message: `${view ?? ''} ${tab ?? ''}` }).toEqual([]);
      }
    }
    // On a phone the bar of actions stays at the bottom of the screen in both views.
    const bar = (await actionBar(page).boundingBox())!;
    if (phone) expect(Math.round(bar.y + bar.height)).toBe(812);
    await shoot(page, `editor-layout-${width}`);
  });
});

describe('editor: Save Signature only where autosave cannot save', () => {
  test('a visitor and a signature not stored yet have it; once stored it goes', async ({ app, page, signUp }) => {
    await page.goto(`${app.url}/editor`);
    await field(page, 'Full Name').fill('Visiting Person');
    expect(await actionBar(page).getByRole('button', { name: 'Save Signature' }).count()).toBe(1);

    const { page: own } = await signUp({ freePlan: true, name: 'Grace Hopper', width: 375 });
    await own.goto(`${app.url}/editor`);
    await expect.poll(() => field(own, 'Full Name').inputValue()).toBe('Grace Hopper');
    const save = actionBar(own).getByRole('button', { name: 'Save Signature' });
    expect(await save.count()).toBe(1);
    await save.click();
    await expect.poll(() => own.getByTestId('save-status').innerText()).toBe('All changes saved');
    expect(await save.count()).toBe(0);
  });
});
