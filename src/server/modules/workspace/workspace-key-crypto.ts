import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Service account keys at rest: AES-256-GCM (node:crypto) with a random 12-byte IV per key and the
 * organization's id as additional data, so a stored key copied to another organization's row does
 * not decrypt. The 32-byte key is SHA-256 of the secret (WORKSPACE_KEY_SECRET, or the key derived
 * from SESSION_SECRET: google/workspace-key-secret.ts). docs/decisions/0116-workspace-key-encryption.md.
 */
const VERSION = 'v1';

const keyOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

export function encryptServiceAccountKey(secret: string, organizationId: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(Buffer.from(organizationId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Throws when the secret changed or the value was altered (GCM's tag does not match). */
export function decryptServiceAccountKey(secret: string, organizationId: string, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('unknown key format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(organizationId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
