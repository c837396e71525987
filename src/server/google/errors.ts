/**
 * Every failure of a call to Google, as a kind the Workspace module can act on and a message a
 * Workspace admin understands (never Google's raw JSON). See docs/decisions/0110.
 */
export type GoogleErrorKind =
  | 'invalid_key'
  | 'scopes_not_granted'
  | 'key_revoked'
  | 'clock_skew'
  | 'api_disabled'
  | 'domain_policy'
  | 'daily_limit'
  | 'wrong_domain'
  | 'person_deleted'
  | 'person_restricted'
  | 'delegation_denied'
  | 'not_admin'
  | 'mail_not_enabled'
  | 'too_long'
  | 'rate_limited'
  | 'server_error'
  | 'bad_request'
  | 'not_found'
  | 'unreachable';

/**
 * What a failure means for a run (docs/decisions/0133): `retry` after a pause; `skip` that person
 * (deleted, unknown, restricted, no Gmail: nothing to do for them); `fail` that person (their
 * signature or address); `systemic`: every later call would fail the same way (key, scopes, API,
 * policy, clock, the project's daily quota), so the run stops and waits for a passing check.
 */
export type GoogleErrorEffect = 'retry' | 'skip' | 'fail' | 'systemic';

export const KIND_EFFECT: Record<GoogleErrorKind, GoogleErrorEffect> = {
  rate_limited: 'retry',
  server_error: 'retry',
  unreachable: 'retry',
  mail_not_enabled: 'skip',
  wrong_domain: 'skip',
  person_deleted: 'skip',
  person_restricted: 'skip',
  delegation_denied: 'fail',
  too_long: 'fail',
  not_found: 'fail',
  bad_request: 'fail',
  invalid_key: 'systemic',
  scopes_not_granted: 'systemic',
  key_revoked: 'systemic',
  clock_skew: 'systemic',
  api_disabled: 'systemic',
  domain_policy: 'systemic',
  daily_limit: 'systemic',
  not_admin: 'systemic',
};

/** Kinds worth trying again after a pause: Google's rate limits, its 5xx and a network failure. */
export const RETRYABLE_KINDS: ReadonlySet<GoogleErrorKind> = new Set(
  (Object.keys(KIND_EFFECT) as GoogleErrorKind[]).filter((kind) => KIND_EFFECT[kind] === 'retry'),
);

export class GoogleWorkspaceError extends Error {
  readonly kind: GoogleErrorKind;
  readonly retryable: boolean;
  readonly effect: GoogleErrorEffect;
  readonly status?: number;
  /** Google's own reason (`rateLimitExceeded`, `failedPrecondition`, `unauthorized_client`…). */
  readonly googleReason?: string;
  /** Seconds Google asked us to wait (Retry-After), when it said. */
  readonly retryAfterSeconds?: number;

  constructor(
    kind: GoogleErrorKind,
    message: string,
    details: { status?: number; googleReason?: string; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'GoogleWorkspaceError';
    this.kind = kind;
    this.retryable = RETRYABLE_KINDS.has(kind);
    this.effect = KIND_EFFECT[kind];
    if (details.status !== undefined) this.status = details.status;
    if (details.googleReason !== undefined) this.googleReason = details.googleReason;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

export function isGoogleWorkspaceError(error: unknown): error is GoogleWorkspaceError {
  return error instanceof GoogleWorkspaceError;
}
