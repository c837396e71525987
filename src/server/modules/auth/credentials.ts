import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account } from '../../db/schema/auth.schema';
import type { Auth } from './auth';

/** The account row that holds a person's password (Better Auth's 'credential' provider). */
export function credentialAccountOf(userId: string) {
  return and(eq(account.userId, userId), eq(account.providerId, 'credential'));
}

/** The stored password hash, or null for an account that signs in by email link only. */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(credentialAccountOf(userId))
    .limit(1);
  return row?.password ?? null;
}

/**
 * Password and session operations that have no public Better Auth endpoint for our flows (a reset
 * by our own single-use token). They go through Better Auth's internal adapter, so its hashing
 * settings and hooks still apply.
 */
export function createCredentials(auth: Auth) {
  return {
    async setPassword(userId: string, password: string) {
      const ctx = await auth.$context;
      const hash = await ctx.password.hash(password);
      const accounts = await ctx.internalAdapter.findAccounts(userId);
      if (accounts.some((a) => a.providerId === 'credential')) {
        await ctx.internalAdapter.updatePassword(userId, hash);
      } else {
        // An account that only ever signed in by link gets its first password.
        await ctx.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
      }
    },

    async endAllSessions(userId: string) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteUserSessions(userId);
    },

    /**
     * A new session for a person who just proved their mailbox by a link (as a magic link does),
     * with the Set-Cookie header Better Auth's own sign-in would send: the signed session token
     * (session-cookie.ts reads the same format) under the configured name and attributes.
     */
    async startSession(userId: string): Promise<string[]> {
      const ctx = await auth.$context;
      const session = await ctx.internalAdapter.createSession(userId);
      const { name, attributes } = ctx.authCookies.sessionToken;
      const signature = createHmac('sha256', ctx.secret).update(session.token).digest('base64');
      const parts = [
        `${name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
        `Max-Age=${ctx.sessionConfig.expiresIn}`,
        `Path=${attributes.path ?? '/'}`,
        ...(attributes.httpOnly ? ['HttpOnly'] : []),
        ...(attributes.secure ? ['Secure'] : []),
        `SameSite=${attributes.sameSite === 'strict' ? 'Strict' : attributes.sameSite === 'none' ? 'None' : 'Lax'}`,
      ];
      return [parts.join('; ')];
    },

    /** Spends the same argon2id work as a real signup, so the answer's timing does not tell the two apart. */
    async hashAndDiscard(password: string) {
      const ctx = await auth.$context;
      await ctx.password.hash(password);
    },
  };
}
export type Credentials = ReturnType<typeof createCredentials>;
