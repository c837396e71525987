import { tooMany } from '../../http';
import { APIError } from 'better-auth/api';
import type { AccountProfile, DeviceSession } from '../../../shared/account-area-types';
import type { z } from 'zod';
import type {
  changePasswordSchema,
  deleteAccountSchema,
  profileSchema,
} from '../../../shared/validation/account-schemas';
import { AppError, invalid, notFound, unauthenticated } from '../../errors';
import type { LimitRule, RateLimiter } from '../../rate-limit/rate-limiter';
import type { ObjectStorage } from '../../storage/object-storage';
import type { Auth } from '../auth/auth';
import type { WithCookies } from '../../http';
import type { AccountRepository } from './account.repository';

/** An account without a password may be deleted this long after signing in by email link. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;
export const DELETE_NEEDS_PASSWORD = 'Please enter your password to confirm';
export const DELETE_NEEDS_FRESH_SIGN_IN =
  'For your safety, deleting an account needs a fresh sign-in. We have emailed you a sign-in link: open it, then delete your account within 10 minutes.';

/** Guessing the current password from a stolen session: 5 wrong tries per 15 minutes per account. */
export const PASSWORD_CHANGE_FAILURES: LimitRule = { name: 'password-change-account', limit: 5, windowMs: 15 * 60_000 };

const WRONG_PASSWORD = 'Current password is incorrect';

