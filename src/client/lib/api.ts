/** An API failure, carrying the server's words for the person. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly code?: string,
    /** The whole error answer (a 409 carries more than the words: the stored version). */
    readonly payload?: unknown,
  ) {
    super(message);
  }
}

/** Network trouble: the request never got an answer. */
export class NetworkError extends Error {
  constructor() {
    super('Network error. Please check your connection and try again.');
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every call sends credentials; writes send JSON. Non-OK answers become ApiError with the server's
 * message; an OK one gives its status and its JSON, unchecked: api-client.ts checks it against the contract,
 * api/public.ts (the zod-free public pages) types it by the contract.
 */
export async function sendRequest(
  method: Method,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<{ status: number; data: unknown }> {
  let res: Response;
  const { headers: extra, ...rest } = init;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        ...(extra as Record<string, string> | undefined),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...rest,
    });
  } catch {
    throw new NetworkError();
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    const payload = (data ?? {}) as { error?: string; errors?: Record<string, string>; code?: string };
    const message = payload.error || text || `${res.status}: ${res.statusText}`;
    throw new ApiError(res.status, message, payload.errors ?? {}, payload.code, data);
  }
  return { status: res.status, data };
}

/** The message to show for any thrown value, with a fallback in the spec's words. */
export function errorMessage(error: unknown, fallback: string): string {
  const tooMany = tooManyRequestsWords(error);
  if (tooMany) return tooMany;
  if (error instanceof ApiError || error instanceof NetworkError) return error.message || fallback;
  return fallback;
}

/**
 * The client's one rule for a refusal because of too many requests (429): our server's own words
 * (the limits say when to try again), else the spec's 'Too many requests. Please try again in a few
 * minutes.' (a 429 from a proxy in between). Null for any other error.
 */
export function tooManyRequestsWords(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return (error.code && error.message) || 'Too many requests. Please try again in a few minutes.';
}
