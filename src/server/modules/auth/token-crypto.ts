import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';

/** 256 bits from the OS CSPRNG, URL-safe: unguessable, so a plain SHA-256 is enough to store it. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Six digits, uniformly drawn (randomInt has no modulo bias). */
export function newNumericCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * A million codes are quick to try offline, so a plain hash would not protect them: the HMAC key
 * lives outside the database, and the account and purpose are inside the MAC, binding the code.
 */
export function hashCode(secret: string, input: { userId: string; purpose: string; code: string }): string {
  return createHmac('sha256', secret).update(`${input.purpose}\n${input.userId}\n${input.code}`).digest('base64url');
}

/** A short fingerprint of the stored password hash; changes whenever the password does. */
export function passwordStamp(passwordHash: string | null | undefined): string {
  return passwordHash ? createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22) : 'none';
}

/**
 * A new link for one account and purpose: the token to mail, and the row to store, which keeps
 * only the token's hash. `stamp` binds a reset link to the password it was issued against.
 */
export function newLinkTokenRow(
  user: { id: string; email: string },
  purpose: string,
  ttlMs: number,
  now: Date,
  stamp: string | null,
) {
  const token = newLinkToken();
  const row = {
    id: randomUUID(),
    userId: user.id,
    purpose,
    email: user.email,
    tokenHash: hashLinkToken(token),
    passwordStamp: stamp,
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  };
  return { token, row };
}
