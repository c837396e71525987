import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { parseServiceAccountKey } from '../../src/server/google/service-account-key';
import {
  TEST_MODE_ADMIN_EMAIL,
  TEST_MODE_DOMAIN,
  createTestModeServiceAccount,
} from '../../src/server/google/test-mode';
import { createWorkspaceClient } from '../../src/server/google/workspace-client';
import { freePort } from '../../src/test-support/free-port';
import { SCREENSHOT_DIR, openBrowser } from './support/browser';

/**
 * The TEST MODE Workspace page in Chromium: the signatures pushed through the Workspace client
 * show in sandboxed frames, under a TEST MODE banner, at phone and desktop widths. The page is
 * drawn by the server, so no client build is needed.
 */

const at = (local: string) => `${local}@${TEST_MODE_DOMAIN}`;
let app: FastifyInstance;
let config: AppConfig;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-e2e-gtest-'));
  const port = await freePort();
  config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
  });
  app = await buildApp(config, { logger: false, clientDir: false });
  await app.listen({ port, host: '127.0.0.1' });

  const { keyJson, adminEmail } = await createTestModeServiceAccount(app.services.googleTestMode!);
  const client = createWorkspaceClient({ key: parseServiceAccountKey(keyJson), endpoints: config.google.endpoints });
  await client.checkConnection(adminEmail);
  const signature = (name: string, title: string) =>
    `<table cellpadding="0" cellspacing="0" style="font-family:Arial,sans-serif;font-size:13px;color:#1f2937"><tr><td style="padding-right:12px;border-right:2px solid #2563eb"><b style="font-size:15px">${name}</b><br>${title}</td><td style="padding-left:12px">Example Test Inc.<br><a href="https://example.com" style="color:#2563eb">example.com</a></td></tr></table>`;
  await client.patchSignature(
    at('ben.carter'),
    at('ben.carter'),
    signature('Ben Carter', 'Account Executive') + '<img src="x" onerror="parent.document.title=\'pwned\'">',
  );
  await client.patchSignature(
    TEST_MODE_ADMIN_EMAIL,
    TEST_MODE_ADMIN_EMAIL,
    signature('Ada Admin', 'Head of Operations'),
  );
  await client.patchSignature(
    at('chloe.dubois'),
    at('marketing'),
    signature('Chloé Dubois — Marketing', 'Marketing Manager'),
  );
});

afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('TEST MODE Google Workspace page', () => {
  for (const width of [1280, 375]) {
    it(`shows each person and their stored Gmail signature at ${width} px`, async () => {
      const browser = await openBrowser(config.publicUrl, { width, height: 900 });
      try {
        const { page } = browser;
        const response = await page.goto(`${config.publicUrl}/test-mode/google`);
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
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        // Frames below the fold are painted once scrolled to; scroll through them before the full-page shot.
        for (const frameElement of await page.locator('iframe').all()) await frameElement.scrollIntoViewIfNeeded();
        await page.locator(`iframe[title="Gmail signature of ${at('marketing')}"]`).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `google-test-mode-${width}-alias.png`) });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `google-test-mode-${width}.png`), fullPage: true });
      } finally {
        await browser.close();
      }
    });
  }
});
