import { enableServiceUrl } from '../../shared/workspace/google-setup';
import { GoogleWorkspaceError } from './errors';
import type { ServiceAccountKey } from './service-account-key';

/**
 * Google's refusals, read on Google's own strings (design/google-workspace.md, "What fails first
 * against real Google"): each becomes a kind the Workspace module acts on (docs/decisions/0133) and
 * our words first, then Google's own message quoted, so an admin can search for it.
 */

export type Api = 'gmail' | 'directory';
type KeyFacts = Pick<ServiceAccountKey, 'clientId' | 'projectId'>;

/** Google's enable page of an API in the key's project (the project picker when the key names none). */
export const enableApiUrl = enableServiceUrl;

const API_NAMES: Record<string, string> = {
  'gmail.googleapis.com': 'Gmail API',
  'admin.googleapis.com': 'Admin SDK API',
};

const quoted = (text: string) => (text ? ` Google said: “${text.trim()}”` : '');

export function authoriseWords(key: KeyFacts, scopes: readonly string[]): string {
  return `In the Admin console → Security → API controls → Domain-wide delegation, authorise client ID ${key.clientId} with: ${scopes.join(', ')}.`;
}

/** Seconds Google asked us to wait, from Retry-After (seconds or an HTTP date). */
export function retryAfterSeconds(response: Pick<Response, 'headers'>): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

function withRetryAfter(response: Pick<Response, 'headers'>) {
  const after = retryAfterSeconds(response);
  return after === undefined ? {} : { retryAfterSeconds: after };
}

/** The token endpoint's `{error, error_description}` for the JWT-bearer grant of `sub`. */
export function tokenAnswerError(
  response: Pick<Response, 'status' | 'headers'>,
  body: Record<string, unknown> | null,
  sub: string,
  scopes: readonly string[],
  key: KeyFacts,
): GoogleWorkspaceError {
  const code = typeof body?.error === 'string' ? body.error : undefined;
  const description = typeof body?.error_description === 'string' ? body.error_description : '';
  const details = { status: response.status, ...(code ? { googleReason: code } : {}) };
  const said = quoted([code, description].filter(Boolean).join(': '));
  const make = (kind: ConstructorParameters<typeof GoogleWorkspaceError>[0], words: string) =>
    new GoogleWorkspaceError(kind, `${words}${said}`, details);

  if (response.status === 429)
    return new GoogleWorkspaceError(
      'rate_limited',
      'Google is limiting how fast we may ask for access; it will be tried again.',
      { ...details, ...withRetryAfter(response) },
    );
  if (response.status >= 500)
    return make('server_error', `Google's sign-in service had a problem (${response.status}).`);
  if (code === 'unauthorized_client')
    return make(
      'scopes_not_granted',
      `Google does not let this service account act for people with these scopes: they were never authorised, were removed, or were added minutes ago and are not applied yet (it can take up to 24 hours). ${authoriseWords(key, scopes)}`,
    );
  if (code === 'access_denied' && /account restricted/i.test(description))
    return make('person_restricted', `Google restricts ${sub}'s account, so nothing can be set for this person.`);
  if (code === 'access_denied')
    return make(
      'scopes_not_granted',
      `Domain-wide delegation is not authorised for this service account. ${authoriseWords(key, scopes)}`,
    );
  if (code === 'admin_policy_enforced')
    return make(
      'domain_policy',
      `A policy of your Workspace admin blocks this service account for ${sub} (Admin console → Security → API controls: trust the app, or allow it for that person's unit).`,
    );
  if (code === 'invalid_client') return make('key_revoked', keyGone);
  if (code === 'invalid_grant') return invalidGrant(description, sub, make);
  return make('bad_request', `Google refused to give us access for ${sub} (HTTP ${response.status}).`);
}

const keyGone =
  'Google no longer accepts this service account key: it was deleted or replaced. Create a new JSON key for the service account and connect again.';

function invalidGrant(
  description: string,
  sub: string,
  make: (kind: ConstructorParameters<typeof GoogleWorkspaceError>[0], words: string) => GoogleWorkspaceError,
): GoogleWorkspaceError {
  if (/short-lived token|reasonable timeframe|iat and exp/i.test(description))
    return make(
      'clock_skew',
      "Google refused the sign-in because the server's clock is off (the times in our request look wrong to Google). Set the server's clock to network time (NTP), then press Check connection.",
    );
  if (/no valid verifier found for issuer/i.test(description))
    return make(
      'key_revoked',
      'Google cannot check this key: it has no valid key for the service account (the key, or the service account itself, was deleted or disabled). Create a new JSON key, or a new service account, and connect again.',
    );
  if (/account not found/i.test(description))
    return make(
      'key_revoked',
      'Google no longer knows this service account: it was deleted (or its project was). Create a service account and a key, authorise its client ID, and connect again.',
    );
  if (/account has been deleted/i.test(description))
    return make(
      'person_deleted',
      `${sub} was deleted from the Workspace, so there is no mailbox to set; the key is fine.`,
    );
  if (/invalid email or user id|not a valid email/i.test(description))
    return make(
      'wrong_domain',
      `Google does not know ${sub} in the Workspace that authorised this service account. Give the address of a person (for Connect: a Workspace admin) of that domain.`,
    );
  if (/invalid jwt signature|disabled/i.test(description)) return make('key_revoked', keyGone);
  return make('bad_request', `Google refused to give us access for ${sub}.`);
}

