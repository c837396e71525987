import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { MailOutbox } from '../../mail/mail-outbox';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import type { Analytics } from '../analytics/analytics.service';
import { createAuthMail } from './auth-mail';
import { createAuthTokensRepository } from './auth-tokens.repository';
import { createAuthRepository } from './auth.repository';
import { createAuth } from './auth';
import { createAuthService } from './auth.service';
import { createCredentials } from './credentials';
import { deriveKey } from './derived-keys';
import { createEmailVerificationService } from './email-verification.service';
import { createMagicLinkService } from './magic-link.service';
import { createPasswordResetService } from './password-reset.service';
import { createSessionTokenReader } from './session-cookie';

type Deps = { db: Db; config: AppConfig; analytics: Analytics; mailer: MailOutbox; limiter: RateLimiter };

/** Wires the account flows together; app.ts only sees the finished services. */
export function createAuthModule({ db, config, analytics, mailer, limiter }: Deps) {
  const accounts = createAuthRepository(db);
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
  });
  return {
    betterAuth,
    auth: createAuthService({ auth: betterAuth, accounts, analytics, limiter, credentials, mail, emailVerification }),
    emailVerification,
    passwordReset: createPasswordResetService({ accounts, tokens, mail, limiter, credentials }),
    magicLinks: createMagicLinkService({ auth: betterAuth, accounts, analytics, limiter }),
  };
}
export type AuthModule = ReturnType<typeof createAuthModule>;
