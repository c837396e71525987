import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { schema } from '../../db/schema';
import { redactSecrets, serializeError } from '../../logging';
import { deriveKey } from '../../crypto/derived-keys';
import { PASSWORD_MAX } from '../../../shared/validation/auth-schemas';
import { DAY_MS } from '../../../shared/duration';

export type AuthHooks = {
  /** Runs once for every new user, whichever way they signed up. */
  onUserCreated(user: { id: string; email: string; name: string }): Promise<void>;
  /** A magic-link token was minted for an existing account; the app mails its own link to it. */
  sendMagicLink(input: { email: string; token: string }): Promise<void>;
};

/** However often a session is renewed, it ends this long after sign-in (ASVS 3.3.4). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * DAY_MS;

/** Magic links: 10 minutes, single use (the plugin consumes the stored token atomically). */
export const MAGIC_LINK_TTL_SECONDS = 10 * 60;

/** Better Auth does the sessions, hashes and tokens; the app's own routes call it. */
export function createAuth(db: Db, config: AppConfig, hooks: AuthHooks) {
  const secure = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'SignaturePro',
    baseURL: config.publicUrl,
    basePath: '/api/auth/internal',
    // Signs the session cookie (and Better Auth's own tokens): a key of its own (derived-keys.ts).
    secret: deriveKey(config.sessionSecret, 'better-auth'),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Wrong passwords are expected traffic, counted by the lockout; only real faults are worth a line.
    // Its lines pass through the log's redaction (no token paths, no query parameters).
    logger: {
      level: 'error',
      log: (level, message, ...args) => {
        const details = args.map((a: unknown) => (a instanceof Error ? serializeError(a) : a));
        let line: string;
        try {
          line = JSON.stringify({ source: 'better-auth', level, message, details });
        } catch {
          line = JSON.stringify({ source: 'better-auth', level, message });
        }
        console.error(redactSecrets(line.replace(/params: [^"\\]*/g, 'params: [not logged]')));
      },
    },
    // The app enforces its own limits (login lockout, code attempts) in front of these calls.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      password: {
        // argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's recommended floor).
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        // Signing up is the signup form's job: an unknown address gets no account and no mail.
        disableSignUp: true,
        // Only the SHA-256 of the token is stored, so the verification table opens no account.
        storeToken: 'hashed',
        sendMagicLink: ({ email, token }) => hooks.sendMagicLink({ email, token }),
      }),
    ],
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      cookiePrefix: 'sp',
      // Over https the cookies are named __Host- (Secure, Path=/, no Domain: no subdomain can set
      // or shadow them), so Better Auth's own __Secure- prefix is switched off in favour of it.
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
      ...(secure
        ? {
            cookies: {
              session_token: { name: '__Host-sp.session_token' },
              session_data: { name: '__Host-sp.session_data' },
              dont_remember: { name: '__Host-sp.dont_remember' },
            },
          }
        : {}),
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await hooks.onUserCreated({ id: user.id, email: user.email, name: user.name });
          },
        },
      },
    },
  });
}
export type Auth = ReturnType<typeof createAuth>;
