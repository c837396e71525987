import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { invitation, member, organization, user } from '../../src/server/db/schema/auth.schema';
import { makeTestServiceAccount } from '../../src/server/google/google-stand-in-token';
import { startGoogleStandIn } from '../../src/test-support/google-stand-in-harness';
import { testModeDomain } from '../../src/server/google/test-mode';
import { createInvitationTokens } from '../../src/server/modules/teams/invitation-token';
import { createEmptySignature } from '../../src/shared/signature/signature-schema';
import { signUpThroughApi } from './support/accounts';
import { startApp, type RunningApp } from './support/app-server';
import { openBrowser, shoot as shootIn, type Browser } from './support/browser';
import { chooseMoreWay } from './support/editor';
import { expect, test } from './support/fixtures';

/**
 * Google Workspace in a real browser, on the embedded TEST MODE Workspace (no Google setting): connect,
 * sync, lock fields, a person edits an unlocked field and sees a locked one, dry run, push,
 * statuses, audit log, and what "Google" stored; a Standard organization sees the upgrade.
 */
const SHOTS = '/tmp/shots-workspace';
/** The owner's organization's own pretend domain, known once the owner has signed up. */
let DOMAIN = '';
let BEN = '';

let app: RunningApp;

async function shoot(page: Page, name: string) {
  // The dry run's sandboxed frames never report "network idle" (an opaque origin): with one on the
  // page, wait for the page's own images and fonts instead.
  if (await page.getByTestId('dry-run').count()) {
    await page.waitForLoadState('load');
    await page.waitForFunction(
      () => document.fonts.status === 'loaded' && [...document.images].every((i) => i.complete),
    );
  } else await page.waitForLoadState('networkidle');
  await shootIn(page, name, { dir: SHOTS, fullPage: true });
}

/** The owner invites `email` to the organization; the person's browser accepts with the link's token. */
async function inviteAndAccept(owner: Browser, person: Browser, email: string) {
  const invite = await owner.context.request.post(`${app.url}/api/organization/invitations`, {
    data: { email, role: 'member' },
  });
  expect(invite.status()).toBe(201);
  const [row] = await app.app.services.database.db
    .select()
    .from(invitation)
    .where(eq(invitation.id, (await invite.json()).id));
  const token = createInvitationTokens(app.config.sessionSecret).tokenFor(row!);
  expect((await person.context.request.post(`${app.url}/api/invitations/${token}/accept`)).status()).toBe(200);
}

test.beforeAll(({ app: running }) => {
  app = running;
});

