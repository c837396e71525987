import { createAccessTokens, createTokenCache, type TokenCache } from './access-token';
import { GoogleWorkspaceError, type GoogleErrorKind } from './errors';
import { apiAnswerError, type Api } from './google-answers';
import { createGoogleFetch, readJson } from './google-fetch';
import { DEFAULT_RETRY, retryStep, type RetryPolicy } from './retry-policy';
import type { ServiceAccountKey } from './service-account-key';

export interface GoogleCallOptions {
  key: ServiceAccountKey;
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

/**
 * One call to a Google API as a person of the domain: a token, the request, and the retries worth
 * making (429, rate-limit 403s, 5xx, network), within the time budget all of a client's calls share.
 * `scopesToName` are the scopes a refusal names when the key's grant lacks them.
 */
export function createGoogleCall(options: GoogleCallOptions, tokenUrl: string, scopesToName: readonly string[]) {
  const key = options.key;
  const cache = options.tokenCache ?? createTokenCache();
  const retry = options.retry ?? DEFAULT_RETRY;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const monotonic = options.monotonic ?? (() => performance.now());
  // The budget runs from the client's making: one job, one budget.
  const startedAt = monotonic();
  const elapsed = () => monotonic() - startedAt;
  const stats = { tokenRequests: 0, retries: 0, calls: 0 };
  const send = createGoogleFetch({
    fetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? 30_000,
    beforeRequest: options.beforeRequest,
  });
  const { accessToken, forgetToken } = createAccessTokens({
    key,
    tokenUrl,
    cache,
    cacheOwner: options.cacheOwner ?? '',
    send,
    now,
    stats,
  });

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
    throw apiAnswerError(api, response, json, sub, key, scopesToName);
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

  return { call, accessToken, stats };
}
