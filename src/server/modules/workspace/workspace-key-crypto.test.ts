import { describe, expect, it } from 'vitest';
import { decryptServiceAccountKey, encryptServiceAccountKey } from './workspace-key-crypto';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!';
const KEY =
  '{"type":"service_account","private_key":"-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n"}';

describe('service account keys at rest (AES-256-GCM)', () => {
  it('round-trips, with a new IV each time and no plaintext in the stored value', () => {
    const a = encryptServiceAccountKey(SECRET, 'org-1', KEY);
    const b = encryptServiceAccountKey(SECRET, 'org-1', KEY);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('PRIVATE');
    expect(decryptServiceAccountKey(SECRET, 'org-1', a)).toBe(KEY);
  });

  it('refuses another secret, another organization, and an altered value', () => {
    const stored = encryptServiceAccountKey(SECRET, 'org-1', KEY);
    expect(() => decryptServiceAccountKey(`${SECRET}x`, 'org-1', stored)).toThrow();
    expect(() => decryptServiceAccountKey(SECRET, 'org-2', stored)).toThrow();
    const [v, iv, tag, data] = stored.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      decryptServiceAccountKey(SECRET, 'org-1', [v, iv, tag, flipped.toString('base64url')].join('.')),
    ).toThrow();
  });
});