describe('Google Workspace (TEST MODE)', () => {
  let owner: Browser;
  let ben: Browser;

  test('connects: a broken key is refused with words (what was typed stays), then the TEST MODE Workspace connects', async ({
    signUp,
  }) => {
    const ownerEmail = `owner-${Date.now()}@example.com`;
    owner = await signUp({ email: ownerEmail, name: 'Olivia Owner' });
    const [row] = await app.app.services.database.db
      .select({ organizationId: member.organizationId })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(user.email, ownerEmail));
    DOMAIN = testModeDomain(row!.organizationId);
    BEN = `ben.carter@${DOMAIN}`;
    const { page } = owner;
    await page.goto(`${app.url}/account/workspace`);
    await page.getByRole('heading', { name: 'Connect Google Workspace' }).waitFor();
    await expect
      .poll(() => page.getByText('https://www.googleapis.com/auth/gmail.settings.basic').count())
      .toBeGreaterThan(0);
    await shoot(page, 'connect-1280');

    await page.getByLabel('Service account key (JSON)').fill('{"type": "service_account"}');
    await page.getByLabel('Workspace admin address').fill(`ada.admin@${DOMAIN}`);
    await page.getByRole('button', { name: 'Connect and check' }).click();
    await expect.poll(() => page.getByTestId('workspace-connect-error').textContent()).toMatch(/key/i);
    expect(await page.getByLabel('Service account key (JSON)').inputValue()).toBe('{"type": "service_account"}');

    await page.getByRole('button', { name: 'Use the TEST MODE Workspace' }).click();
    await page.getByTestId('workspace-client-id').waitFor();
    expect(await page.getByTestId('workspace-client-id').textContent()).toMatch(/^\d{21}$/);
    expect(await page.getByText('TEST MODE', { exact: true }).count()).toBeGreaterThan(0);
  }, 60_000);

  test('syncs the directory: active people listed, the suspended one left out', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Sync directory' }).click();
    await expect
      .poll(() => page.getByTestId('workspace-sync-result').textContent(), { timeout: 20_000 })
      .toMatch(/5 people read/);
    await page.getByTestId(`person-${BEN}`).waitFor();
    expect(await page.getByText(`frank.former@${DOMAIN}`).count()).toBe(0);
  }, 60_000);

  test('locks fields in the template', async () => {
    const { page } = owner;
    await page.getByLabel('Company', { exact: true }).fill('Acme Test Co');
    await page.getByLabel('Website URL', { exact: true }).fill('https://acme.example');
    // Mobile stays open; the logo becomes locked too.
    await page.getByRole('checkbox', { name: /Photo or logo/ }).uncheck();
    await page.getByRole('button', { name: 'Save template' }).click();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toMatch(/Template saved/);
  }, 60_000);

  test('a person sees their signature, a locked field with the reason, and saves an unlocked one', async ({
    signUp,
  }) => {
    const [org] = await app.app.services.database.db
      .select()
      .from(organization)
      .innerJoin(member, eq(member.organizationId, organization.id))
      .limit(1);
    ben = await signUp({ email: BEN, name: 'Ben Carter', width: 375 });
    // Olivia invites Ben; he accepts with the link's token.
    await inviteAndAccept(owner, ben, BEN);
    expect(org).toBeTruthy();

    const { page } = ben;
    await page.goto(`${app.url}/account/workspace`);
    await page.getByRole('heading', { name: 'Your Gmail signature' }).waitFor();
    const title = page.getByLabel(/Job Title/);
    expect(await title.inputValue()).toBe('Account Executive');
    expect(await title.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('mine-field-title').textContent()).toMatch(
      /comes from your organization's Google Workspace directory/,
    );
    expect(await page.getByTestId('mine-field-company').textContent()).toMatch(/template sets it/);
    expect(await page.getByTestId('my-signature-preview').textContent()).toContain('Acme Test Co');
    await page.getByLabel(/^Mobile/).fill('+1 555 4242');
    await page.getByRole('button', { name: 'Save my changes' }).click();
    await expect.poll(() => page.getByTestId('my-signature-preview').textContent()).toContain('+1 555 4242');
    await shoot(page, 'person-375');
    // The server refuses a locked field even when asked directly.
    const refused = await ben.context.request.put(`${app.url}/api/workspace/me`, { data: { title: 'CEO' } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toMatch(/Job Title is locked/);
  }, 90_000);

  test('dry run shows each HTML and size; push sets statuses, the audit log fills, and "Google" stored the signature', async ({
    newBrowser,
  }) => {
    const { page } = owner;
    await page.reload();
    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByTestId('dry-run').waitFor();
    expect(await page.getByTestId('dry-run').textContent()).toMatch(/\d[\d,]* characters/);
    // The new signature renders in a sandboxed frame of its own.
    await expect
      .poll(() => page.frameLocator(`[data-testid="dry-run-new-${BEN}"]`).locator('body').textContent())
      .toContain('+1 555 4242');
    await shoot(page, 'dry-run-1280');

    await page.getByRole('button', { name: 'Push signatures' }).click();
    await page.getByRole('button', { name: /^Change \d+ signatures?$/ }).click();
    await expect.poll(() => page.getByTestId(`status-${BEN}`).textContent(), { timeout: 30_000 }).toMatch(/^Pushed/);
    await expect
      .poll(() => page.getByTestId(`status-eva.noinbox@${DOMAIN}`).textContent(), { timeout: 30_000 })
      .toBe('Skipped (no Gmail)');
    await expect.poll(() => page.getByTestId('audit-log').textContent(), { timeout: 10_000 }).toContain(BEN);
    expect(await page.getByTestId('audit-log').textContent()).toMatch(/Olivia Owner/);
    await shoot(page, 'pushed-1280');

    const google = await owner.context.newPage();
    await google.goto(`${app.url}/test-mode/google`);
    expect(await google.getByRole('banner').textContent()).toMatch(/TEST MODE/);
    const stored = await app.app.services.googleTestMode!.storedSignature(BEN);
    expect(stored).toContain('Acme Test Co');
    expect(stored).toContain('+1 555 4242');
    await google.close();

    const small = await newBrowser({ width: 375 });
    await small.context.addCookies(await owner.context.cookies());
    await small.page.goto(`${app.url}/account/workspace`);
    await small.page.getByTestId(`status-${BEN}`).waitFor();
    await shoot(small.page, 'pushed-375');
  }, 90_000);

  test("each send-as address is given its own signature: Chloe's alias gets hers, the table and the dry run list both addresses", async ({
    newBrowser,
    signUp,
  }) => {
    const CHLOE = `chloe.dubois@${DOMAIN}`;
    const ALIAS = `marketing@${DOMAIN}`;
    const chloe = await signUp({ email: CHLOE, name: 'Chloe Dubois' });
    await inviteAndAccept(owner, chloe, CHLOE);
    const base = createEmptySignature({ name: 'Chloe Dubois', email: CHLOE });
    const mine = await chloe.context.request.post(`${app.url}/api/signatures`, {
      data: { ...base, mobile: '+33 6 11 11 11 11', label: 'Mine' },
    });
    expect(mine.status(), await mine.text()).toBe(201);
    const campaign = await chloe.context.request.post(`${app.url}/api/signatures`, {
      data: { ...base, mobile: '+33 6 22 22 22 22', label: 'Campaigns', sendAsEmail: ALIAS },
    });
    expect(campaign.status(), await campaign.text()).toBe(201);
    // A sync links her account to her directory entry.
    const sync = await owner.context.request.post(`${app.url}/api/workspace/sync`);
    expect(sync.status()).toBe(202);
    await expect
      .poll(
        async () =>
          (await (await owner.context.request.get(`${app.url}/api/workspace`)).json()).people.find(
            (p: { email: string }) => p.email === CHLOE,
          )?.linked,
        { timeout: 20_000 },
      )
      .toBe(true);

    const { page } = owner;
    await page.reload();
    await page.getByLabel('Select Chloé Dubois').check();
    await page.getByLabel('Push to').selectOption('selection');
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect.poll(() => page.getByTestId('dry-run').textContent()).toContain(`Alias ${ALIAS}`);
    await expect
      .poll(() => page.frameLocator(`[data-testid="dry-run-new-${ALIAS}"]`).locator('body').textContent())
      .toContain('+33 6 22 22 22 22');
    await shoot(page, 'alias-dry-run-1280');
    await page.getByRole('button', { name: 'Push signatures' }).click();
    await page.getByRole('button', { name: 'Change 1 signature' }).click();
    await expect
      .poll(() => page.getByTestId(`addresses-${CHLOE}`).textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`${ALIAS}.*pushed`));
    expect(await app.app.services.googleTestMode!.storedSignature(ALIAS)).toContain('+33 6 22 22 22 22');
    expect(await app.app.services.googleTestMode!.storedSignature(CHLOE)).toContain('+33 6 11 11 11 11');
    await shoot(page, 'alias-pushed-1280');
    const small = await newBrowser({ width: 375 });
    await small.context.addCookies(await owner.context.cookies());
    await small.page.goto(`${app.url}/account/workspace`);
    await small.page.getByTestId(`addresses-${CHLOE}`).waitFor();
    await shoot(small.page, 'alias-pushed-375');
  }, 120_000);

  test('"Install in Gmail" in the editor puts the person\'s signature into Gmail with one click', async () => {
    // Ben is a paying member: the editor opens for him (a person with no plan is sent to /pricing).
    await app.app.services.database.db.execute(
      sql`update "user" set subscription_status = 'active' where email = ${BEN}`,
    );
    await app.app.services.database.db.execute(
      sql`update workspace_people set overrides = '{"mobile": "+1 555 9999"}' where email = ${BEN}`,
    );
    const { page } = ben;
    await page.goto(`${app.url}/editor`);
    await chooseMoreWay(page, 'Install in Gmail');
    await expect
      .poll(() => page.getByTestId('install-in-gmail-note').textContent(), { timeout: 20_000 })
      .toMatch(/Installed: Gmail now has your signature/);
    expect(await app.app.services.googleTestMode!.storedSignature(BEN)).toContain('+1 555 9999');
    await shoot(page, 'editor-install-375');
  }, 60_000);

  test('a Standard organization sees the upgrade, and the API refuses it with words', async ({ signUp }) => {
    const std = await signUp({ email: `standard-${Date.now()}@example.com`, name: 'Sam Standard' });
    const { userId } = std.account;
    const [m] = await app.app.services.database.db.select().from(member).where(eq(member.userId, userId));
    await app.app.services.database.db
      .update(organization)
      .set({ plan: 'standard' })
      .where(eq(organization.id, m!.organizationId));
    await std.page.goto(`${app.url}/account/workspace`);
    const lock = std.page.getByTestId('paid-lock-workspacePush');
    await lock.waitFor();
    expect(await lock.textContent()).toMatch(/Google Workspace push is part of the Pro plan \(\$199\/month\)\./);
    expect(await lock.getByRole('link', { name: 'Upgrade' }).count()).toBe(1);
    const res = await std.context.request.get(`${app.url}/api/workspace`);
    expect(res.status()).toBe(403);
    await shoot(std.page, 'standard-1280');
  }, 60_000);
});

