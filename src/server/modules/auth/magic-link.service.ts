import { isAPIError } from 'better-auth/api';
import type { MeResponse } from '../../../shared/account-types';
import type { z } from 'zod';
import type { magicLinkRequestSchema, magicLinkVerifySchema } from '../../../shared/validation/auth-schemas';
import { invalid } from '../../errors';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import type { Analytics } from '../analytics/analytics.service';
import type { AuthRepository } from './auth.repository';
import type { Auth } from './auth';
import { AUTH_LIMITS, consumeOrThrow, consumeTokenAttempt } from './auth-limits';
import type { WithCookies } from '../../http';
import { describeAccount } from './auth.service';
import type { Caller } from '../../caller';

export const MAGIC_LINK_SENT_MESSAGE = 'If an account exists for that email, a sign-in link is on its way.';
const INVALID_MAGIC_LINK = 'This sign-in link is invalid or has expired. Please request a new one.';

type Deps = { auth: Auth; accounts: AuthRepository; analytics: Analytics; limiter: RateLimiter };

/**
 * Magic links through Better Auth's plugin (hashed token, 10 minutes, consumed atomically). The
 * mailed link opens a page whose button makes the call below, so a mail scanner that fetches the
 * link spends nothing.
 */
export function createMagicLinkService({ auth, accounts, analytics, limiter }: Deps) {
  return {
    async request({ email }: z.output<typeof magicLinkRequestSchema>, caller: Caller): Promise<{ message: string }> {
      const tooMany = (wait: string) =>
        `Too many sign-in links requested. Please check your inbox, or try again ${wait}.`;
      await consumeOrThrow(limiter, AUTH_LIMITS.mailRequestsPerIp, caller.ip, tooMany);
      await consumeOrThrow(limiter, AUTH_LIMITS.magicLinkMailPerAddress, email, tooMany);
      // Unknown addresses get the same answer and no mail (and no account: signing up is explicit).
      if (await accounts.findUserByEmail(email)) {
        await auth.api.signInMagicLink({ body: { email }, headers: caller.headers });
      }
      return { message: MAGIC_LINK_SENT_MESSAGE };
    },

    async signIn({ token }: z.output<typeof magicLinkVerifySchema>, caller: Caller): Promise<WithCookies<MeResponse>> {
      await consumeTokenAttempt(limiter, caller.ip);
      let result;
      try {
        // Better Auth mints a fresh session; if the address was never verified it first drops any
        // password and sessions set up before this proof of the mailbox (pre-hijacking defence).
        result = await auth.api.magicLinkVerify({ query: { token }, headers: caller.headers, returnHeaders: true });
      } catch (error) {
        // Invalid, used and expired tokens all end in the plugin's error redirect.
        if (isAPIError(error)) throw invalid(INVALID_MAGIC_LINK);
        throw error;
      }
      const userId = result.response.user.id;
      await analytics.record('user_logged_in', userId, { method: 'magic-link' });
      return { body: await describeAccount(accounts, userId), setCookies: result.headers.getSetCookie() };
    },
  };
}
export type MagicLinkService = ReturnType<typeof createMagicLinkService>;
