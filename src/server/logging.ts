import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * What the server log may hold. Links in mail carry secrets in their path (a reset link read from
 * the request log once reset a password), and a failed query's parameters can be a session token;
 * every request line and every logged error passes through here first. See
 * docs/decisions/0034-abuse-limits-and-secret-hygiene.md.
 */
export const REDACTED = '[redacted]';

/** Paths whose next segment is a secret: a token, or an id that is the only key to a page. */
const TOKEN_PATH =
  /(\/(?:api\/)?(?:reset-password|magic-link|verify-email|invitations|checkout\/test-payment|test-payments)\/)[^/?#\s"']+/gi;
/** Query parameters that hold secrets, wherever they appear. */
const SECRET_PARAM = /([?&](?:token|code|secret|key|signature|session_id|callbackURL)=)[^&#\s"']*/gi;

/** A URL or any text mentioning one, with the secret parts replaced. */
export function redactSecrets(text: string): string {
  return text.replace(TOKEN_PATH, `$1${REDACTED}`).replace(SECRET_PARAM, `$1${REDACTED}`);
}

/** A failed query's text without its parameter list (drizzle's "Failed query: …\nparams: …"). */
function withoutQueryParams(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [not logged]');
}

const cleanText = (text: string) => redactSecrets(withoutQueryParams(text));

type Serialized = Record<string, unknown>;

/**
 * pino's error serializer, then: no `params` (query parameters), no PostgreSQL `detail` (it
 * repeats the values of a violated key), and every message and stack cleaned of tokens.
 */
export type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

export function serializeError(error: Error): SerializedError {
  const out = clean(errorFields(error, 0), 0);
  return {
    ...out,
    type: String(out.type ?? 'Error'),
    message: String(out.message ?? ''),
    stack: String(out.stack ?? ''),
  };
}

/** pino's shape for an error: type, message, stack, its own fields, and its cause. */
function errorFields(error: Error, depth: number): Serialized {
  const out: Serialized = { ...(error as unknown as Serialized) };
  out.type = error.constructor?.name ?? 'Error';
  out.message = error.message;
  out.stack = error.stack;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && depth < 3) out.cause = errorFields(cause, depth + 1);
  else if (cause !== undefined) out.cause = typeof cause === 'string' ? cause : undefined;
  return out;
}

function clean(value: Serialized, depth: number): Serialized {
  const out: Serialized = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'params' || key === 'parameters' || key === 'detail' || key === 'where') continue;
    if (typeof v === 'string') out[key] = cleanText(v);
    else if (v && typeof v === 'object' && !Array.isArray(v) && depth < 4) out[key] = clean(v as Serialized, depth + 1);
    else if (Array.isArray(v)) continue;
    else out[key] = v;
  }
  return out;
}

type LoggedRequest = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } };

/** Fastify's request serializer with the URL's secrets redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactSecrets(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export type LogStream = { write(line: string): void };

export const logSerializers = { req: serializeRequest, err: serializeError };

/** Fastify's logger options: the level, the redacting serializers, and (tests) a stream to read. */
export function loggerOptions(level: string, stream?: LogStream) {
  return { level, serializers: logSerializers, ...(stream ? { stream } : {}) };
}

/**
 * One log line per request, written when it is answered, with the request, the status and the time
 * (Fastify's own controller writes two: one on arrival, one on answer, each as costly as a cached
 * session read on the hot path). Errors keep Fastify's "request errored" line, now with the request.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