describe('Google Workspace against a Google stand-in (Google settings set)', () => {
  test('connects with an uploaded key and an admin address, shows the client ID, and syncs', async () => {
    const domain = 'standin-e2e.test';
    const google = await startGoogleStandIn({
      people: [
        {
          primaryEmail: `root@${domain}`,
          fullName: 'Rita Root',
          givenName: 'Rita',
          familyName: 'Root',
          isAdmin: true,
          orgUnitPath: '/',
        },
        {
          primaryEmail: `sam@${domain}`,
          fullName: 'Sam Seller',
          givenName: 'Sam',
          familyName: 'Seller',
          department: 'Sales',
          orgUnitPath: '/Sales',
        },
      ],
    });
    const account = makeTestServiceAccount(domain);
    await google.state.grant(account.client);
    const other = await startApp({
      GOOGLE_TOKEN_URL: google.endpoints.tokenUrl,
      GOOGLE_GMAIL_API_URL: google.endpoints.gmailApiUrl,
      GOOGLE_DIRECTORY_API_URL: google.endpoints.directoryApiUrl,
    });
    const b = await openBrowser(other.url);
    try {
      await signUpThroughApi(other, b.context.request, {
        email: `o-${Date.now()}@example.com`,
        name: 'Uma Upload',
        verified: false,
      });
      const { page } = b;
      await page.goto(`${other.url}/account/workspace`);
      await page.getByRole('heading', { name: 'Connect Google Workspace' }).waitFor();
      // No TEST MODE offer when Google settings are set.
      expect(await page.getByRole('button', { name: 'Use the TEST MODE Workspace' }).count()).toBe(0);
      await page
        .getByLabel('Or upload the key file')
        .setInputFiles({ name: 'key.json', mimeType: 'application/json', buffer: Buffer.from(account.keyJson) });
      await expect.poll(() => page.getByLabel('Service account key (JSON)').inputValue()).toContain('"client_email"');
      await page.getByLabel('Workspace admin address').fill(`sam@${domain}`);
      await page.getByRole('button', { name: 'Connect and check' }).click();
      // Sam is no admin: Google's refusal in words, beside the address.
      await expect.poll(() => page.getByTestId('workspace-connect-error').textContent()).toMatch(/admin/i);
      await page.getByLabel('Workspace admin address').fill(`root@${domain}`);
      await page.getByRole('button', { name: 'Connect and check' }).click();
      await page.getByTestId('workspace-client-id').waitFor();
      expect(await page.getByTestId('workspace-client-id').textContent()).toBe(account.client.clientId);
      await page.getByRole('button', { name: 'Sync directory' }).click();
      await page.getByTestId(`person-sam@${domain}`).waitFor({ timeout: 20_000 });
      expect(google.state.counters.requests.directory).toBeGreaterThanOrEqual(2);
    } finally {
      await b.close();
      await other.stop();
      await google.close();
    }
  }, 90_000);
});
