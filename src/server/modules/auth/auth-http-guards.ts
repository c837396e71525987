import { noStore } from '../../http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { redactSecrets } from '../../logging';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Pages whose URL carries a secret: the browser must not pass it on as a Referer. */
const TOKEN_PAGE = /^\/(?:reset-password|magic-link|verify-email\/|invitations\/)/;

/**
 * Refuses state-changing requests that a browser made on behalf of another site (CSRF; ASVS 3.5).
 * Browsers send Origin with every POST; Sec-Fetch-Site covers the rare one without it. Clients
 * that are not browsers send neither and cannot carry a victim's cookie, so they pass.
 */
export function createOriginGuard(config: Pick<AppConfig, 'publicUrl'>) {
  const publicOrigin = new URL(config.publicUrl).origin;
  return async function originGuard(request: FastifyRequest, reply: FastifyReply) {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    let foreign: boolean;
    if (origin !== undefined) {
      // The request's own origin is accepted too: the dev server proxies from another port.
      foreign = origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
    } else {
      const site = request.headers['sec-fetch-site'];
      foreign = site === 'cross-site' || site === 'same-site';
    }
    if (!foreign) return;
    request.log.warn({ origin, url: redactSecrets(request.url) }, 'refused a state-changing request from another site');
    return reply.code(403).send({
      error:
        'This request came from another website, so it was refused. Please open SignaturePro directly and try again.',
      code: 'FORBIDDEN',
    });
  };
}

/**
 * no-referrer on token pages, and no caching of any account answer (ASVS 14.3): every API GET
 * answered to a signed-in person is no-store, whatever the route set; other API answers are
 * no-store unless the route chose its own caching (public icons).
 */
export async function accountPageHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const pathname = request.url.split('?')[0] ?? '/';
  if (TOKEN_PAGE.test(pathname)) reply.header('referrer-policy', 'no-referrer');
  const api = pathname.startsWith('/api/');
  if (pathname.startsWith('/api/auth/') || (api && (request.sessionUserId || !reply.hasHeader('cache-control')))) {
    noStore(reply);
  }
  return payload;
}
