import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInPerson } from '../../test-support/workspace-world';
import { runConnectionChecks } from './connection-check';
import { makeTestServiceAccount } from './google-stand-in-token';
import { startGoogleStandIn } from '../../test-support/google-stand-in-harness';
import { createWorkspaceClient, DIRECTORY_SCOPE, GMAIL_SETTINGS_SCOPE } from './workspace-client';
import { parseServiceAccountKey } from './service-account-key';

const DOMAIN = 'lines.test';
const SCOPES = [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE];

describe('runConnectionChecks against the stand-in', () => {
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  const account = makeTestServiceAccount(DOMAIN);
  const run = (adminEmail: string, refusal: string | null) =>
    runConnectionChecks({
      key: { json: account.keyJson },
      adminEmail,
      scopes: SCOPES,
      clientFor: (json) => createWorkspaceClient({ key: parseServiceAccountKey(json), endpoints: google.endpoints }),
      publicUrl: { refusal, fine: 'fine' },
    });

  beforeAll(async () => {
    google = await startGoogleStandIn({
      people: [
        standInPerson(DOMAIN, 'root', 'Rita Root', { isAdmin: true }),
        standInPerson(DOMAIN, 'noinbox', 'Nora NoInbox', { isAdmin: true, isMailboxSetup: false }),
      ],
    });
    await google.state.grant(account.client);
  });
  afterAll(async () => google?.close());

  it('PUBLIC_URL not public fails its own line but does not block connecting', async () => {
    const report = await run(`root@${DOMAIN}`, 'Not pushed: every image … would be broken.');
    expect(report.ok).toBe(true);
    expect(report.lines.at(-1)).toEqual({
      id: 'publicUrl',
      label: 'PUBLIC_URL public',
      state: 'fail',
      detail: 'Not pushed: every image … would be broken.',
    });
    expect(report.firstError).toBeNull();
  });

  it('an admin without a mailbox still proves the Gmail API is enabled (Google answered "Mail service not enabled")', async () => {
    const report = await run(`noinbox@${DOMAIN}`, null);
    expect(report.ok).toBe(true);
    expect(report.lines.find((l) => l.id === 'gmailApi')).toMatchObject({
      state: 'pass',
      detail: `The Gmail API answers (noinbox@${DOMAIN} has no Gmail mailbox of their own).`,
    });
  });

  it('a key that does not parse: its words, and nothing asked of Google', async () => {
    const before = google.state.totalTokenRequests();
    const report = await runConnectionChecks({
      key: { json: '{"type": "service_account"}' },
      adminEmail: `root@${DOMAIN}`,
      scopes: SCOPES,
      clientFor: () => {
        throw new Error('no client for a key that does not parse');
      },
      publicUrl: { refusal: null, fine: 'fine' },
    });
    expect(report.ok).toBe(false);
    expect(report.lines[0]).toMatchObject({
      state: 'fail',
      detail: expect.stringMatching(/"client_email" is missing/),
    });
    expect(report.lines.slice(1, 6).every((l) => l.state === 'skipped')).toBe(true);
    expect(report.firstError?.kind).toBe('invalid_key');
    expect(google.state.totalTokenRequests()).toBe(before);
  });
});
