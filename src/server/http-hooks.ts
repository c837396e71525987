import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { $ZodError } from 'zod/v4/core';
import type { AppConfig } from './config';
import { isDatabaseUnavailable, type Database } from './db/client';
import { AppError, ERROR_STATUS } from './errors';
import { accountPageHeaders, createOriginGuard } from './modules/auth/auth-http-guards';
import { EARLY_CLICK_SCRIPT_SOURCE } from './site/early-click-csp';
import { refuseUnstorableText } from './text-guard';

/**
 * What every request and answer goes through, whichever module answers it: the security headers
 * (helmet), the cross-site origin guard, the account pages' headers, the text guard, and the one
 * error handler that turns any failure into the API's `{ error, code }` answer.
 */
export function installHttpHooks(app: FastifyInstance, config: AppConfig, database: Pick<Database, 'ping'>): void {
  // Helmet's middleware is built once here and applied to every answer (@fastify/helmet rebuilt it,
  // CSP parsing included, on every request: 4% of GET /api/auth/me's time; decision 0092).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Our own files, and the one inline script of the prerendered pages, by its hash (early clicks).
        scriptSrc: ["'self'", EARLY_CLICK_SCRIPT_SOURCE],
        // The signature preview is inline-styled HTML, exactly what Gmail receives.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Signatures render with PUBLIC_URL (one origin for preview and exports): its images must
        // show even when this page was opened under another name (127.0.0.1 vs localhost).
        imgSrc: ["'self'", new URL(config.publicUrl).origin, 'https:', 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Signature images are fetched by mail clients and Gmail's proxy from other origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  // After helmet, so a refused request still carries the security headers.
  app.addHook('onRequest', createOriginGuard(config));
  app.addHook('onSend', accountPageHeaders);
  // NUL and lone surrogates in any request's text: 400 with words, never a 5xx (text-guard.ts).
  app.addHook('preValidation', refuseUnstorableText);

  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(ERROR_STATUS[error.code])
        .send({ error: error.message, code: error.code, ...(error.fields ? { errors: error.fields } : {}) });
    }
    // A route's schema (api-contract.ts) or a service's own parse; zod and zod/mini alike.
    if (error instanceof $ZodError) {
      const errors: Record<string, string> = {};
      for (const issue of error.issues) {
        const key = issue.path.join('.') || 'body';
        errors[key] ??= issue.message;
      }
      return reply
        .code(400)
        .send({ error: error.issues[0]?.message ?? 'Please check the form.', code: 'VALIDATION', errors });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // Libraries that wrap our queries (Better Auth's "Failed to get session") may drop the driver's
    // error: an unexplained failure while the database does not answer a ping is the database's.
    // Better Auth answers a failed session read as its own 500 (FAILED_TO_GET_SESSION), even when the
    // database is back by the time we could ping it.
    const sessionReadFailed = (error as { body?: { code?: string } }).body?.code === 'FAILED_TO_GET_SESSION';
    if (
      isDatabaseUnavailable(error) ||
      sessionReadFailed ||
      (status >= 500 &&
        !(await database.ping().then(
          () => true,
          () => false,
        )))
    ) {
      // A restart or failover: the request did nothing, and trying again shortly will work. Never a
      // 401 (a browser would think it was signed out) and never a 500.
      request.log.warn({ err: { message: (error as Error).message } }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({
        error: 'We cannot reach our database right now. Nothing was changed; please try again in a few seconds.',
        code: 'UNAVAILABLE',
      });
    }
    if (status === 413) {
      return reply.code(413).send({ error: 'That upload is too large.', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status === 415) {
      return reply
        .code(415)
        .send({ error: 'That content type is not supported here.', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (status >= 400 && status < 500) {
      const message = status === 400 ? 'The request could not be read. Please try again.' : (error as Error).message;
      return reply.code(status).send({ error: message, code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}
