import { createHmac, timingSafeEqual } from 'node:crypto';

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
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
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
