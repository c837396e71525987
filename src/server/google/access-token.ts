import { createSign } from 'node:crypto';
import { tokenAnswerError } from './google-answers';
import { readJson } from './google-fetch';
import { keyFingerprint, type ServiceAccountKey } from './service-account-key';

/** A token is used for at most this long (Google's live an hour; five minutes of margin). */
export const TOKEN_CACHE_MS = 55 * 60 * 1000;

export interface TokenCache {
  get(key: string, now: number): string | undefined;
  set(key: string, token: string, expiresAt: number): void;
}

/** In memory, per process. Key: owner (organization), key fingerprint, sub and sorted scopes (see tokenCacheKey). */
export function createTokenCache(): TokenCache {
  const entries = new Map<string, { token: string; expiresAt: number }>();
  return {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.token;
    },
    set(key, token, expiresAt) {
      // Bounded: a domain of a few thousand people, two scope sets each. Expired entries go first.
      if (entries.size >= 20_000) {
        const now = Date.now();
        for (const [k, v] of entries) if (v.expiresAt <= now) entries.delete(k);
        if (entries.size >= 20_000) entries.delete(entries.keys().next().value as string);
      }
      entries.set(key, { token, expiresAt });
    },
  };
}

/**
 * A token belongs to one owner (the organization whose key it is) and one key (its fingerprint):
 * never to a service-account address alone, which anyone can copy into a forged key file
 * (docs/decisions/0131).
 */
export function tokenCacheKey(
  owner: string,
  key: Pick<ServiceAccountKey, 'privateKeyId' | 'privateKey'>,
  sub: string,
  scopes: readonly string[],
): string {
  return `${owner}\n${keyFingerprint(key)}\n${sub.toLowerCase()}\n${[...scopes].sort().join(' ')}`;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** The RS256 JWT of the JWT-bearer grant (RFC 7523), as Google expects it. */
export function signJwtAssertion(
  key: Pick<ServiceAccountKey, 'clientEmail' | 'privateKey'>,
  claims: { sub: string; scopes: readonly string[]; aud: string; iat: number; lifetimeSeconds?: number },
): string {
  const lifetime = Math.min(claims.lifetimeSeconds ?? 3600, 3600);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      iss: key.clientEmail,
      sub: claims.sub,
      scope: claims.scopes.join(' '),
      aud: claims.aud,
      iat: claims.iat,
      exp: claims.iat + lifetime,
    }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${payload}`);
  return `${header}.${payload}.${signer.sign(key.privateKey).toString('base64url')}`;
}

/**
 * Access tokens of the JWT-bearer grant: signed here, asked of Google's token endpoint, cached
 * per owner, key, person and scopes, and shared by concurrent callers.
 */
export function createAccessTokens(deps: {
  key: ServiceAccountKey;
  tokenUrl: string;
  cache: TokenCache;
  cacheOwner: string;
  send: (url: string, init: RequestInit) => Promise<Response>;
  now: () => number;
  stats: { tokenRequests: number };
}) {
  const { key, cache, cacheOwner, send, now, stats } = deps;
  /** Concurrent callers for one (person, scopes) share one token request. */
  const pending = new Map<string, Promise<string>>();

  async function requestToken(
    sub: string,
    scopes: readonly string[],
  ): Promise<{ token: string; expiresInSeconds: number }> {
    const issuedAt = Math.floor(now() / 1000);
    const assertion = signJwtAssertion(key, { sub, scopes, aud: deps.tokenUrl, iat: issuedAt });
    stats.tokenRequests += 1;
    const response = await send(deps.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    });
    const body = await readJson(response);
    if (response.ok && body && typeof body.access_token === 'string') {
      const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
      return { token: body.access_token, expiresInSeconds: expiresIn };
    }
    throw tokenAnswerError(response, body, sub, scopes, key);
  }

  async function accessToken(sub: string, scopes: readonly string[], fresh = false): Promise<string> {
    const cacheKey = tokenCacheKey(cacheOwner, key, sub, scopes);
    const cached = fresh ? undefined : cache.get(cacheKey, now());
    if (cached) return cached;
    const inFlight = fresh ? undefined : pending.get(cacheKey);
    if (inFlight) return inFlight;
    const promise = (async () => {
      const obtainedAt = now();
      const { token, expiresInSeconds } = await requestToken(sub, scopes);
      cache.set(
        cacheKey,
        token,
        obtainedAt + Math.min(TOKEN_CACHE_MS, Math.max(0, expiresInSeconds * 1000 - 5 * 60 * 1000)),
      );
      return token;
    })();
    pending.set(cacheKey, promise);
    try {
      return await promise;
    } finally {
      pending.delete(cacheKey);
    }
  }

  function forgetToken(sub: string, scopes: readonly string[]) {
    cache.set(tokenCacheKey(cacheOwner, key, sub, scopes), '', 0);
  }

  return { accessToken, forgetToken };
}
