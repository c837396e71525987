import { createHmac } from 'node:crypto';
import { sameSecret } from '../../crypto/constant-time';

/**
 * Reads the session token from Better Auth's signed session cookie: `{token}.{signature}`, the
 * signature being base64 HMAC-SHA256 of the token under the auth secret (better-call's format,
 * the same check its getSignedCookie makes). Null for a missing, malformed or forged cookie.
 *
 * This lets every API request resolve its session with one indexed query instead of Better Auth's
 * whole getSession (session, then user, then refresh bookkeeping); see session-lookup.test.ts.
 */
export function readSignedCookie(cookieHeader: string | null | undefined, name: string, secret: string): string | null {
  const raw = findCookie(cookieHeader, name);
  if (!raw) return null;
  // A cookie's verdict never changes (same value, same secret, same token), so each process checks
  // a signature once: the HMAC was 3% of GET /api/auth/me. Only genuine cookies are kept, in a
  // bounded map; whether the session is still live is the database's answer, read every time.
  let verified = verifiedCookies.get(secret);
  if (!verified) verifiedCookies.set(secret, (verified = new Map()));
  const known = verified.get(raw);
  if (known !== undefined) return known;
  const token = verifySignedValue(raw, secret);
  if (token !== null) {
    if (verified.size >= VERIFIED_COOKIES_MAX) verified.clear();
    verified.set(raw, token);
  }
  return token;
}

/** Genuine cookie values already checked, by secret (tests run apps with different secrets). */
const verifiedCookies = new Map<string, Map<string, string>>();
const VERIFIED_COOKIES_MAX = 10_000;

function verifySignedValue(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return sameSecret(given, expected) ? token : null;
}

/** The first cookie called `name` in a Cookie header, undecoded. */
function findCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The session token of a request's signed session cookie (Better Auth's name and secret), or null. */
export function createSessionTokenReader(auth: {
  $context: Promise<{ authCookies: { sessionToken: { name: string } }; secret: string }>;
}) {
  let settings: Promise<{ cookieName: string; secret: string }> | null = null;
  return async (headers: Headers): Promise<string | null> => {
    settings ??= auth.$context.then((ctx) => ({ cookieName: ctx.authCookies.sessionToken.name, secret: ctx.secret }));
    const { cookieName, secret } = await settings;
    return readSignedCookie(headers.get('cookie'), cookieName, secret);
  };
}
