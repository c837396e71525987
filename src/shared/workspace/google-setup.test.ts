import { describe, expect, it } from 'vitest';
import { delegationLink, enableApiLink, readKeyPreview } from './google-setup';

const KEY = JSON.stringify({
  type: 'service_account',
  project_id: 'acme-sigs-42',
  private_key_id: 'abc',
  private_key: '-----BEGIN PRIVATE KEY-----\nMII…\n-----END PRIVATE KEY-----\n',
  client_email: 'sigs@acme-sigs-42.iam.gserviceaccount.com',
  client_id: '112233445566778899001',
});

describe('the connect page reads a pasted key before anything is sent', () => {
  it('a key file: its client ID, project and service account', () => {
    expect(readKeyPreview(KEY)).toEqual({
      ok: true,
      clientId: '112233445566778899001',
      projectId: 'acme-sigs-42',
      clientEmail: 'sigs@acme-sigs-42.iam.gserviceaccount.com',
    });
  });

  it('says, in words, why something else is not a key', () => {
    expect(readKeyPreview('')).toMatchObject({ ok: false, reason: /Paste the key file/ });
    expect(readKeyPreview('{"type": "service_acc')).toMatchObject({ ok: false, reason: /not JSON yet/ });
    expect(readKeyPreview('[1]')).toMatchObject({ ok: false, reason: /not a service account key file/ });
    expect(readKeyPreview('{"installed": {"client_id": "x.apps.googleusercontent.com"}}')).toMatchObject({
      ok: false,
      reason: /no numeric "client_id"/,
    });
    expect(readKeyPreview(JSON.stringify({ type: 'authorized_user', client_id: '1' }))).toMatchObject({
      ok: false,
      reason: /not "service_account": an OAuth client file/,
    });
    expect(readKeyPreview(JSON.stringify({ client_id: '123' }))).toMatchObject({ ok: false, reason: /client_email/ });
  });

  it('a key without project_id still shows its client ID', () => {
    const { project_id: _omit, ...rest } = JSON.parse(KEY) as Record<string, string>;
    expect(readKeyPreview(JSON.stringify(rest))).toMatchObject({ ok: true, projectId: null });
  });

  it("the Admin console link is Google's own, with the client ID and both scopes", () => {
    expect(
      delegationLink('112233445566778899001', [
        'https://www.googleapis.com/auth/gmail.settings.basic',
        'https://www.googleapis.com/auth/admin.directory.user.readonly',
      ]),
    ).toBe(
      'https://admin.google.com/ac/owl/domainwidedelegation?clientIdToAdd=112233445566778899001&clientScopeToAdd=https://www.googleapis.com/auth/gmail.settings.basic,https://www.googleapis.com/auth/admin.directory.user.readonly&overwriteClientId=true',
    );
  });

  it("the enable pages name the key's project (the project picker without one)", () => {
    expect(enableApiLink('gmail', 'acme-sigs-42')).toBe(
      'https://console.cloud.google.com/apis/library/gmail.googleapis.com?project=acme-sigs-42',
    );
    expect(enableApiLink('admin', 'acme-sigs-42')).toBe(
      'https://console.cloud.google.com/apis/library/admin.googleapis.com?project=acme-sigs-42',
    );
    expect(enableApiLink('admin', null)).toBe('https://console.cloud.google.com/apis/library/admin.googleapis.com');
  });
});
