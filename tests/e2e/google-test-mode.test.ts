import { eq } from 'drizzle-orm';
import { describe } from 'vitest';
import { member } from '../../src/server/db/schema/auth.schema';
import { parseServiceAccountKey } from '../../src/server/google/service-account-key';
import { createTestModeServiceAccount } from '../../src/server/google/test-mode';
import { createWorkspaceClient } from '../../src/server/google/workspace-client';
import { signUpThroughApi } from './support/accounts';
import { startApp, type RunningApp } from './support/app-server';
import { shoot } from './support/browser';
import { expect, test as base } from './support/fixtures';

/**
 * The TEST MODE Workspace page in Chromium: the signatures pushed through the Workspace client
 * into the signed-in owner's own pretend domain show in sandboxed frames, under a TEST MODE
 * banner, at phone and desktop widths. The page is drawn by the server, so no client build is needed.
 */

/** The server without a client. */
// vitest reads what a fixture needs from its first parameter's pattern: this one needs nothing.
// eslint-disable-next-line no-empty-pattern
const test = base.extend('app', { scope: 'file' }, async ({}, { onCleanup }) => {
  const running = await startApp({}, { client: false });
  onCleanup(() => running.stop());
  return running;
});

/** Three signatures pushed into the organization's pretend Workspace; answers its address maker. */
async function pushThree({ app, config }: RunningApp, organizationId: string) {
  const { keyJson, adminEmail, domain } = await createTestModeServiceAccount(
    app.services.googleTestMode!,
    organizationId,
  );
  const at = (local: string) => `${local}@${domain}`;
  const client = createWorkspaceClient({ key: parseServiceAccountKey(keyJson), endpoints: config.google.endpoints });
  await client.checkConnection(adminEmail);
  const signature = (name: string, title: string) =>
    `<table cellpadding="0" cellspacing="0" style="font-family:Arial,sans-serif;font-size:13px;color:#1f2937"><tr><td style="padding-right:12px;border-right:2px solid #2563eb"><b style="font-size:15px">${name}</b><br>${title}</td><td style="padding-left:12px">Example Test Inc.<br><a href="https://example.com" style="color:#2563eb">example.com</a></td></tr></table>`;
  await client.patchSignature(
    at('ben.carter'),
    at('ben.carter'),
    signature('Ben Carter', 'Account Executive') + '<img src="x" onerror="parent.document.title=\'pwned\'">',
  );
  await client.patchSignature(adminEmail, adminEmail, signature('Ada Admin', 'Head of Operations'));
  await client.patchSignature(
    at('chloe.dubois'),
    at('marketing'),
    signature('Chloé Dubois — Marketing', 'Marketing Manager'),
  );
  return at;
}

describe('TEST MODE Google Workspace page', () => {
  for (const width of [1280, 375]) {
    test(`shows each person and their stored Gmail signature at ${width} px`, async ({ app, newBrowser }) => {
      // Closed with the file's other browsers (the newBrowser fixture).
      const { page } = await newBrowser({ width, height: 900 });
      // Signed out, the page asks for a sign-in and shows nobody.
      const signedOut = await page.goto(`${app.url}/test-mode/google`);
      expect(signedOut?.status()).toBe(401);
      const account = await signUpThroughApi(app, page.context().request, { name: 'Olivia Owner' });
      const [row] = await app.app.services.database.db.select().from(member).where(eq(member.userId, account.userId));
      const at = await pushThree(app, row!.organizationId);
      const response = await page.goto(`${app.url}/test-mode/google`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('banner').textContent()).resolves.toContain('TEST MODE');
      const frame = page.frameLocator(`iframe[title="Gmail signature of ${at('ben.carter')}"]`);
      await expect(frame.locator('b').first().textContent()).resolves.toBe('Ben Carter');
      await expect(
        page
          .frameLocator(`iframe[title="Gmail signature of ${at('marketing')}"]`)
          .locator('b')
          .first()
          .textContent(),
      ).resolves.toBe('Chloé Dubois — Marketing');
      expect(await page.locator('section.person').count()).toBe(6);
      await expect(page.locator('section.person', { hasText: 'Eva Lind' }).textContent()).resolves.toContain(
        'Gmail is not enabled for this person',
      );
      await expect(page.locator('section.person', { hasText: 'Frank Moreau' }).textContent()).resolves.toContain(
        'Suspended',
      );
      // The stored copy lost its event handler, and the frame could not have run it anyway.
      expect(await page.title()).toBe('TEST MODE Google Workspace · SignaturePro');
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Frames below the fold are painted once scrolled to; scroll through them before the full-page shot.
      for (const frameElement of await page.locator('iframe').all()) await frameElement.scrollIntoViewIfNeeded();
      await page.locator(`iframe[title="Gmail signature of ${at('marketing')}"]`).scrollIntoViewIfNeeded();
      await shoot(page, `google-test-mode-${width}-alias`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `google-test-mode-${width}`, { fullPage: true });
    });
  }
});
