import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isClientRoute } from '../shared/routes';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { AppError, ERROR_STATUS } from './errors';
import { createAnalytics, type Analytics } from './modules/analytics/analytics.service';
import { createAccountsRepository } from './modules/auth/accounts.repository';
import { createAuth, type Auth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService, type AuthService } from './modules/auth/auth.service';
import { systemRoutes } from './modules/system/system.routes';
import { createMailTransport, type MailTransport } from './mail/mailer';

export type Services = {
  config: AppConfig;
  database: Database;
  analytics: Analytics;
  betterAuth: Auth;
  auth: AuthService;
  /** Sends mail now; the accounts work puts a durable outbox in front of it. */
  mailer: MailTransport;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export type BuildOptions = {
  /** An already-open database (tests share one); otherwise opened from the config. */
  database?: Database;
  /** Serve the built client from this folder (default dist/client when it exists). */
  clientDir?: string | false;
  logger?: boolean;
};

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });

  const database =
    options.database ??
    (await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') }));
  const ownsDatabase = !options.database;
  const analytics = createAnalytics(database.db);
  const accounts = createAccountsRepository(database.db);
  const betterAuth = createAuth(database.db, config, {
    onUserCreated: (user) => accounts.createOwnOrganization(user),
  });
  const services: Services = {
    config,
    database,
    analytics,
    betterAuth,
    auth: createAuthService(betterAuth, accounts, analytics),
    mailer: createMailTransport(config, app.log),
  };
  app.decorate('services', services);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The signature preview is inline-styled HTML, exactly what Gmail receives.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'https:', 'data:', 'blob:'],
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

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(ERROR_STATUS[error.code])
        .send({ error: error.message, code: error.code, ...(error.fields ? { errors: error.fields } : {}) });
    }
    if (error instanceof ZodError) {
      const errors: Record<string, string> = {};
      for (const issue of error.issues) {
        const key = issue.path.join('.') || 'body';
        errors[key] ??= issue.message;
      }
      return reply.code(400).send({ error: error.issues[0]?.message ?? 'Please check the form.', code: 'VALIDATION', errors });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) {
      return reply.code(413).send({ error: 'That upload is too large.', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status === 415) {
      return reply.code(415).send({ error: 'That content type is not supported here.', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (status >= 400 && status < 500) {
      const message = status === 400 ? 'The request could not be read. Please try again.' : (error as Error).message;
      return reply.code(status).send({ error: message, code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });

  await app.register(systemRoutes);
  await app.register(authRoutes);

  await registerClient(app, options.clientDir === undefined ? path.join(rootDir, 'dist/client') : options.clientDir);
  return app;
}

/** Serves the built React app: assets with long caching, client routes with index.html, the rest 404. */
async function registerClient(app: FastifyInstance, clientDir: string | false) {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : '';
  const hasClient = clientDir && existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const indexHtml = hasClient ? readFileSync(indexFile, 'utf8') : '';

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET') {
      return reply.code(404).send({ error: `There is no ${request.method} ${pathname} here.`, code: 'NOT_FOUND' });
    }
    if (!hasClient) {
      return reply.code(404).type('text/plain').send('The web app has not been built. Run `npm run build`.');
    }
    return reply
      .code(isClientRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html')
      .send(indexHtml);
  });
}
