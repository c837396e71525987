import { describe } from 'vitest';
import { createEmptySignature, DEFAULT_DESIGN, type SavedSignature } from '../../src/shared/signature/signature-schema';
import { shoot } from './support/browser';
import { field } from './support/editor';
import { joinAsMember } from './support/accounts';
import { expect, test } from './support/fixtures';

const SHOTS = '/tmp/shots-sig-limits';

/**
 * The organization's locks in the editor (decision 0164): a member sees each field the template
 * sets read-only, with a lock and "Set by your organization", holding the organization's value, and
 * edits the rest; the stored signature keeps the organization's values.
 */
describe.each([375, 1280])('editor at %i px: fields the organization sets', (width) => {
  test('a member sees a locked field read-only with "Set by your organization"', async ({ app, signUp }) => {
    const owner = await signUp({ width, freePlan: true, name: 'Olivia Owner' });
    const mia = await signUp({ width, freePlan: true, name: 'Mia Member' });
    await joinAsMember(app, owner, mia);

    // Mia's own signature, from before the template.
    const created = await mia.context.request.post(`${app.url}/api/signatures`, {
      headers: { origin: app.url },
      data: createEmptySignature({ name: 'Mia Member', email: mia.account.email, company: 'Own Co' }),
    });
    expect(created.status()).toBe(201);
    const template = await owner.context.request.put(`${app.url}/api/workspace/template`, {
      headers: { origin: app.url },
      data: {
        template: {
          design: { ...DEFAULT_DESIGN, template: 'modern' },
          company: 'Acme Corp',
          website: 'https://acme.example',
          address: '1 Acme Way',
          photoUrl: '',
          socialLinks: {},
        },
        editableFields: ['name', 'title', 'phone', 'mobile', 'photoUrl', 'socialLinks'],
      },
    });
    expect(template.status()).toBe(200);

    const { page } = mia;
    await page.goto(`${app.url}/editor`);
    await expect.poll(() => field(page, 'Full Name').inputValue()).toBe('Mia Member');
    const company = field(page, 'Company');
    expect(await company.inputValue()).toBe('Acme Corp');
    expect(await company.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('sig-company-locked').innerText()).toBe('Set by your organization');
    expect(await page.getByTestId('sig-company-locked').locator('svg').count()).toBe(1);
    expect(await field(page, 'Website URL').getAttribute('readonly')).not.toBeNull();
    expect(await field(page, 'Address').inputValue()).toBe('1 Acme Way');
    expect(await field(page, 'Job Title').getAttribute('readonly')).toBeNull();

    // Typing into the locked field changes nothing; the unlocked one saves.
    await company.click();
    await page.keyboard.type('Rogue');
    expect(await company.inputValue()).toBe('Acme Corp');
    await field(page, 'Job Title').fill('Buyer');
    await field(page, 'Job Title').blur();
    await expect.poll(() => page.getByTestId('save-status').innerText(), { timeout: 10_000 }).toBe('All changes saved');
    const [stored] = (await (await mia.context.request.get(`${app.url}/api/signatures`)).json()) as SavedSignature[];
    expect(stored!.title).toBe('Buyer');
    expect(stored!.company).toBe('Acme Corp');
    await company.scrollIntoViewIfNeeded();
    await shoot(page, `locked-field-${width}`, { dir: SHOTS });

    // The design is the template's: the Design tab says so and its controls are disabled.
    await page.getByRole('tab', { name: 'Design' }).click();
    expect(await page.getByTestId('design-locked').innerText()).toBe('Set by your organization');
    const designControls = page.getByRole('tabpanel', { name: 'Design' }).locator('button, input, select');
    expect(await designControls.count()).toBeGreaterThan(0);
    expect(
      await designControls.evaluateAll((all) => all.every((el) => (el as HTMLInputElement).matches(':disabled'))),
    ).toBe(true);
    await shoot(page, `locked-design-${width}`, { dir: SHOTS });
    // The image is the person's own; how it is shown is the design's, so that part is locked.
    await page.getByRole('tab', { name: 'Images' }).click();
    expect(await page.getByTestId('image-design-locked').innerText()).toBe('Set by your organization');
    expect(await page.getByTestId('image-locked').count()).toBe(0);
    // Social profiles are left to each person: that tab is open.
    await page.getByRole('tab', { name: 'Social' }).click();
    expect(await page.getByTestId('social-locked').count()).toBe(0);

    // The owner, who sets the template, edits their own company as before.
    await owner.page.goto(`${app.url}/editor`);
    await expect.poll(() => field(owner.page, 'Full Name').inputValue()).toBe('Olivia Owner');
    expect(await field(owner.page, 'Company').getAttribute('readonly')).toBeNull();
    expect(await owner.page.getByText('Set by your organization').count()).toBe(0);

    // The Workspace tab draws the template with the same policy preview as the signature defaults.
    await owner.page.goto(`${app.url}/account/workspace`);
    await owner.page.getByRole('button', { name: 'Use the TEST MODE Workspace' }).click();
    const preview = owner.page.getByTestId('workspace-template-preview');
    await preview.waitFor();
    expect(await preview.innerText()).toContain('Acme Corp');
    expect(await preview.innerText()).toContain('Alex Morgan');
    await preview.scrollIntoViewIfNeeded();
    await shoot(owner.page, `workspace-template-preview-${width}`, { dir: SHOTS });
    const widest = await owner.page.evaluate(() => document.documentElement.scrollWidth);
    expect(widest).toBeLessThanOrEqual(width);
  });
});
