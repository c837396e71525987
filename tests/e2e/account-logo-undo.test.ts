import { describe } from 'vitest';
import { shoot } from './support/browser';
import { solidPng } from './support/editor';
import { expect, test } from './support/fixtures';

/**
 * At 1280 and 375 px: removing the organization logo under Images & Assets offers "Undo" for 10 s,
 * which saves it back (it is there after a reload); the Pro plan card names Google Workspace push
 * (decision 0230). Screens go to /tmp/shots-logo-undo.
 */
const SHOTS = process.env.LOGO_UNDO_SHOTS_DIR ?? '/tmp/shots-logo-undo';

describe.each([1280, 375] as const)('the organization logo at %i px', (width) => {
  test('"Remove logo" can be undone, and what Undo put back is saved', async ({ app, signUp }) => {
    const { page, context } = await signUp({ width, freePlan: true });
    const { uploadURL } = await (await context.request.post(`${app.url}/api/objects/upload`)).json();
    const put = await context.request.put(`${app.url}${uploadURL}`, {
      data: await solidPng(120, 40, '#2d8659'),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status()).toBe(200);
    const attached = await context.request.put(`${app.url}/api/signatures/image`, {
      data: { imageURL: uploadURL, signatureId: 'temp' },
    });
    expect(attached.status()).toBe(200);
    const [image] = (await (await context.request.get(`${app.url}/api/uploads`)).json()) as { objectPath: string }[];

    await page.goto(`${app.url}/account/assets`);
    await page.getByLabel('Logo URL').fill(image!.objectPath);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.getByTestId('toast').first();
    await expect.poll(() => toast.textContent()).toContain('Logo saved');

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await expect.poll(() => toast.textContent()).toContain('Organization logo removed');
    await expect.poll(() => page.getByLabel('Logo URL').inputValue()).toBe('');
    await shoot(page, `${width}-logo-removed`, { dir: SHOTS });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => toast.textContent()).toContain('Logo restored');

    await page.reload();
    await expect.poll(() => page.getByLabel('Logo URL').inputValue()).toBe(image!.objectPath);
    const org = await (await context.request.get(`${app.url}/api/organization`)).json();
    expect(org.logoUrl).toBe(image!.objectPath);

    await page.goto(`${app.url}/pricing`);
    const pro = page.locator('li[data-plan="pro"]');
    await pro.waitFor();
    expect(await pro.innerText()).toContain('Google Workspace push');
    const standard = await page.locator('li[data-plan="standard"]').innerText();
    expect(standard).not.toContain('templates, colours and fonts');
    await shoot(page, `${width}-pricing`, { dir: SHOTS, fullPage: true });
  }, 180_000);
});
