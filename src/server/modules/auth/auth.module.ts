import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import { createAuthMail } from './auth-mail';
import { createAuthTokensRepository } from './auth-tokens.repository';
import { createAuthRepository } from './auth.repository';
import { createAuth } from './auth';
import { AUTH_LIMITS, consumeOrThrow } from './auth-limits';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createCredentials } from './credentials';
import { deriveKey } from '../../crypto/derived-keys';
import { createEmailVerificationService } from './email-verification.service';
import { createMagicLinkService } from './magic-link.service';
import { createPasswordResetService } from './password-reset.service';
import { createSessionTokenReader } from './session-cookie';

type Deps = Pick<Infrastructure, 'config' | 'database' | 'analytics' | 'mailer' | 'rateLimiter'>;

/** Proving who you are (decision 0107): sign-up, sign-in and out, sessions, email verification, password reset, magic links. */
export function createAuthModule({ config, database, analytics, mailer, rateLimiter: limiter }: Deps) {
  const { db } = database;
  const accounts = createAuthRepository(db, database.authChanges);
  const tokens = createAuthTokensRepository(db);
  const mail = createAuthMail(mailer, config);
  const betterAuth = createAuth(db, config, {
    onUserCreated: (user) => accounts.createOwnOrganization(user),
    sendMagicLink: ({ email, token }) => mail.magicLink(email, token),
  });
  const credentials = createCredentials(betterAuth);
  const emailVerification = createEmailVerificationService({
    accounts,
    tokens,
    mail,
    limiter,
    secret: deriveKey(config.sessionSecret, 'verification-code'),
    sessionToken: createSessionTokenReader(betterAuth),
    startSession: (userId) => credentials.startSession(userId),
  });
  const services = {
    betterAuth,
    auth: createAuthService({ auth: betterAuth, accounts, analytics, limiter, credentials, mail, emailVerification }),
    emailVerification,
    passwordReset: createPasswordResetService({ accounts, tokens, mail, limiter, credentials }),
    magicLinks: createMagicLinkService({ auth: betterAuth, accounts, analytics, limiter }),
  };
  return {
    services,
    routes: routesOf(authRoutes, { ...services, rateLimiter: limiter, analytics }),
    /** A sign-in link by mail, within the per-address limit (the account module sends one before deleting). */
    async sendSignInLink(email: string, headers: Headers) {
      await consumeOrThrow(
        limiter,
        AUTH_LIMITS.magicLinkMailPerAddress,
        email,
        (wait) => `Too many sign-in links requested. Please check your inbox, or try again ${wait}.`,
      );
      await betterAuth.api.signInMagicLink({ body: { email }, headers });
    },
  } satisfies ServerModule<typeof services> & { sendSignInLink(email: string, headers: Headers): Promise<void> };
}
export type AuthModule = ReturnType<typeof createAuthModule>;
export type AuthServices = AuthModule['services'];
