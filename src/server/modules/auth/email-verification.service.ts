import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  CODE_PATTERN,
  type resendVerificationSchema,
  type verifyEmailSchema,
} from '../../../shared/validation/auth-schemas';
import { AppError, invalid } from '../../errors';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import type { AuthMail } from './auth-mail';
import type { AuthTokensRepository } from './auth-tokens.repository';
import type { AuthRepository } from './auth.repository';
import { AUTH_LIMITS, checkOrThrow, consumeOrThrow, consumeTokenAttempt } from './auth-limits';
import type { Caller } from '../../caller';
import type { WithCookies } from '../../http';
import { sameSecret } from '../../crypto/constant-time';
import { hashCode, hashLinkToken, newLinkTokenRow, newNumericCode } from './token-crypto';
import { DAY_MS } from '../../../shared/duration';

export const VERIFY_PURPOSE = 'verify-email';
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const VERIFY_LINK_TTL_MS = DAY_MS;

const INVALID_CODE = 'Invalid verification code';
const INVALID_LINK = 'This verification link is invalid or has expired.';
const CODE_SPENT = 'This code has expired or been tried too many times. Please request a new code.';

/** What every account flow works with: the accounts, their one-time tokens, their mail and their limits. */
export type AuthFlowDeps = {
  accounts: AuthRepository;
  tokens: AuthTokensRepository;
  mail: AuthMail;
  limiter: RateLimiter;
};

type Deps = AuthFlowDeps & {
  /** Keys the code HMAC; never stored in the database. */
  secret: string;
  /** The session token the request carries (signed cookie), or null. */
  sessionToken(headers: Headers): Promise<string | null>;
  /** Signs a person in (a new session): the Set-Cookie headers for the answer. */
  startSession(userId: string): Promise<string[]>;
};

export type VerifyResult = { message: string; email: string; signedOut?: boolean; signedIn?: boolean };

/** Said when the proof came from outside the account's own session: everything before it ended. */
export const VERIFIED_SIGNED_OUT =
  'Email verified! For your safety we ended every earlier sign-in and removed the password set before the address was confirmed. Log in with a sign-in link, then choose a password under Account.';

/**
 * Said when the link was opened in a browser without the sign-up's session: the link proved the
 * mailbox as a magic link does, so this browser is signed in, and the person chooses a password here.
 */
export const VERIFIED_SIGNED_IN =
  'You are signed in on this device. For your safety we ended every earlier sign-in and removed the password set before the address was confirmed: choose a new one below.';

