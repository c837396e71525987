import { createSign } from 'node:crypto';
import { GoogleWorkspaceError, type GoogleErrorKind } from './errors';
import { apiAnswerError, tokenAnswerError, type Api } from './google-answers';
import { DEFAULT_RETRY, retryStep, type RetryPolicy } from './retry-policy';
import { keyFingerprint, type ServiceAccountKey } from './service-account-key';

/**
 * A thin client for the three Google calls the Workspace feature makes (token, Gmail send-as,
 * Directory users), over `fetch`, with the JWT-bearer grant signed by node:crypto. No googleapis
 * package: see docs/decisions/0110.
 */

export const GMAIL_SETTINGS_SCOPE = 'https://www.googleapis.com/auth/gmail.settings.basic';
export const DIRECTORY_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';
/** Optional (docs/decisions/0236): read with a token of its own, so a missing grant never fails a sync. */
export const GROUP_MEMBER_SCOPE = 'https://www.googleapis.com/auth/admin.directory.group.member.readonly';
/** Gmail refuses a longer signature with 400 invalidArgument; we refuse it before any call. */
export const SIGNATURE_MAX_CHARS = 10_000;
/** A token is used for at most this long (Google's live an hour; five minutes of margin). */
export const TOKEN_CACHE_MS = 55 * 60 * 1000;

export interface GoogleEndpoints {
  tokenUrl: string;
  gmailApiUrl: string;
  directoryApiUrl: string;
}

/** Google's own endpoints (the defaults of GOOGLE_TOKEN_URL, GOOGLE_GMAIL_API_URL, GOOGLE_DIRECTORY_API_URL). */
export const GOOGLE_ENDPOINTS: GoogleEndpoints = {
  tokenUrl: 'https://oauth2.googleapis.com/token',
  gmailApiUrl: 'https://gmail.googleapis.com',
  directoryApiUrl: 'https://admin.googleapis.com',
};

export interface DirectoryPerson {
  primaryEmail: string;
  aliases: string[];
  fullName: string;
  givenName: string;
  familyName: string;
  title: string | null;
  department: string | null;
  phones: { type: string; value: string }[];
  orgUnitPath: string;
  suspended: boolean;
  /** Archived users (an archived user licence) have no active mailbox: left out like suspended ones. */
  archived: boolean;
  isMailboxSetup: boolean;
  thumbnailPhotoUrl: string | null;
}

export interface SendAs {
  sendAsEmail: string;
  displayName: string;
  signature: string;
  isPrimary: boolean;
  isDefault: boolean;
  treatAsAlias: boolean;
  verificationStatus: string | null;
}

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

/** What users.list is asked for: the sync's fields only. */
export const DIRECTORY_FIELDS =
  'nextPageToken,users(primaryEmail,name,organizations,phones,orgUnitPath,suspended,archived,isMailboxSetup,aliases)';

export interface WorkspaceClientOptions {
  key: ServiceAccountKey;
  endpoints: GoogleEndpoints;
  /**
   * Who the cached tokens belong to (the organization's id): with a shared cache, the only way
   * to reach a token is to be this owner AND hold this very key.
   */
  cacheOwner?: string;
  tokenCache?: TokenCache;
  fetch?: typeof fetch;
  /** How calls are tried again, and the time budget all of this client's calls share (decision 0134). */
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  /** The budget's clock (milliseconds, only differences count); tests move it with their sleeps. */
  monotonic?: () => number;
  now?: () => number;
  random?: () => number;
  onRetry?: (info: { attempt: number; delayMs: number; kind: GoogleErrorKind }) => void;
  /**
   * Asked before every request to Google; throwing stops the call there. A run that met a
   * systemic failure throws from it, so its calls in flight end without reaching Google (decision 0133).
   */
  beforeRequest?: () => void;
  /** Per attempt; a call that hangs longer counts as unreachable (and is retried). Default 30 s. */
  timeoutMs?: number;
}

