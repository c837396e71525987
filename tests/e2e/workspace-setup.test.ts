import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { makeTestServiceAccount } from '../../src/server/google/google-stand-in-token';
import { startGoogleStandIn, type InjectedFailure } from '../../src/test-support/google-stand-in-harness';
import { DIRECTORY_SCOPE, GMAIL_SETTINGS_SCOPE } from '../../src/server/google/workspace-client';
import { standInPerson } from '../../src/test-support/workspace-world';
import { signUpThroughApi } from './support/accounts';
import { startApp, type RunningApp } from './support/app-server';
import { openBrowser, shoot as shootIn, type Browser } from './support/browser';
import { linkIn, readMailbox, waitForMail } from './support/mailbox';
import { expect, test } from './support/fixtures';

/**
 * The connect page explains itself (design/google-workspace.md, "What fails first"): a pasted key's
 * client ID, copy button and Admin console link appear before anything is sent; "Check connection"
 * is one PASS/FAIL line per check, and each cause injected at the Google stand-in fails its own line.
 */
const SHOTS = '/tmp/shots-workspace-setup';
const DOMAIN = 'setup-e2e.test';
const disabled = (api: string, service: string): InjectedFailure => ({
  status: 403,
  reason: 'accessNotConfigured',
  message: `${api} has not been used in project 123456789012 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/${service}/overview?project=123456789012 then retry.`,
});

let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let app: RunningApp;
let owner: Browser;
const ownerEmail = `setup-${Date.now()}@example.com`;
const account = makeTestServiceAccount(DOMAIN);

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await shootIn(page, name, { dir: SHOTS, fullPage: true });
}

const failing = (page: Page) =>
  page
    .locator('[data-testid="workspace-checks"] li[data-state="fail"]')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-testid')));

beforeAll(async () => {
  google = await startGoogleStandIn({
    people: [
      standInPerson(DOMAIN, 'root', 'Rita Root', { isAdmin: true }),
      standInPerson(DOMAIN, 'sam', 'Sam Seller', { department: 'Sales' }),
    ],
  });
  await google.state.grant(account.client);
  app = await startApp({
    GOOGLE_TOKEN_URL: google.endpoints.tokenUrl,
    GOOGLE_GMAIL_API_URL: google.endpoints.gmailApiUrl,
    GOOGLE_DIRECTORY_API_URL: google.endpoints.directoryApiUrl,
  });
  owner = await openBrowser(app.url);
  await signUpThroughApi(app, owner.context.request, { email: ownerEmail, name: 'Sue Setup' });
}, 120_000);

afterAll(async () => {
  await owner?.close();
  await app?.stop();
  await google?.close();
});

