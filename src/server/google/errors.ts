/**
 * Every failure of a call to Google, as a kind the Workspace module can act on and a message a
 * Workspace admin understands (never Google's raw JSON). See docs/decisions/0110.
 */
export type GoogleErrorKind =
  | 'invalid_key'
  | 'scopes_not_granted'
  | 'key_revoked'
  | 'wrong_domain'
  | 'not_admin'
  | 'mail_not_enabled'
  | 'too_long'
  | 'rate_limited'
  | 'server_error'
  | 'bad_request'
  | 'not_found'
  | 'unreachable';

/** Kinds worth trying again after a pause: Google's rate limits, its 5xx and a network failure. */
export const RETRYABLE_KINDS: ReadonlySet<GoogleErrorKind> = new Set(['rate_limited', 'server_error', 'unreachable']);

export class GoogleWorkspaceError extends Error {
  readonly kind: GoogleErrorKind;
  readonly retryable: boolean;
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
    if (details.status !== undefined) this.status = details.status;
    if (details.googleReason !== undefined) this.googleReason = details.googleReason;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

export function isGoogleWorkspaceError(error: unknown): error is GoogleWorkspaceError {
  return error instanceof GoogleWorkspaceError;
}
