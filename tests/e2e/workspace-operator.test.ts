import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { makeTestServiceAccount } from '../../src/server/google/google-stand-in-token';
import { startGoogleStandIn } from '../../src/test-support/google-stand-in-harness';
import { DIRECTORY_SCOPE, GMAIL_SETTINGS_SCOPE } from '../../src/server/google/workspace-client';
import { standInPerson } from '../../src/test-support/workspace-world';
import { signUpThroughApi } from './support/accounts';
import { startApp } from './support/app-server';
import { openBrowser, shoot as shootIn } from './support/browser';
import { expect, test } from './support/fixtures';

/**
 * With the operator's service account (GOOGLE_SERVICE_ACCOUNT_KEY, decision 0141) there is no key to
 * paste: a confirmed super admin of the domain types their address, authorises the server's client
 * ID with the link, and presses "Check connection".
 */
const SHOTS = '/tmp/shots-workspace-operator';
const DOMAIN = 'operator-e2e.test';

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await shootIn(page, name, { dir: SHOTS, fullPage: true });
}

describe('Workspace with the operator’s service account', () => {
  test('no key to paste: the client ID and link, a super-admin address, "Check connection", connected', async () => {
    const operator = makeTestServiceAccount(DOMAIN);
    const google = await startGoogleStandIn({
      people: [
        standInPerson(DOMAIN, 'root', 'Rita Root', { isAdmin: true }),
        standInPerson(DOMAIN, 'sam', 'Sam Seller'),
      ],
    });
    await google.state.grant(operator.client);
    const app = await startApp({
      GOOGLE_SERVICE_ACCOUNT_KEY: operator.keyJson,
      GOOGLE_TOKEN_URL: google.endpoints.tokenUrl,
      GOOGLE_GMAIL_API_URL: google.endpoints.gmailApiUrl,
      GOOGLE_DIRECTORY_API_URL: google.endpoints.directoryApiUrl,
    });
    const b = await openBrowser(app.url);
    const small = await openBrowser(app.url, { width: 375, height: 812 });
    try {
      await signUpThroughApi(app, b.context.request, { email: `root@${DOMAIN}`, name: 'Rita Root' });
      const { page } = b;
      await page.goto(`${app.url}/account/workspace`);
      await page.getByTestId('workspace-operator').waitFor();
      expect(await page.getByTestId('workspace-key-client-id').textContent()).toBe(operator.client.clientId);
      expect(await page.getByTestId('workspace-delegation-link').getAttribute('href')).toBe(
        `https://admin.google.com/ac/owl/domainwidedelegation?clientIdToAdd=${operator.client.clientId}&clientScopeToAdd=${GMAIL_SETTINGS_SCOPE},${DIRECTORY_SCOPE}&overwriteClientId=true`,
      );
      // Pasting a key of one's own stays available, folded away.
      expect(await page.getByLabel('Service account key (JSON)').isVisible()).toBe(false);
      await page.getByText("Or use your organization's own service account key").click();
      expect(await page.getByLabel('Service account key (JSON)').isVisible()).toBe(true);

      await small.context.addCookies(await b.context.cookies());
      await small.page.goto(`${app.url}/account/workspace`);
      await small.page.getByTestId('workspace-operator').waitFor();
      await shoot(small.page, 'operator-connect-375');

      // Sam's address is not a super admin: refused beside the field.
      await page.getByLabel('Super admin address').fill(`sam@${DOMAIN}`);
      await page.getByRole('button', { name: 'Check connection' }).click();
      await expect.poll(() => page.getByTestId('workspace-operator-error').textContent()).toMatch(/admin/i);
      await shoot(page, 'operator-refused-1280');

      await page.getByLabel('Super admin address').fill(`root@${DOMAIN}`);
      await page.getByRole('button', { name: 'Check connection' }).click();
      await page.getByTestId('workspace-client-id').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('workspace-client-id').textContent()).toBe(operator.client.clientId);
      await shoot(page, 'operator-connected-1280');
    } finally {
      await small.close();
      await b.close();
      await app.stop();
      await google.close();
    }
  }, 120_000);
});
