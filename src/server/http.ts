import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WithCookies } from './modules/auth/auth.service';
import { unauthenticated } from './errors';

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
  for (const cookie of result.setCookies) reply.header('set-cookie', cookie);
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
