import { APIError } from 'better-auth/api';
import type { CurrentOrganization, CurrentUser, MeResponse } from '../../../shared/account-types';
import { loginSchema, signupSchema } from '../../../shared/validation/auth-schemas';
import { AppError, unauthenticated } from '../../errors';
import type { Analytics } from '../analytics/analytics.service';
import type { AccountsRepository } from './accounts.repository';
import type { Auth } from './auth';

type UserRow = NonNullable<Awaited<ReturnType<AccountsRepository['findUserById']>>>;
type Membership = NonNullable<Awaited<ReturnType<AccountsRepository['findPrimaryMembership']>>>;

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
  };
}

function toCurrentOrganization(m: Membership | undefined): CurrentOrganization | null {
  if (!m) return null;
  const o = m.organization;
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

/** Result of a call that may change the session: the body and the Set-Cookie headers to pass on. */
export type WithCookies<T> = { body: T; setCookies: string[] };

export function createAuthService(auth: Auth, accounts: AccountsRepository, analytics: Analytics) {
  async function describe(userId: string): Promise<MeResponse> {
    const row = await accounts.findUserById(userId);
    if (!row) throw unauthenticated();
    return { user: toCurrentUser(row), organization: toCurrentOrganization(await accounts.findPrimaryMembership(userId)) };
  }

  return {
    /** The signed-in user's id, or null; reads the session cookie from the request headers. */
    async findSessionUserId(headers: Headers): Promise<string | null> {
      const session = await auth.api.getSession({ headers });
      return session?.user.id ?? null;
    },

    async me(headers: Headers): Promise<MeResponse> {
      const session = await auth.api.getSession({ headers });
      if (!session) throw unauthenticated();
      return describe(session.user.id);
    },

    async signup(input: unknown, headers: Headers): Promise<WithCookies<MeResponse & { message: string }>> {
      const data = signupSchema.parse(input);
      try {
        const result = await auth.api.signUpEmail({
          body: { email: data.email, password: data.password, name: data.name },
          headers,
          returnHeaders: true,
        });
        const userId = result.response.user.id;
        await analytics.record('user_signed_up', userId);
        return {
          body: { ...(await describe(userId)), message: 'Please check your email to verify your account.' },
          setCookies: result.headers.getSetCookie(),
        };
      } catch (error) {
        if (error instanceof APIError && error.statusCode === 422) {
          throw new AppError('CONFLICT', 'An account with this email already exists. Please log in instead.');
        }
        throw error;
      }
    },

    async login(input: unknown, headers: Headers): Promise<WithCookies<MeResponse>> {
      const data = loginSchema.parse(input);
      try {
        const result = await auth.api.signInEmail({
          body: { email: data.email, password: data.password },
          headers,
          returnHeaders: true,
        });
        const userId = result.response.user.id;
        await analytics.record('user_logged_in', userId);
        return { body: await describe(userId), setCookies: result.headers.getSetCookie() };
      } catch (error) {
        if (error instanceof APIError && (error.statusCode === 401 || error.statusCode === 400)) {
          throw new AppError('UNAUTHENTICATED', 'Invalid email or password.');
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
