import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, unauthenticated } from './errors';

/**
 * The server's one HTTP layer (decision 0107): the session read, cookies passed on, the `no-store`
 * cache header, the 429 answer and the logger type, written once and used by every module.
 */

/** What modules log through: Fastify's (pino) logger fits, and so does a test's plain object. */
/** Result of a call that may change the session: the body and the Set-Cookie headers to pass on. */
export type WithCookies<T> = { body: T; setCookies: string[] };

export type Logger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** The cache header of every answer a browser or proxy must not keep. */
export const NO_STORE = 'no-store';

/** Marks one answer as not to be kept by any cache. */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', NO_STORE);
}

/** An onSend hook for a whole route group whose answers are personal: `app.addHook('onSend', noStoreHook)`. */
export async function noStoreHook<T>(_request: FastifyRequest, reply: FastifyReply, payload: T): Promise<T> {
  noStore(reply);
  return payload;
}

/** 429 with the words to show and Retry-After in whole seconds (at least 1). */
export function tooMany(retryAfterMs: number, message: string): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(seconds) });
}

/** Passes the Set-Cookie headers Better Auth gave (a new, renewed or removed session) on to the browser. */
export function passCookies(reply: FastifyReply, setCookies: readonly string[]): void {
  for (const cookie of setCookies) reply.header('set-cookie', cookie);
}

/** Fastify's header object as a fetch Headers, the form Better Auth reads. */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  return headers;
}

export function sendWithCookies<T>(reply: FastifyReply, result: WithCookies<T>, status = 200) {
  passCookies(reply, result.setCookies);
  return reply.code(status).send(result.body);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved once per request by getUserId. */
    sessionUserId?: string | null;
  }
}

/** The signed-in user's id or null, looked up once per request. */
export async function getUserId(request: FastifyRequest): Promise<string | null> {
  if (request.sessionUserId === undefined) {
    request.sessionUserId = await request.server.services.auth.findSessionUserId(request.headers.cookie);
  }
  return request.sessionUserId;
}

export async function requireUserId(request: FastifyRequest): Promise<string> {
  const id = await getUserId(request);
  if (!id) throw unauthenticated();
  return id;
}

/**
 * A route's preValidation: the session is checked before the body is, so a signed-out caller hears
 * 401 whatever it sent (as when the services parsed their own input after requireUserId).
 */
export async function signedIn(request: FastifyRequest): Promise<void> {
  await requireUserId(request);
}
