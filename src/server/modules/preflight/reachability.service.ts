import type { ReachabilityAnswer, ReachabilityBody } from '../../../shared/api/preflight';
import { SOCIAL_PLATFORMS, isOnPlatformHost } from '../../../shared/signature/social-hosts';
import { AppError } from '../../errors';
import { safeProbe, type ProbeResult, type SafeFetchOptions } from '../../net/safe-fetch';
import { consumeOrThrow } from '../../rate-limit/limit-or-throw';
import type { LimitRule, RateLimiter } from '../../rate-limit/rate-limiter';

/**
 * Pre-flight's reachability check, run where recipients are: on the server, through the SSRF-safe
 * fetcher (docs/decisions/0165-reachability-checked-from-the-server.md). The person's browser
 * reaches their LAN and localhost; a recipient's mail app does not, so a logo on
 * https://10.0.0.5 or https://signatures.corp fails here while it loads fine in the editor.
 */

/** Checks that reach the internet, per person and window (answers from the cache are free). */
export const REACHABILITY_LIMIT: LimitRule = { name: 'preflight-reachability', limit: 120, windowMs: 10 * 60_000 };
/** How long an answer is kept: long enough that typing never re-checks, short enough that a fix shows. */
export const REACHABILITY_TTL_MS = 5 * 60_000;
const MAX_CACHED = 2_000;
const CONCURRENCY = 4;
const PROBE_TIMEOUT_MS = 6_000;

/** Paths and hosts that mean "sign in first": a recipient clicking the link meets a login form. */
const LOGIN_PATH =
  /(?:^|\/)(?:log-?in|sign-?in|sign_in|auth|sso|oauth2?|session|account\/login|accounts\/login)(?:[/?#.]|$)/i;
const LOGIN_HOSTS = ['accounts.google.com', 'login.microsoftonline.com', 'login.live.com', 'okta.com', 'auth0.com'];

type Probe = (url: string, options: SafeFetchOptions) => Promise<ProbeResult>;

export type ReachabilityDeps = {
  limiter?: RateLimiter;
  fetchOptions?: SafeFetchOptions;
  /** The fetcher; tests hand in one that answers like a given site. */
  probe?: Probe;
  now?: () => number;
};

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
};

function looksLikeLogin(url: string): boolean {
  const host = hostOf(url);
  if (LOGIN_HOSTS.some((login) => host === login || host.endsWith(`.${login}`))) return true;
  try {
    return LOGIN_PATH.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** The finding of a refusal without its advice (the checklist gives its own fix, and a link is not an image). */
function refusalWords(error: unknown): string {
  if (!(error instanceof AppError)) return 'We could not load it from the internet.';
  const finding = /^.*?[.!?](?=\s|$)/.exec(error.message)?.[0];
  return finding ?? error.message;
}

function judgeImage(url: string, result: ProbeResult): ReachabilityAnswer {
  const { status, contentType } = result;
  if (status >= 200 && status < 300) {
    if (!/^image\//i.test(contentType)) {
      return {
        url,
        kind: 'image',
        status: 'fail',
        detail: `It answers with ${contentType || 'no content type'}, not an image.`,
      };
    }
    return { url, kind: 'image', status: 'pass', detail: '' };
  }
  return {
    url,
    kind: 'image',
    status: 'fail',
    detail: `It answers with an error (${status}): recipients see an empty box.`,
  };
}

function judgeLink(url: string, result: ProbeResult): ReachabilityAnswer {
  const { status, finalUrl, redirects } = result;
  if (redirects.length > 0 && looksLikeLogin(finalUrl) && !looksLikeLogin(url)) {
    return { url, kind: 'link', status: 'warn', detail: `It sends recipients to a sign-in page (${finalUrl}).` };
  }
  if (status === 401 || status === 403) {
    return { url, kind: 'link', status: 'warn', detail: `It asks for a sign-in or refuses visitors (${status}).` };
  }
  if (status === 404 || status === 410) {
    return { url, kind: 'link', status: 'fail', detail: `The page is not there (${status}).` };
  }
  if (status >= 500) {
    return {
      url,
      kind: 'link',
      status: 'warn',
      detail: `The site answered with an error (${status}) when we checked.`,
    };
  }
  return { url, kind: 'link', status: 'pass', detail: '' };
}

/**
 * Profile pages answer robots with sign-in walls and 999s whatever the link: checking them would
 * flag every good LinkedIn or Instagram link. Their addresses are already held to their
 * platform's hosts when typed.
 */
const isSocialProfile = (url: string) => SOCIAL_PLATFORMS.some((platform) => isOnPlatformHost(platform, url));

/** Runs `work` over `items`, at most `limit` at a time, answers in the items' order. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function createReachabilityService(deps: ReachabilityDeps = {}) {
  const probe = deps.probe ?? safeProbe;
  const now = deps.now ?? Date.now;
  const fetchOptions: SafeFetchOptions = { timeoutMs: PROBE_TIMEOUT_MS, maxRedirects: 5, ...deps.fetchOptions };
  // Per person: one person's checks never answer another's (house rule: every cache is scoped).
  const cache = new Map<string, { answer: ReachabilityAnswer; expires: number }>();

  const keyOf = (scope: string, kind: string, url: string) => `${scope}\n${kind}\n${url}`;

  function cached(key: string): ReachabilityAnswer | null {
    const entry = cache.get(key);
    if (!entry) return null;
    if (entry.expires <= now()) {
      cache.delete(key);
      return null;
    }
    return entry.answer;
  }

  function remember(key: string, answer: ReachabilityAnswer) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, { answer, expires: now() + REACHABILITY_TTL_MS });
  }

  async function checkOne(kind: 'image' | 'link', url: string): Promise<ReachabilityAnswer> {
    if (kind === 'link' && !/^https?:\/\//i.test(url)) return { url, kind, status: 'pass', detail: '' };
    if (kind === 'link' && isSocialProfile(url)) return { url, kind, status: 'pass', detail: '' };
    try {
      const result = await probe(url, fetchOptions);
      return kind === 'image' ? judgeImage(url, result) : judgeLink(url, result);
    } catch (error) {
      // A name our server cannot look up may still be a real site on a server without DNS (or a
      // name only the person's network knows): said, not failed. A private address is certain.
      const unknownName = error instanceof AppError && error.message.startsWith('We could not find');
      return { url, kind, status: unknownName ? 'warn' : 'fail', detail: refusalWords(error) };
    }
  }

  return {
    /** Each image and link of one person's signature, as a recipient meets it. */
    async check(personId: string, body: ReachabilityBody): Promise<ReachabilityAnswer[]> {
      const wanted = [
        ...[...new Set(body.images)].map((url) => ({ kind: 'image' as const, url })),
        ...[...new Set(body.links)].map((url) => ({ kind: 'link' as const, url })),
      ];
      const known = wanted.map(({ kind, url }) => cached(keyOf(personId, kind, url)));
      const missing = wanted.filter((_, index) => known[index] === null);
      if (missing.length > 0 && deps.limiter) {
        await consumeOrThrow(
          deps.limiter,
          REACHABILITY_LIMIT,
          personId,
          (wait) => `You have checked many addresses in the last few minutes. Please try again ${wait}.`,
        );
      }
      const fresh = await pooled(missing, CONCURRENCY, ({ kind, url }) => checkOne(kind, url));
      fresh.forEach((answer) => remember(keyOf(personId, answer.kind, answer.url), answer));
      let freshIndex = 0;
      return wanted.map((_, index) => known[index] ?? fresh[freshIndex++]!);
    },
  };
}
export type ReachabilityService = ReturnType<typeof createReachabilityService>;
