import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals outbox bodies at rest. They carry live sign-in links and codes; the token tables keep only
 * hashes, and this keeps the outbox from undoing that for anyone holding a database copy.
 */
export function createMailSeal(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'signaturepro', 'mail-outbox-v1', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed: string): string {
      if (!sealed.startsWith('v1.')) throw new Error('unknown sealed mail format');
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
export type MailSeal = ReturnType<typeof createMailSeal>;
