import { createHmac } from 'node:crypto';
import { sameSecret } from '../../crypto/constant-time';
import { DAY_MS } from '../../../shared/duration';

/**
 * The contact form's 2-second lock is checked against a time the server issued and signed when
 * the form loaded, so a bot cannot claim it opened the form long ago.
 */
export const FORM_TOKEN_MIN_AGE_MS = 2_000;
/** Older tokens are refused with words for the person (a tab left open for days). */
export const FORM_TOKEN_MAX_AGE_MS = DAY_MS;

const PURPOSE = 'contact-form';

function sign(secret: string, issuedAt: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${issuedAt}`).digest('base64url');
}

export function issueFormToken(secret: string, issuedAt = Date.now()): string {
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

export type FormTokenCheck = 'ok' | 'too-fresh' | 'expired' | 'invalid';

/** Says whether a token is genuine and old enough; never throws on garbage. */
export function checkFormToken(secret: string, token: string | undefined, now = Date.now()): FormTokenCheck {
  const match = /^(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return 'invalid';
  const issuedAt = Number(match[1]);
  if (!sameSecret(match[2]!, sign(secret, issuedAt))) return 'invalid';
  const age = now - issuedAt;
  // A token from the future was not issued by this clock: treat it like a forgery.
  if (age < -5_000) return 'invalid';
  if (age < FORM_TOKEN_MIN_AGE_MS) return 'too-fresh';
  if (age > FORM_TOKEN_MAX_AGE_MS) return 'expired';
  return 'ok';
}
