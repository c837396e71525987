import { GoogleWorkspaceError } from './errors';

/** One request to Google with a time limit; a request that gets no answer throws `unreachable` in words. */
export function createGoogleFetch(options: {
  fetch: typeof fetch;
  timeoutMs: number;
  /** Asked before every request; throwing stops the call there (decision 0133). */
  beforeRequest?: () => void;
}) {
  const doFetch = options.fetch;
  const timeoutMs = options.timeoutMs;
  return async function send(url: string, init: RequestInit): Promise<Response> {
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
  };
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

export async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