export function createEmailVerificationService({
  accounts,
  tokens,
  mail,
  limiter,
  secret,
  sessionToken,
  startSession,
}: Deps) {
  /**
   * Proving the address ends what was set up before the proof. Proved from the
   * account's own session (the person who set the password): that session stays, the others end.
   * Proved from anywhere else (a link opened in another browser, a code typed without signing in):
   * every session and the password end, so an account squatted on the address does not survive.
   */
  async function secureAfterVerification(userId: string, email: string, caller: Caller): Promise<VerifyResult> {
    const token = await sessionToken(caller.headers);
    const own = token && (await accounts.findLiveSessionUserId(token, new Date())) === userId ? token : null;
    await accounts.endCredentialsBefore(userId, own);
    return own ? { message: 'Email verified!', email } : { message: VERIFIED_SIGNED_OUT, email, signedOut: true };
  }

  /** A new code (replacing the last) and a new 24-hour link, in one mail. */
  async function issue(user: { id: string; email: string; name: string }) {
    const now = new Date();
    const code = newNumericCode();
    await tokens.replaceCode({
      id: randomUUID(),
      userId: user.id,
      purpose: VERIFY_PURPOSE,
      email: user.email,
      codeHash: hashCode(secret, { userId: user.id, purpose: VERIFY_PURPOSE, code }),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    const { token, row } = newLinkTokenRow(user, VERIFY_PURPOSE, VERIFY_LINK_TTL_MS, now, null);
    await tokens.insertToken(row);
    await mail.verification(user.email, user.name, code, token);
  }

  async function verifyCode(code: string, email: string | undefined, caller: Caller): Promise<VerifyResult> {
    let user;
    if (caller.userId) user = await accounts.findUserById(caller.userId);
    else if (email) user = await accounts.findUserByEmail(email);
    else throw invalid('No email found for verification. Please sign up again.');
    if (user && caller.userId && user.emailVerified)
      return { message: 'Your email is already verified.', email: user.email };
    // Failures are counted per address, existing or not, so the limit itself reveals no account.
    const key = (user?.email ?? email ?? '').toLowerCase();
    const tooManyToday = (wait: string) =>
      `Too many incorrect codes. Please try again ${wait}, or use the link in the email.`;
    await checkOrThrow(limiter, AUTH_LIMITS.codeFailuresPerAccount, key, tooManyToday);
    const fail = async (message: string): Promise<never> => {
      await limiter.hit(AUTH_LIMITS.codeFailuresPerAccount, key);
      // Without a session the caller may be a stranger: one message for every failure, so that
      // "no such account" and "wrong code" look the same.
      throw invalid(caller.userId ? message : INVALID_CODE);
    };
    if (!user) return fail(INVALID_CODE);

    const now = new Date();
    const row = await tokens.reserveCodeAttempt(user.id, VERIFY_PURPOSE, now, CODE_MAX_ATTEMPTS);
    if (!row) return fail(CODE_SPENT);
    const expected = hashCode(secret, { userId: user.id, purpose: VERIFY_PURPOSE, code });
    if (!sameSecret(expected, row.codeHash) || row.email !== user.email) {
      return fail(row.attempts >= CODE_MAX_ATTEMPTS ? `That code is not right. ${CODE_SPENT}` : INVALID_CODE);
    }
    if (!(await tokens.consumeCode(row.id, now))) return fail(CODE_SPENT);
    await accounts.markEmailVerified(user.id, row.email);
    return secureAfterVerification(user.id, row.email, caller);
  }

  async function verifyLink(token: string, caller: Caller): Promise<WithCookies<VerifyResult>> {
    const now = new Date();
    const hash = hashLinkToken(token);
    const row = await tokens.consumeToken(hash, VERIFY_PURPOSE, now);
    if (row) {
      if (!(await accounts.markEmailVerified(row.userId, row.email))) throw invalid(INVALID_LINK);
      const result = await secureAfterVerification(row.userId, row.email, caller);
      if (!result.signedOut) return { body: result, setCookies: [] };
      // Everything set up before the proof has ended; the mailbox's owner goes on in this browser.
      const setCookies = await startSession(row.userId);
      return { body: { message: VERIFIED_SIGNED_IN, email: row.email, signedOut: true, signedIn: true }, setCookies };
    }
    // A second click (or a mail scanner's first) on a link that already did its job is not an
    // error for the person holding it: the address is verified.
    const used = await tokens.findToken(hash, VERIFY_PURPOSE);
    if (used?.consumedAt && used.expiresAt > now) {
      const user = await accounts.findUserById(used.userId);
      if (user?.emailVerified && user.email === used.email)
        return { body: { message: 'Your email is already verified.', email: user.email }, setCookies: [] };
    }
    throw invalid(INVALID_LINK);
  }

  return {
    issue,

    async verify(data: z.output<typeof verifyEmailSchema>, caller: Caller): Promise<WithCookies<VerifyResult>> {
      await consumeTokenAttempt(limiter, caller.ip);
      if (!CODE_PATTERN.test(data.token)) return verifyLink(data.token, caller);
      // A code typed without the session proves less than the link (six digits): no sign-in here.
      return { body: await verifyCode(data.token, data.email, caller), setCookies: [] };
    },

    async resend(data: z.output<typeof resendVerificationSchema>, caller: Caller): Promise<{ message: string }> {
      const tooMany = (wait: string) =>
        `We have sent several emails already. Please check your inbox, or try again ${wait}.`;
      if (caller.userId) {
        const user = await accounts.findUserById(caller.userId);
        if (!user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
        if (user.emailVerified) throw new AppError('CONFLICT', 'Your email address is already verified.');
        await consumeOrThrow(limiter, AUTH_LIMITS.verificationMailPerAccount, user.email, tooMany);
        await issue(user);
        return { message: 'Verification email sent' };
      }
      if (!data.email) throw invalid('Please log in, or sign up again to get a new verification email.');
      await consumeOrThrow(limiter, AUTH_LIMITS.mailRequestsPerIp, caller.ip, tooMany);
      await consumeOrThrow(limiter, AUTH_LIMITS.verificationMailPerAccount, data.email, tooMany);
      const user = await accounts.findUserByEmail(data.email);
      if (user && !user.emailVerified) await issue(user);
      // The same words whether or not the address has an account waiting for verification.
      return { message: 'Verification email sent' };
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
