import { isAPIError } from 'better-auth/api';
import type { CurrentOrganization, CurrentUser, MeResponse } from '../../../shared/account-types';
import type { z } from 'zod';
import type { loginSchema, signupSchema } from '../../../shared/validation/auth-schemas';

type SignupData = z.output<typeof signupSchema>;
type LoginData = z.output<typeof loginSchema>;
import { AppError, unauthenticated } from '../../errors';
import type { Analytics } from '../analytics/analytics.service';
import { effectiveSubscriptionStatus } from '../../../shared/billing/team-entitlement';
import { organizationPlanNow } from '../../../shared/billing/plan-features';
import type { AuthRepository, SessionAccount } from './auth.repository';
import { SESSION_ABSOLUTE_LIFETIME_MS, type Auth } from './auth';
import { AUTH_LIMITS, checkOrThrow, consumeOrThrow, tooMany, waitPhrase } from './auth-limits';
import type { Caller } from '../../caller';
import type { WithCookies } from '../../http';
import type { Credentials } from './credentials';
import type { AuthFlowDeps, EmailVerificationService } from './email-verification.service';
import { readSignedCookie } from './session-cookie';

/** Other modules that check a session themselves (a signature's autosave) use the same lifetime. */
export { SESSION_ABSOLUTE_LIFETIME_MS };

type UserRow = NonNullable<Awaited<ReturnType<AuthRepository['findUserById']>>>;
type Membership = NonNullable<Awaited<ReturnType<AuthRepository['findPrimaryMembership']>>>;

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.emailVerified,
    subscriptionStatus: row.subscriptionStatus,
    subscriptionPlan: row.subscriptionPlan,
    timezone: row.timezone,
    createdAt: row.createdAt.toISOString(),
    coveredByTeam: false,
  };
}

function toCurrentOrganization(m: Membership | undefined): CurrentOrganization | null {
  if (!m) return null;
  // A trial past its end is answered as Free at once, before the end-of-trial job stores it (0150).
  const o = organizationPlanNow(m.organization);
  return {
    id: o.id,
    name: o.name,
    domain: o.domain,
    plan: o.plan,
    trialEndsAt: o.trialEndsAt?.toISOString() ?? null,
    seats: o.seats,
    role: m.role as CurrentOrganization['role'],
  };
}

/** The user and organization as GET /api/auth/me answers them. */
export async function describeAccount(accounts: AuthRepository, userId: string): Promise<MeResponse> {
  const row = await accounts.findUserById(userId);
  if (!row) throw unauthenticated();
  // A seat on a team's paid plan counts as the person's own status everywhere the product looks.
  const effective = await accounts.findEffectiveSubscriptionStatus(userId);
  const current = {
    ...toCurrentUser(row),
    coveredByTeam: effective?.coveredByTeam ?? false,
    seatNotice: effective?.seatNotice ?? null,
  };
  if (effective) current.subscriptionStatus = effective.status;
  return { user: current, organization: toCurrentOrganization(await accounts.findPrimaryMembership(userId)) };
}

/** GET /api/auth/me's answer from the one-statement session read (same rules as describeAccount). */
function toMeResponse(row: SessionAccount): MeResponse {
  const org = row.organization ? organizationPlanNow(row.organization) : null;
  const effective = effectiveSubscriptionStatus({
    userId: row.user.id,
    own: row.user.subscriptionStatus,
    organizationPlan: org?.plan,
    seats: org?.seats ?? 0,
    members: row.members ?? [],
  });
  return {
    user: {
      ...toCurrentUser(row.user),
      subscriptionStatus: effective.status,
      coveredByTeam: effective.coveredByTeam,
      seatNotice: effective.seatNotice,
    },
    organization:
      row.organization && row.role ? toCurrentOrganization({ organization: row.organization, role: row.role }) : null,
  };
}

/**
 * What signup answers, for a new address and a registered one alike: only what the caller sent.
 * See docs/decisions/0030-accounts-signup-without-enumeration.md.
 */
export type SignupResponse = { message: string; email: string };
export const SIGNUP_MESSAGE = 'Please check your email to verify your account.';

const INVALID_LOGIN = 'Invalid email or password.';

type Deps = Omit<AuthFlowDeps, 'tokens'> & {
  auth: Auth;
  analytics: Analytics;
  credentials: Credentials;
  emailVerification: EmailVerificationService;
};

