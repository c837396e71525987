import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy or load balancer may hand us: short, printable, no spaces or quotes (log-safe). */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:@/+=-]{0,127}$/;

/**
 * The request's id: a sane incoming `X-Request-Id` (so one id follows a request through the proxy,
 * this server and its log), otherwise a new UUID. Fastify puts it on every log line of the request
 * as `reqId`.
 */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** Fastify options: our id generator, never the raw header. */
export const requestIdOptions = { genReqId: requestIdFor, requestIdHeader: false as const };

/** onRequest hook: every answer carries the id, errors and 404s included. */
export async function answerWithRequestId(request: FastifyRequest, reply: FastifyReply) {
  reply.header(REQUEST_ID_HEADER, request.id);
}