describe('Workspace setup that explains itself', () => {
  test('a pasted key shows its client ID, a copy button and the Admin console link before connecting', async () => {
    const { page } = owner;
    await page.goto(`${app.url}/account/workspace`);
    await page.getByRole('heading', { name: 'Connect Google Workspace' }).waitFor();
    expect(await page.getByTestId('workspace-steps').textContent()).toMatch(
      /Enable the Gmail API and the Admin SDK API.*Service account key creation is disabled.*super admin.*24 hours/s,
    );
    expect(await page.getByTestId('workspace-delegation').count()).toBe(0);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));

    await page.getByLabel('Service account key (JSON)').fill(account.keyJson);
    await page.getByTestId('workspace-key-client-id').waitFor();
    expect(await page.getByTestId('workspace-key-client-id').textContent()).toBe(account.client.clientId);
    expect(await page.getByTestId('workspace-delegation-link').getAttribute('href')).toBe(
      `https://admin.google.com/ac/owl/domainwidedelegation?clientIdToAdd=${account.client.clientId}&clientScopeToAdd=${GMAIL_SETTINGS_SCOPE},${DIRECTORY_SCOPE}&overwriteClientId=true`,
    );
    expect(await page.getByRole('link', { name: 'Gmail API', exact: true }).getAttribute('href')).toBe(
      'https://console.cloud.google.com/apis/library/gmail.googleapis.com?project=signaturepro-test',
    );
    expect(await page.getByRole('link', { name: 'Admin SDK API', exact: true }).getAttribute('href')).toBe(
      'https://console.cloud.google.com/apis/library/admin.googleapis.com?project=signaturepro-test',
    );
    // Read in the browser: nothing was sent to the server for it.
    expect(requests.filter((url) => url.includes('/api/workspace'))).toEqual([]);
    await page.getByRole('button', { name: 'Copy client ID' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(account.client.clientId);
    await page.getByLabel('Workspace admin address').fill(`root@${DOMAIN}`);
    await shoot(page, 'connect-key-read-1280');

    const small = await openBrowser(app.url, { width: 375, height: 812 });
    try {
      await small.context.addCookies(await owner.context.cookies());
      await small.page.goto(`${app.url}/account/workspace`);
      await small.page.getByLabel('Service account key (JSON)').fill(account.keyJson);
      await small.page.getByTestId('workspace-key-client-id').waitFor();
      await shoot(small.page, 'connect-key-read-375');
    } finally {
      await small.close();
    }
  }, 90_000);

  test('"Check connection" is seven PASS lines; each injected cause fails exactly its own line', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Connect and check' }).click();
    await page.getByTestId('workspace-client-id').waitFor({ timeout: 20_000 });
    const check = async () => {
      await page.getByRole('button', { name: 'Check connection' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Check connection' }).isEnabled()).toBe(true);
      await page.getByTestId('workspace-checks').waitFor();
      await expect.poll(() => page.getByTestId('workspace-checks').locator('li').count()).toBe(7);
    };
    await check();
    expect(await failing(page)).toEqual([]);
    expect(await page.getByTestId('check-directory').textContent()).toContain('2 people in the directory');
    await shoot(page, 'checks-pass-1280');

    const causes: [string, () => Promise<void>][] = [
      [
        'check-directoryToken',
        async () =>
          google.state.injectFailures('token', 1, {
            status: 400,
            reason: 'invalid_grant',
            message: 'Invalid JWT Signature.',
          }),
      ],
      ['check-gmailToken', () => google.state.grant({ ...account.client, scopes: [DIRECTORY_SCOPE] })],
      [
        'check-adminSdk',
        async () => google.state.injectFailures('users.get', 1, disabled('Admin SDK API', 'admin.googleapis.com')),
      ],
      [
        'check-directory',
        async () =>
          google.state.injectFailures('directory', 1, {
            status: 403,
            reason: 'forbidden',
            message: 'Not Authorized to access this resource/api',
          }),
      ],
      [
        'check-gmailApi',
        async () => google.state.injectFailures('sendAs.list', 1, disabled('Gmail API', 'gmail.googleapis.com')),
      ],
    ];
    for (const [line, inject] of causes) {
      await inject();
      // Each click's answer replaces the list: wait for this cause's line to fail.
      await check();
      await expect.poll(() => failing(page), { timeout: 10_000 }).toEqual([line]);
      expect(await page.getByTestId('workspace-check-result').textContent()).toMatch(/^1 of 7 checks failed: “/);
      await google.state.grant(account.client);
    }
    // The last cause's list: the Gmail API line with its enable page.
    expect(await page.getByTestId('check-gmailApi').getByRole('link').getAttribute('href')).toBe(
      'https://console.cloud.google.com/apis/library/gmail.googleapis.com?project=signaturepro-test',
    );
    await shoot(page, 'checks-gmail-disabled-1280');
    const small = await openBrowser(app.url, { width: 375, height: 812 });
    try {
      await small.context.addCookies(await owner.context.cookies());
      await small.page.goto(`${app.url}/account/workspace`);
      google.state.injectFailures('users.get', 1, disabled('Admin SDK API', 'admin.googleapis.com'));
      await small.page.getByRole('button', { name: 'Check connection' }).click();
      await expect.poll(() => failing(small.page), { timeout: 10_000 }).toEqual(['check-adminSdk']);
      await shoot(small.page, 'checks-admin-sdk-disabled-375');
    } finally {
      await small.close();
    }
  }, 120_000);

  test('a revoked key stops the push: the page says why and how to resume, the owner gets one e-mail', async () => {
    const { page } = owner;
    const api = owner.context.request;
    const sync = await api.post(`${app.url}/api/workspace/sync`, { headers: { origin: app.url } });
    expect(sync.status()).toBe(202);
    await expect.poll(async () => (await (await api.get(`${app.url}/api/workspace`)).json()).people.length).toBe(2);

    // Tokens already handed out stay valid for their hour; the people not yet pushed need new ones.
    await google.state.revoke(account.client.clientEmail);
    const push = await api.post(`${app.url}/api/workspace/push`, {
      headers: { origin: app.url },
      data: { target: { kind: 'all' }, dryRun: false },
    });
    expect(push.status()).toBe(200);
    const mail = await waitForMail(app.dataDir, ownerEmail, /no longer pushed to Gmail/, 30_000);
    expect(mail.text).toContain('Invalid JWT Signature');
    expect(linkIn(mail, '/account/workspace')).toBe(`${app.url}/account/workspace`);

    await page.goto(`${app.url}/account/workspace`);
    const notice = page.getByTestId('workspace-stopped');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toMatch(
      /Pushes and syncs are stopped since .*Invalid JWT Signature.*Check connection/s,
    );
    await shoot(page, 'stopped-1280');
    const small = await openBrowser(app.url, { width: 375, height: 812 });
    try {
      await small.context.addCookies(await owner.context.cookies());
      await small.page.goto(`${app.url}/account/workspace`);
      await small.page.getByTestId('workspace-stopped').waitFor();
      const box = await small.page.getByTestId('workspace-stopped').boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      // People and the audit log are cards on a phone: nothing to scroll sideways, every status in view.
      const rows = small.page.locator('[data-testid^="person-"], [data-testid="audit-log"] tbody tr');
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
      for (const row of await rows.all()) {
        const b = (await row.boundingBox())!;
        expect(b.x >= 0 && b.x + b.width <= 375).toBe(true);
      }
      const failed = small.page.getByTestId(`person-sam@${DOMAIN}`).getByText('Failed', { exact: true });
      const f = (await failed.boundingBox())!;
      expect(f.x + f.width).toBeLessThanOrEqual(375);
      const scrollers = await small.page
        .locator('.overflow-x-auto')
        .evaluateAll((els) => els.map((el) => el.scrollWidth - el.clientWidth));
      expect(scrollers.every((extra) => extra <= 0)).toBe(true);
      await shoot(small.page, 'stopped-375');
    } finally {
      await small.close();
    }

    // Fixed in Google: a passing check takes the notice away; one stop, one e-mail.
    await google.state.grant(account.client);
    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect.poll(() => failing(page), { timeout: 20_000 }).toEqual([]);
    await expect.poll(() => notice.count(), { timeout: 20_000 }).toBe(0);
    const stopMails = (await readMailbox(app.dataDir)).filter((m) => /no longer pushed/.test(m.subject ?? ''));
    expect(stopMails).toHaveLength(1);
  }, 120_000);

  test('the alias setting is one checkbox an admin turns on, kept across a reload', async () => {
    const { page } = owner;
    await page.goto(`${app.url}/account/workspace`);
    const box = page.getByLabel('Also write the organization signature to every accepted alias');
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Aliases included');
    await page.reload();
    await expect.poll(() => box.isChecked()).toBe(true);
    const small = await openBrowser(app.url, { width: 375, height: 812 });
    try {
      await small.context.addCookies(await owner.context.cookies());
      await small.page.goto(`${app.url}/account/workspace`);
      const option = small.page.getByLabel('Also write the organization signature to every accepted alias');
      await option.waitFor();
      expect(await option.isChecked()).toBe(true);
      const label = (await small.page.getByText('Also write the organization signature').boundingBox())!;
      expect(label.x + label.width).toBeLessThanOrEqual(375);
      await option.scrollIntoViewIfNeeded();
      await shootIn(small.page, 'aliases-375', { dir: SHOTS });
    } finally {
      await small.close();
    }
  }, 90_000);
});
