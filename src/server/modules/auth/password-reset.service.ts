import type { z } from 'zod';
import type {
  choosePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  resetTokenSchema,
} from '../../../shared/validation/auth-schemas';
import { AppError, invalid } from '../../errors';
import type { TokenRow } from './auth-tokens.repository';
import { AUTH_LIMITS, consumeOrThrow, consumeTokenAttempt } from './auth-limits';
import type { Caller } from '../../caller';
import type { Credentials } from './credentials';
import type { AuthFlowDeps } from './email-verification.service';
import { hashLinkToken, newLinkTokenRow, passwordStamp } from './token-crypto';

export const RESET_PURPOSE = 'reset-password';
export const RESET_LINK_TTL_MS = 60 * 60_000;

export const FORGOT_PASSWORD_MESSAGE = "If an account exists with that email, we've sent password reset instructions.";
const INVALID_RESET = 'This reset link is invalid or has expired. Please request a new one.';

type Deps = AuthFlowDeps & { credentials: Credentials };

export function createPasswordResetService({ accounts, tokens, mail, limiter, credentials }: Deps) {
  /** A link still opens a reset only while the password is the one it was issued against. */
  async function stillCurrent(row: TokenRow): Promise<boolean> {
    return row.passwordStamp === passwordStamp(await accounts.findPasswordHash(row.userId));
  }

  return {
    /** Same status, body and mail-free path for unknown addresses: nothing tells them apart. */
    async request({ email }: z.output<typeof forgotPasswordSchema>, caller: Caller): Promise<{ message: string }> {
      const tooMany = (wait: string) => `Too many reset requests. Please check your inbox, or try again ${wait}.`;
      await consumeOrThrow(limiter, AUTH_LIMITS.mailRequestsPerIp, caller.ip, tooMany);
      await consumeOrThrow(limiter, AUTH_LIMITS.resetMailPerAddress, email, tooMany);
      const user = await accounts.findUserByEmail(email);
      if (user) {
        const now = new Date();
        const stamp = passwordStamp(await accounts.findPasswordHash(user.id));
        const { token, row } = newLinkTokenRow(user, RESET_PURPOSE, RESET_LINK_TTL_MS, now, stamp);
        await tokens.replaceToken(row);
        await mail.passwordReset(user.email, user.name, token);
      }
      return { message: FORGOT_PASSWORD_MESSAGE };
    },

    /** Lets the reset page say 'Invalid Reset Link' before anyone types a new password. */
    async check({ token }: z.output<typeof resetTokenSchema>, caller: Caller): Promise<{ valid: boolean }> {
      await consumeTokenAttempt(limiter, caller.ip);
      const row = await tokens.findToken(hashLinkToken(token), RESET_PURPOSE);
      const valid = !!row && !row.consumedAt && row.expiresAt > new Date() && (await stillCurrent(row));
      return { valid };
    },

    // The new password is checked first (by the route's schema), so a typo does not burn the link.
    async reset(data: z.output<typeof resetPasswordSchema>, caller: Caller): Promise<{ message: string }> {
      await consumeTokenAttempt(limiter, caller.ip);
      const now = new Date();
      const row = await tokens.consumeToken(hashLinkToken(data.token), RESET_PURPOSE, now);
      if (!row || !(await stillCurrent(row))) throw invalid(INVALID_RESET);
      const user = await accounts.findUserById(row.userId);
      if (!user || user.email !== row.email) throw invalid(INVALID_RESET);

      await credentials.setPassword(user.id, data.newPassword);
      // Everyone signed in with the old password is signed out, the rightful owner included.
      await credentials.endAllSessions(user.id);
      await tokens.voidTokens(user.id, RESET_PURPOSE, now);
      // The link reached the mailbox, which proves the address; and the owner, now holding the
      // password, may log in again at once even if a guesser had locked the account.
      await accounts.markEmailVerified(user.id, row.email);
      await limiter.reset(AUTH_LIMITS.loginPerAccount, user.email);
      return { message: 'Password reset! You can now login with your new password.' };
    },

    /**
     * The first password of an account that has none (signed in by a link: the verification link
     * opened on another device ends the password set before the proof). Changing an existing one
     * needs the current password, under Account.
     */
    async choose(userId: string, data: z.output<typeof choosePasswordSchema>): Promise<{ message: string }> {
      if (await accounts.findPasswordHash(userId))
        throw new AppError('CONFLICT', 'Your account already has a password. Change it under Account › Security.');
      await credentials.setPassword(userId, data.newPassword);
      return { message: 'Password saved. You can log in with it from now on.' };
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
