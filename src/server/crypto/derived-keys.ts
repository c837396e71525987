import { hkdfSync } from 'node:crypto';

/** Every job SESSION_SECRET does, each with a key of its own. */
export type KeyPurpose = 'better-auth' | 'invitation-token' | 'verification-code' | 'contact-form' | 'workspace-key';

/**
 * A key for one purpose, derived from SESSION_SECRET with HKDF-SHA256 (the same scheme as the
 * mail outbox's sealing key, mail/mail-seal.ts). A token or MAC made for one purpose is worthless
 * for any other, and no code path holds the secret itself once the keys are derived.
 */
export function deriveKey(sessionSecret: string, purpose: KeyPurpose): string {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'signaturepro', `${purpose}-v1`, 32)).toString('base64url');
}