export interface WorkspaceClient {
  /** One yield per page; active people only (query isSuspended=false). The caller still skips suspended / !isMailboxSetup. */
  listDirectory(adminEmail: string, options?: { pageSize?: number }): AsyncGenerator<DirectoryPerson[]>;
  listSendAs(personEmail: string): Promise<SendAs[]>;
  /** The entry with isPrimary (never simply the first). */
  primarySendAs(personEmail: string): Promise<SendAs>;
  /** Refuses > 10,000 characters (kind too_long) before any call; answers the copy Gmail stored (sanitised). */
  patchSignature(personEmail: string, sendAsEmail: string, html: string): Promise<SendAs>;
  /**
   * A NEW token for the admin with both scopes (signed now, never from the cache: the key must
   * prove itself to Google), then users.list maxResults=1: the one harmless call.
   */
  checkConnection(adminEmail: string): Promise<void>;
  /** Signs a new assertion and asks Google for a new token (never the cache); the token is then cached. */
  freshToken(sub: string, scopes: readonly string[]): Promise<void>;
  /** Directory users.get as the admin: what Google says of one person (`isAdmin`: a super admin). */
  getUser(adminEmail: string, userKey: string): Promise<{ primaryEmail: string; isAdmin: boolean }>;
  /** Directory members.list of one group, nested groups' people included: the people's addresses. */
  listGroupMembers(adminEmail: string, groupKey: string): Promise<string[]>;
  readonly stats: { tokenRequests: number; retries: number; calls: number };
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

/** The length Gmail's 10,000-character rule is checked against (UTF-16 units: never more lenient than Google). */
export function signatureLength(html: string): number {
  return html.length;
}

export function createWorkspaceClient(options: WorkspaceClientOptions): WorkspaceClient {
  const key = options.key;
  const endpoints = {
    tokenUrl: options.endpoints.tokenUrl,
    gmailApiUrl: options.endpoints.gmailApiUrl.replace(/\/+$/, ''),
    directoryApiUrl: options.endpoints.directoryApiUrl.replace(/\/+$/, ''),
  };
  const cache = options.tokenCache ?? createTokenCache();
  const doFetch = options.fetch ?? fetch;
  const retry = options.retry ?? DEFAULT_RETRY;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const monotonic = options.monotonic ?? (() => performance.now());
  // The budget runs from the client's making: one job, one budget.
  const startedAt = monotonic();
  const elapsed = () => monotonic() - startedAt;
  const stats = { tokenRequests: 0, retries: 0, calls: 0 };
  /** Concurrent callers for one (person, scopes) share one token request. */
  const pending = new Map<string, Promise<string>>();

  async function send(url: string, init: RequestInit): Promise<Response> {
    options.beforeRequest?.();
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new GoogleWorkspaceError(
        'unreachable',
        `We could not reach Google (${new URL(url).host}): ${unreachableWhy(error, timeoutMs)}. Nothing was changed.`,
        { cause: error },
      );
    }
  }