export function createAccountService(deps: {
  repository: AccountRepository;
  betterAuth: Auth;
  storage: ObjectStorage;
  /** When the app has one, wrong current passwords are counted. */
  limiter?: RateLimiter;
  /** Cancels the person's live subscriptions at the provider; throws (and so stops the deletion) if it cannot. */
  endSubscriptions?: (userId: string) => Promise<void>;
  /** Mails a sign-in link (accounts without a password prove themselves by a fresh sign-in). */
  sendSignInLink?: (email: string, headers: Headers) => Promise<void>;
}) {
  const { repository, betterAuth, storage, limiter } = deps;

  async function findUser(userId: string) {
    const row = await repository.findUser(userId);
    if (!row) throw unauthenticated();
    return row;
  }

  const toProfile = (row: Awaited<ReturnType<typeof findUser>>): AccountProfile => ({
    name: row.name,
    email: row.email,
    timezone: row.timezone,
    emailVerified: row.emailVerified,
  });

  /** The id of the session making this request (the device the person is holding). */
  async function currentSessionId(headers: Headers): Promise<string> {
    const found = await betterAuth.api.getSession({ headers });
    if (!found) throw unauthenticated();
    return found.session.id;
  }

  /** Clears the session cookie once the account is gone (the session row already went with it). */
  async function clearedCookies(headers: Headers): Promise<string[]> {
    try {
      return (await betterAuth.api.signOut({ headers, returnHeaders: true })).headers.getSetCookie();
    } catch {
      return [];
    }
  }

  /** Counts wrong passwords per account, as changing the password does, and refuses while too many. */
  async function checkPasswordAttempts(userId: string) {
    if (!limiter) return;
    const seen = await limiter.peek(PASSWORD_CHANGE_FAILURES, userId);
    if (!seen.allowed) {
      const minutes = Math.max(1, Math.ceil(seen.retryAfterMs / 60_000));
      throw tooMany(
        seen.retryAfterMs,
        `Too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }

  /**
   * Proof that the person at the keyboard owns the account: the password again, or for an account
   * without one, a session that signed in by email link within the last 10 minutes.
   */
  async function confirmIdentity(userId: string, password: string, headers: Headers) {
    const hash = await repository.findPasswordHash(userId);
    if (hash) {
      if (password === '') throw invalid(DELETE_NEEDS_PASSWORD, { password: DELETE_NEEDS_PASSWORD });
      await checkPasswordAttempts(userId);
      const ctx = await betterAuth.$context;
      if (!(await ctx.password.verify({ hash, password }))) {
        if (limiter) await limiter.hit(PASSWORD_CHANGE_FAILURES, userId);
        throw invalid(WRONG_PASSWORD, { password: WRONG_PASSWORD });
      }
      if (limiter) await limiter.reset(PASSWORD_CHANGE_FAILURES, userId);
      return;
    }
    const createdAt = await repository.findSessionCreatedAt(userId, await currentSessionId(headers));
    if (createdAt && Date.now() - createdAt.getTime() <= FRESH_SIGN_IN_MS) return;
    const person = await findUser(userId);
    await deps.sendSignInLink?.(person.email, headers);
    throw new AppError('FORBIDDEN', DELETE_NEEDS_FRESH_SIGN_IN);
  }

  return {
    async getProfile(userId: string): Promise<AccountProfile> {
      return toProfile(await findUser(userId));
    },

    async updateProfile(userId: string, values: z.output<typeof profileSchema>): Promise<AccountProfile> {
      const row = await repository.updateProfile(userId, values);
      if (!row) throw unauthenticated();
      return toProfile(row);
    },

    /** Changes the password and signs every other device out; this device gets a fresh session cookie. */
    async changePassword(
      userId: string,
      data: z.output<typeof changePasswordSchema>,
      headers: Headers,
    ): Promise<WithCookies<{ ok: true }>> {
      await checkPasswordAttempts(userId);
      try {
        const result = await betterAuth.api.changePassword({
          body: { currentPassword: data.currentPassword, newPassword: data.newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        });
        if (limiter) await limiter.reset(PASSWORD_CHANGE_FAILURES, userId);
        return { body: { ok: true }, setCookies: result.headers.getSetCookie() };
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        const code = (error.body as { code?: string } | undefined)?.code;
        if (code === 'INVALID_PASSWORD') {
          if (limiter) await limiter.hit(PASSWORD_CHANGE_FAILURES, userId);
          throw invalid(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
        }
        if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
          throw invalid(
            'Your account signs in by email link and has no password yet. Use "Forgot password?" on the login form to set one.',
          );
        }
        if (error.statusCode === 401) throw unauthenticated();
        throw error;
      }
    },

    async listSessions(userId: string, headers: Headers): Promise<DeviceSession[]> {
      const currentId = await currentSessionId(headers);
      const rows = await repository.listSessions(userId, new Date());
      return rows.map((r) => ({
        id: r.id,
        userAgent: r.userAgent,
        ipAddress: r.ipAddress,
        createdAt: r.createdAt.toISOString(),
        lastActiveAt: r.updatedAt.toISOString(),
        current: r.id === currentId,
      }));
    },

    async signOutOtherSessions(userId: string, headers: Headers): Promise<{ signedOut: number }> {
      const removed = await repository.deleteOtherSessions(userId, await currentSessionId(headers));
      return { signedOut: removed.length };
    },

    async signOutSession(userId: string, sessionId: string, headers: Headers): Promise<void> {
      if (sessionId === (await currentSessionId(headers))) {
        throw invalid('This is the device you are using now. To sign out here, use Log out.');
      }
      // Another person's session answers exactly like a missing one.
      if (!(await repository.deleteSession(userId, sessionId))) throw notFound('That session');
    },

    /**
     * Deletes the account and everything that is the user's own, once the person has proved it is
     * them: live subscriptions are canceled at the provider first and files deleted next (if either
     * fails the rows remain and the person can simply try again), then every row in one
     * transaction. What the organization keeps using (its logo, images in others' signatures,
     * invitations sent on its behalf) is handed to it rather than deleted.
     */
    async deleteAccount(
      userId: string,
      { password }: z.output<typeof deleteAccountSchema>,
      headers: Headers,
    ): Promise<WithCookies<{ ok: true }>> {
      const ownerBlock = () =>
        new AppError(
          'CONFLICT',
          'Your organization has other members. Hand it over to one of them or delete the organization before deleting your account.',
        );
      if (await repository.ownsTeamWithMembers(userId)) throw ownerBlock();
      await confirmIdentity(userId, password, headers);
      await deps.endSubscriptions?.(userId);
      // The organization's logo and images others' signatures show stay; only the rest is deleted.
      const kept = await repository.findUploadsUsedByOthers(userId);
      const keptKeys = new Set(kept.flatMap((k) => k.keys));
      for (const key of await repository.listUploadKeys(userId)) if (!keptKeys.has(key)) await storage.delete(key);
      const outcome = await repository.deleteAccount(userId, kept);
      if (outcome === 'owner-with-members') throw ownerBlock();
      if (outcome === 'missing') throw unauthenticated();
      return { body: { ok: true }, setCookies: await clearedCookies(headers) };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