type ApiErrorBody = {
  message?: unknown;
  status?: unknown;
  errors?: { reason?: unknown }[];
  details?: { reason?: unknown; metadata?: { service?: unknown } }[];
};

/** Every reason Google gave: `errors[].reason` (v1 style), `details[].reason` (ErrorInfo) and `status`. */
function reasonsOf(error: ApiErrorBody): string[] {
  const reasons: string[] = [];
  for (const e of Array.isArray(error.errors) ? error.errors : [])
    if (typeof e?.reason === 'string') reasons.push(e.reason);
  for (const d of Array.isArray(error.details) ? error.details : [])
    if (typeof d?.reason === 'string') reasons.push(d.reason);
  if (typeof error.status === 'string') reasons.push(error.status);
  return reasons;
}

function disabledService(api: Api, error: ApiErrorBody, message: string): string {
  for (const d of Array.isArray(error.details) ? error.details : [])
    if (typeof d?.metadata?.service === 'string') return d.metadata.service;
  const named = /\b(gmail|admin)\.googleapis\.com\b/.exec(message)?.[0];
  if (named) return named;
  if (/Admin SDK/i.test(message)) return 'admin.googleapis.com';
  if (/Gmail API/i.test(message)) return 'gmail.googleapis.com';
  return api === 'gmail' ? 'gmail.googleapis.com' : 'admin.googleapis.com';
}

/** A Gmail or Directory API refusal (`{"error": {code, message, errors, status, details}}`). */
export function apiAnswerError(
  api: Api,
  response: Pick<Response, 'status' | 'headers'>,
  body: Record<string, unknown> | null,
  sub: string,
  key: KeyFacts,
  allScopes: readonly string[],
): GoogleWorkspaceError {
  const error = (body?.error && typeof body.error === 'object' ? body.error : {}) as ApiErrorBody;
  const message = typeof error.message === 'string' ? error.message : '';
  const reasons = reasonsOf(error);
  const has = (...wanted: string[]) => wanted.some((w) => reasons.includes(w));
  const status = response.status;
  const details = { status, ...(reasons[0] ? { googleReason: reasons[0] } : {}) };
  const make = (kind: ConstructorParameters<typeof GoogleWorkspaceError>[0], words: string, extra = {}) =>
    new GoogleWorkspaceError(kind, `${words}${quoted(message)}`, { ...details, ...extra });

  // Directory's quotaExceeded is its concurrency limit: slow down and try again (as GAM does).
  if (status === 429 || (status === 403 && has('rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded')))
    return make(
      'rate_limited',
      'Google asked us to slow down (rate limit); it will be tried again.',
      withRetryAfter(response),
    );
  if (status >= 500) return make('server_error', `Google had a problem on its side (${status}).`);
  if (
    status === 403 &&
    (has('accessNotConfigured', 'SERVICE_DISABLED') || /has not been used in project/i.test(message))
  ) {
    const service = disabledService(api, error, message);
    const name = API_NAMES[service] ?? service;
    return make(
      'api_disabled',
      `The ${name} is not enabled in the service account's Cloud project${key.projectId ? ` (${key.projectId})` : ''}. Enable it at ${enableApiUrl(service, key.projectId)}, wait a few minutes, then press Check connection.`,
      { googleReason: has('SERVICE_DISABLED') ? 'SERVICE_DISABLED' : 'accessNotConfigured' },
    );
  }
  if (status === 403 && has('dailyLimitExceeded'))
    return make(
      'daily_limit',
      "Google's daily limit of calls for the service account's Cloud project is used up; it resets at midnight Pacific time. Press Check connection after that to resume.",
      { googleReason: 'dailyLimitExceeded' },
    );
  if (status === 403 && (has('domainPolicy') || /disabled by your domain administrator/i.test(message)))
    return make(
      'domain_policy',
      'Your Workspace admin has turned this off for the domain (a domain policy), so Gmail settings cannot be changed through the API. An admin must allow it in the Admin console, then press Check connection.',
      { googleReason: 'domainPolicy' },
    );
  if (status === 403 && /delegation denied/i.test(message))
    return make('delegation_denied', `Gmail does not let the service account act for ${sub} on this address.`);
  if (/mail service not enabled/i.test(message) || (status === 400 && has('failedPrecondition') && api === 'gmail'))
    return new GoogleWorkspaceError(
      'mail_not_enabled',
      `${sub} has no Gmail (Google: “Mail service not enabled”), so there is no signature to set.`,
      { ...details, googleReason: 'failedPrecondition' },
    );
  if (status === 400 && /signature/i.test(message) && /long|length|10,?000/i.test(message))
    return make('too_long', 'Gmail refused the signature as too long (at most 10,000 characters).');
  if (status === 401) return make('bad_request', `Google did not accept our access for ${sub}.`);
  if (status === 403 && api === 'directory')
    return make(
      'not_admin',
      `${sub} may not read the Workspace directory. Give the address of a Workspace admin (a super admin, or an admin with the Users → Read privilege).`,
    );
  if (status === 403)
    return make(
      'scopes_not_granted',
      `Google refused to let the service account change Gmail settings for ${sub}. ${authoriseWords(key, allScopes)}`,
    );
  if (status === 404)
    return make(
      'not_found',
      api === 'gmail' ? `Gmail does not know that address for ${sub}.` : 'Google could not find that.',
    );
  return make('bad_request', `Google refused the request (${status}).`);
}
