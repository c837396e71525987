/** Domain errors carry a code; one table maps codes to HTTP statuses. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Words written for the person who will read them. */
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'That item') => new AppError('NOT_FOUND', `${what} was not found.`);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please log in to continue.');
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('FORBIDDEN', message);
export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, fields);