  async function requestToken(
    sub: string,
    scopes: readonly string[],
  ): Promise<{ token: string; expiresInSeconds: number }> {
    const issuedAt = Math.floor(now() / 1000);
    const assertion = signJwtAssertion(key, { sub, scopes, aud: endpoints.tokenUrl, iat: issuedAt });
    stats.tokenRequests += 1;
    const response = await send(endpoints.tokenUrl, {
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

  const cacheOwner = options.cacheOwner ?? '';

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

  /** One attempt: a token, then the call. Throws GoogleWorkspaceError. */
  async function attempt<T>(
    api: Api,
    sub: string,
    scopes: readonly string[],
    method: string,
    url: string,
    body: unknown,
    fresh = false,
  ): Promise<T> {
    const token = await accessToken(sub, scopes, fresh);
    stats.calls += 1;
    const response = await send(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = await readJson(response);
    if (response.ok) return json as T;
    if (response.status === 401) forgetToken(sub, scopes);
    throw apiAnswerError(api, response, json, sub, key, [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE]);
  }

  /** Retries what is worth retrying (429, rate-limit 403s, 5xx, network) with exponential backoff and full jitter. */
  async function call<T>(
    api: Api,
    sub: string,
    scopes: readonly string[],
    method: string,
    url: string,
    body?: unknown,
    fresh = false,
  ): Promise<T> {
    let refreshedAfter401 = false;
    for (let attemptNo = 1; ; attemptNo += 1) {
      try {
        // A fresh token is asked for on the first attempt only; a retry may use the one just obtained.
        return await attempt<T>(api, sub, scopes, method, url, body, fresh && attemptNo === 1);
      } catch (error) {
        if (!(error instanceof GoogleWorkspaceError)) throw error;
        // An API's 401 means our token is no longer good (revoked, rotated): one new token, once. The
        // token endpoint's own 401s (unauthorized_client, access_denied) say why, and a new token would not help.
        if (error.status === 401 && !refreshedAfter401 && error.kind === 'bad_request') {
          refreshedAfter401 = true;
          continue;
        }
        if (!error.retryable) throw error;
        const step = retryStep(
          retry,
          { attemptNo, elapsedMs: elapsed(), retryAfterSeconds: error.retryAfterSeconds },
          random,
        );
        if ('giveUp' in step) throw error;
        const delayMs = step.sleepMs;
        stats.retries += 1;
        options.onRetry?.({ attempt: attemptNo, delayMs, kind: error.kind });
        await sleep(delayMs);
      }
    }
  }

  const sendAsUrl = () => `${endpoints.gmailApiUrl}/gmail/v1/users/me/settings/sendAs`;

  function directoryUrl(pageSize: number, pageToken?: string): string {
    const params = new URLSearchParams({
      customer: 'my_customer',
      maxResults: String(pageSize),
      // Only the fields the sync uses (design/google-workspace.md): smaller pages, fewer quota surprises.
      projection: 'basic',
      fields: DIRECTORY_FIELDS,
      orderBy: 'email',
      query: 'isSuspended=false',
    });
    if (pageToken) params.set('pageToken', pageToken);
    return `${endpoints.directoryApiUrl}/admin/directory/v1/users?${params.toString()}`;
  }

  const client: WorkspaceClient = {
    stats,

    async *listDirectory(adminEmail, listOptions = {}) {
      const pageSize = Math.max(1, Math.min(500, listOptions.pageSize ?? 500));
      let pageToken: string | undefined;
      const seen = new Set<string>();
      do {
        const page = await call<{ users?: unknown[]; nextPageToken?: string }>(
          'directory',
          adminEmail,
          [DIRECTORY_SCOPE],
          'GET',
          directoryUrl(pageSize, pageToken),
        );
        yield (page.users ?? []).map(toDirectoryPerson).filter((p): p is DirectoryPerson => p !== null);
        pageToken =
          typeof page.nextPageToken === 'string' && page.nextPageToken !== '' ? page.nextPageToken : undefined;
        // A page token seen before would loop forever: stop instead.
        if (pageToken && seen.has(pageToken)) break;
        if (pageToken) seen.add(pageToken);
      } while (pageToken);
    },

    async listSendAs(personEmail) {
      const answer = await call<{ sendAs?: unknown[] }>(
        'gmail',
        personEmail,
        [GMAIL_SETTINGS_SCOPE],
        'GET',
        sendAsUrl(),
      );
      return (answer.sendAs ?? []).map(toSendAs);
    },

    async primarySendAs(personEmail) {
      const list = await client.listSendAs(personEmail);
      const primary = list.find((s) => s.isPrimary);
      if (!primary) {
        throw new GoogleWorkspaceError('not_found', `Gmail lists no primary address for ${personEmail}.`, {
          status: 404,
        });
      }
      return primary;
    },

    async patchSignature(personEmail, sendAsEmail, html) {
      const length = signatureLength(html);
      if (length > SIGNATURE_MAX_CHARS) {
        throw new GoogleWorkspaceError(
          'too_long',
          `The signature for ${sendAsEmail} is ${length.toLocaleString('en-US')} characters of HTML; Gmail accepts at most 10,000. Remove a line, a banner or some links and push again.`,
          { googleReason: 'invalidArgument' },
        );
      }
      const answer = await call<unknown>(
        'gmail',
        personEmail,
        [GMAIL_SETTINGS_SCOPE],
        'PATCH',
        `${sendAsUrl()}/${encodeURIComponent(sendAsEmail)}`,
        { signature: html },
      );
      return toSendAs(answer);
    },

    async checkConnection(adminEmail) {
      // One token with both scopes: unauthorized_client names every scope that is missing.
      const both = [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE];
      const url = directoryUrl(1);
      await call<unknown>('directory', adminEmail, both, 'GET', url, undefined, true);
    },

    async freshToken(sub, scopes) {
      await accessToken(sub, scopes, true);
    },

    async getUser(adminEmail, userKey) {
      const url = `${endpoints.directoryApiUrl}/admin/directory/v1/users/${encodeURIComponent(userKey)}?projection=basic&fields=primaryEmail,isAdmin`;
      const user = await call<{ primaryEmail?: unknown; isAdmin?: unknown }>(
        'directory',
        adminEmail,
        [DIRECTORY_SCOPE],
        'GET',
        url,
      );
      return {
        primaryEmail: typeof user.primaryEmail === 'string' ? user.primaryEmail : userKey,
        isAdmin: user.isAdmin === true,
      };
    },

    async listGroupMembers(adminEmail, groupKey) {
      const emails: string[] = [];
      const seen = new Set<string>();
      let pageToken = '';
      do {
        const params = new URLSearchParams({ includeDerivedMembership: 'true', maxResults: '200' });
        if (pageToken) params.set('pageToken', pageToken);
        const url = `${endpoints.directoryApiUrl}/admin/directory/v1/groups/${encodeURIComponent(groupKey)}/members?${params}`;
        const page = await call<{ members?: { email?: unknown; type?: unknown }[]; nextPageToken?: unknown }>(
          'directory',
          adminEmail,
          [GROUP_MEMBER_SCOPE],
          'GET',
          url,
        );
        for (const m of page.members ?? [])
          if (m.type === 'USER' && typeof m.email === 'string') emails.push(m.email.toLowerCase());
        pageToken = typeof page.nextPageToken === 'string' ? page.nextPageToken : '';
        // A token answered before would page in a circle for ever; a partial list would drop members
        // from their rules and campaigns, so the group is not read at all this time (decision 0262).
        if (pageToken && seen.has(pageToken)) throw repeatedPageToken(groupKey, seen.size + 1, emails.length);
        seen.add(pageToken);
      } while (pageToken);
      return emails;
    },
  };
  return client;
}

/** Google gave a group's member list a page token it had already given: stopped, in words. */
function repeatedPageToken(groupKey: string, pages: number, members: number) {
  return new GoogleWorkspaceError(
    'server_error',
    `Google answered page ${pages} of the members of ${groupKey} with a page token it had already given (after ${members} members), so reading it would never end: stopped. The group keeps the members read before; the next sync reads it again.`,
    { googleReason: 'repeatedPageToken' },
  );
}

/** Why a call never got an answer, in words: the network's code, never "the key" (nothing reached Google). */
function unreachableWhy(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; cause?: { code?: string; name?: string } } | undefined;
  const timedOut = [err?.name, err?.cause?.name].some((name) => name === 'TimeoutError' || name === 'AbortError');
  if (timedOut) return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  switch (err?.cause?.code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the address does not resolve (DNS)';
    case 'ECONNRESET':
      return 'the connection was cut';
    case 'UND_ERR_SOCKET':
      return 'the connection was closed before the answer';
    default:
      return err?.cause?.code ? `network error ${err.cause.code}` : `network error (${String(err?.cause ?? err)})`;
  }
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A Directory API user resource, as the fields the Workspace module keeps. */
export function toDirectoryPerson(raw: unknown): DirectoryPerson | null {
  if (!raw || typeof raw !== 'object') return null;
  const u = raw as Record<string, unknown>;
  const primaryEmail = str(u.primaryEmail);
  if (!primaryEmail) return null;
  const name = (u.name && typeof u.name === 'object' ? u.name : {}) as Record<string, unknown>;
  const organizations = Array.isArray(u.organizations) ? (u.organizations as Record<string, unknown>[]) : [];
  const org = organizations.find((o) => o && o.primary === true) ?? organizations[0];
  const phones = Array.isArray(u.phones)
    ? (u.phones as Record<string, unknown>[])
        .filter((p) => p && typeof p.value === 'string' && p.value !== '')
        .map((p) => ({ type: str(p.type) ?? 'work', value: p.value as string }))
    : [];
  const givenName = str(name.givenName) ?? '';
  const familyName = str(name.familyName) ?? '';
  return {
    primaryEmail,
    aliases: Array.isArray(u.aliases) ? (u.aliases as unknown[]).filter((a): a is string => typeof a === 'string') : [],
    fullName: str(name.fullName) ?? [givenName, familyName].filter(Boolean).join(' '),
    givenName,
    familyName,
    title: org ? str(org.title) : null,
    department: org ? str(org.department) : null,
    phones,
    orgUnitPath: str(u.orgUnitPath) ?? '/',
    suspended: u.suspended === true,
    archived: u.archived === true,
    // Google omits isMailboxSetup for some accounts; only an explicit false means no mailbox.
    isMailboxSetup: u.isMailboxSetup !== false,
    thumbnailPhotoUrl: str(u.thumbnailPhotoUrl),
  };
}

export function toSendAs(raw: unknown): SendAs {
  const s = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    sendAsEmail: typeof s.sendAsEmail === 'string' ? s.sendAsEmail : '',
    displayName: typeof s.displayName === 'string' ? s.displayName : '',
    signature: typeof s.signature === 'string' ? s.signature : '',
    isPrimary: s.isPrimary === true,
    isDefault: s.isDefault === true,
    treatAsAlias: s.treatAsAlias === true,
    verificationStatus: typeof s.verificationStatus === 'string' ? s.verificationStatus : null,
  };
}