export function createAuthService({ auth, accounts, analytics, limiter, credentials, mail, emailVerification }: Deps) {
  // Better Auth's own cookie name (prefix, __Host- on https) and secret, read once.
  let cookieSettings: Promise<{ cookieName: string; secret: string }> | null = null;
  const sessionCookie = () =>
    (cookieSettings ??= auth.$context.then((ctx) => ({
      cookieName: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
    })));
  // Better Auth renews a session (and sends a fresh cookie) once it is this old: 30 days minus one.
  const expiresInMs = (auth.options.session?.expiresIn ?? 7 * 86_400) * 1000;
  const updateAgeMs = (auth.options.session?.updateAge ?? 86_400) * 1000;

  /** The owner hears about it; the person at the form sees exactly what a new signup sees. */
  async function answerExistingAddress(email: string, password: string): Promise<WithCookies<SignupResponse>> {
    await credentials.hashAndDiscard(password);
    const notice = await limiter.hit(AUTH_LIMITS.accountExistsMailPerAddress, email);
    if (notice.allowed) await mail.accountExists(email);
    return { body: { message: SIGNUP_MESSAGE, email }, setCookies: [] };
  }

  return {
    /**
     * The signed-in user's id for an API request: the signed cookie checked here, then one read of
     * the session row, so a revoked or expired session (sign-out elsewhere, member removed,
     * password reset) fails at its next request. Sliding renewal stays with me(), which
     * /api/session and /api/auth/me call on every page load.
     */
    /** The session token in a correctly signed session cookie (no database read), or null. */
    async readSessionToken(cookieHeader: string | undefined): Promise<string | null> {
      const { cookieName, secret } = await sessionCookie();
      return readSignedCookie(cookieHeader, cookieName, secret);
    },

    async findSessionUserId(cookieHeader: string | undefined): Promise<string | null> {
      const { cookieName, secret } = await sessionCookie();
      const token = readSignedCookie(cookieHeader, cookieName, secret);
      return token ? accounts.findLiveSessionUserId(token, new Date()) : null;
    },

    /**
     * The signed-in person, with any cookie Better Auth set while reading the session: once a day
     * of use it renews the session (sliding 30 days) and sends a fresh cookie, which the caller must
     * pass on or the browser would drop the session 30 days after sign-in however active it is.
     *
     * Every page load calls this, so the usual case is one indexed read (session, person,
     * organization, team plan) and no Better Auth: a live session that is not yet due for renewal
     * gets no cookie from Better Auth either. Anything else (no such session, an expired one to
     * clear, one past its update age, a stale cookie-cache cookie) goes through getSession as before.
     */
    async me(headers: Headers): Promise<WithCookies<MeResponse | null>> {
      const cookies = headers.get('cookie');
      const { cookieName, secret } = await sessionCookie();
      const token = readSignedCookie(cookies, cookieName, secret);
      if (!token && !cookies?.includes(cookieName) && !cookies?.includes('.session_data'))
        return { body: null, setCookies: [] };
      if (token && !cookies?.includes('.session_data')) {
        const now = Date.now();
        const row = await accounts.findSessionAccount(token, new Date(now));
        if (row && row.sessionExpiresAt.getTime() - expiresInMs + updateAgeMs > now)
          return { body: toMeResponse(row), setCookies: [] };
      }
      const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
      const setCookies = out.getSetCookie();
      if (!response) return { body: null, setCookies };
      // Renewal never stretches a session past its absolute lifetime: past it, it is signed out.
      if (Date.now() - new Date(response.session.createdAt).getTime() > SESSION_ABSOLUTE_LIFETIME_MS) {
        const ended = await auth.api.signOut({ headers, returnHeaders: true });
        return { body: null, setCookies: ended.headers.getSetCookie() };
      }
      return { body: await describeAccount(accounts, response.user.id), setCookies };
    },

    async signup(data: SignupData, caller: Caller): Promise<WithCookies<SignupResponse>> {
      await consumeOrThrow(
        limiter,
        AUTH_LIMITS.signupPerIp,
        caller.ip,
        (wait) => `Too many signups from your network. Please try again ${wait}.`,
      );
      if (await accounts.findUserByEmail(data.email)) return answerExistingAddress(data.email, data.password);
      let result;
      try {
        result = await auth.api.signUpEmail({
          body: { email: data.email, password: data.password, name: data.name },
          headers: caller.headers,
          returnHeaders: true,
        });
      } catch (error) {
        // Two signups for one address at once: the loser is answered like any registered address.
        if (isAPIError(error) && error.statusCode === 422) return answerExistingAddress(data.email, data.password);
        throw error;
      }
      const { user } = result.response;
      await analytics.record('user_signed_up', user.id);
      await emailVerification.issue({ id: user.id, email: user.email, name: user.name });
      return { body: { message: SIGNUP_MESSAGE, email: data.email }, setCookies: result.headers.getSetCookie() };
    },

    async login(data: LoginData, caller: Caller): Promise<WithCookies<MeResponse>> {
      await checkOrThrow(
        limiter,
        AUTH_LIMITS.loginFailuresPerIp,
        caller.ip,
        (wait) => `Too many failed logins from your network. Please try again ${wait}.`,
      );
      // Counted before the password is checked, so parallel guesses cannot slip past the limit;
      // an address with no account is counted the same, so a 429 reveals nothing.
      const attempt = await limiter.hit(AUTH_LIMITS.loginPerAccount, data.email);
      if (!attempt.allowed) {
        throw tooMany(
          attempt.retryAfterMs,
          `Too many failed login attempts. Please try again ${waitPhrase(attempt.retryAfterMs)}, or reset your password.`,
        );
      }
      try {
        const result = await auth.api.signInEmail({
          body: { email: data.email, password: data.password },
          headers: caller.headers,
          returnHeaders: true,
        });
        const userId = result.response.user.id;
        await limiter.reset(AUTH_LIMITS.loginPerAccount, data.email);
        await analytics.record('user_logged_in', userId, { method: 'password' });
        return { body: await describeAccount(accounts, userId), setCookies: result.headers.getSetCookie() };
      } catch (error) {
        if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) {
          await limiter.hit(AUTH_LIMITS.loginFailuresPerIp, caller.ip);
          throw new AppError('UNAUTHENTICATED', INVALID_LOGIN);
        }
        throw error;
      }
    },

    async logout(headers: Headers): Promise<WithCookies<{ ok: true }>> {
      const result = await auth.api.signOut({ headers, returnHeaders: true });
      return { body: { ok: true }, setCookies: result.headers.getSetCookie() };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
