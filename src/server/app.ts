import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from 'helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { $ZodError } from 'zod/v4/core';
import { installApiContract } from './api-contract';
import type { AppConfig } from './config';
import { isDatabaseUnavailable, openDatabase, type Database } from './db/client';
import { AppError, ERROR_STATUS } from './errors';
import { refuseUnstorableText } from './text-guard';
import { loggerOptions, type LogStream } from './logging';
import { createAnalytics, type Analytics } from './modules/analytics/analytics.service';
import { createAuthModule, type AuthModule } from './modules/auth/auth.module';
import type { Auth } from './modules/auth/auth';
import { AUTH_LIMITS, consumeOrThrow } from './modules/auth/auth-limits';
import { accountPageHeaders, createOriginGuard } from './modules/auth/auth-http-guards';
import { authRoutes } from './modules/auth/auth.routes';
import { createBilling, type Billing } from './modules/billing/billing.module';
import { billingRoutes } from './modules/billing/billing.routes';
import { defineBillingMaintenanceJob } from './modules/billing/billing-maintenance';
import type { AuthService } from './modules/auth/auth.service';
import { systemRoutes } from './modules/system/system.routes';
import { publicSiteRoutes } from './site/public-site.routes';
import { EARLY_CLICK_SCRIPT_SOURCE } from './site/early-click-csp';
import { registerClient } from './site/serve-client';
import { createIconsService, type IconsService } from './modules/icons/icons.service';
import { iconsRoutes } from './modules/icons/icons.routes';
import { createSignaturesService, type SignaturesService } from './modules/signatures/signatures.service';
import { signaturesRoutes } from './modules/signatures/signatures.routes';
import { signatureTestEmailRoutes } from './modules/signatures/test-email.routes';
import { createUploadsService, type UploadsService } from './modules/uploads/uploads.service';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { createObjectStorage, type ObjectStorage } from './storage/object-storage';
import { createMailTransport } from './mail/mailer';
import { createMailOutbox, type MailOutbox } from './mail/mail-outbox';
import { createJobLock } from './jobs/job-lock';
import { createRateLimiter } from './rate-limit/create-rate-limiter';
import { accountRoutes } from './modules/account/account.routes';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { createAccountService, type AccountService } from './modules/account/account.service';
import { createInvitationTokens } from './modules/teams/invitation-token';
import { createInvitationsService, type InvitationsService } from './modules/teams/invitations.service';
import { teamsRoutes } from './modules/teams/teams.routes';
import { createTeamsService, type TeamsService } from './modules/teams/teams.service';
import type { RateLimiter } from './rate-limit/rate-limiter';
import { createMetrics, registerObservability, type Metrics } from './observability/metrics';
import { requestIdOptions } from './observability/request-id';
import { GOOGLE_TEST_MODE_PATH } from './config';
import type { GoogleStandInState } from './google/google-stand-in';
import { createPersistentStandInState, googleTestModePlugin } from './google/test-mode';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { injectFetch } from './modules/workspace/inject-fetch';
import { workspaceRoutes } from './modules/workspace/workspace.routes';
import { DAILY_QUEUE, createWorkspaceService } from './modules/workspace/workspace.service';

export type Services = {
  config: AppConfig;
  database: Database;
  analytics: Analytics;
  betterAuth: Auth;
  auth: AuthService;
  emailVerification: AuthModule['emailVerification'];
  passwordReset: AuthModule['passwordReset'];
  magicLinks: AuthModule['magicLinks'];
  /** Redis when REDIS_URL is set (shared by every process), memory otherwise. */
  rateLimiter: RateLimiter;
  storage: ObjectStorage;
  signatures: SignaturesService;
  uploads: UploadsService;
  icons: IconsService;
  /** Records each message before sending it, then retries until it is sent (mail/mail-outbox.ts). */
  mailer: MailOutbox;
  account: AccountService;
  teams: TeamsService;
  invitations: InvitationsService;
  /** Plans, checkout and the payment provider (Stripe, or the built-in test payment page). */
  billing: Billing;
  /** Prometheus metrics of this process (GET /metrics; observability/metrics.ts). */
  metrics: Metrics;
  /** Durable background jobs (pg-boss on the app's database): Workspace syncs and pushes (jobs/job-runner.ts). */
  jobs: JobRunner;
  /** The embedded TEST MODE Google Workspace (config.google.mode 'test'), mounted at /test-mode/google; undefined with real Google. */
  googleTestMode: GoogleStandInState | undefined;
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
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** Prefix of the rate-limit keys in Redis; tests give each run its own. */
  rateLimitPrefix?: string;
};

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A sane incoming X-Request-Id or a new UUID, on every log line of the request and every answer.
    ...requestIdOptions,
    // A request that reached us before a stop signal is answered, not refused with a 503: the
    // stopping server already tells every client to reconnect elsewhere (server.ts).
    return503OnClosing: false,
  });

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl, log: app.log } : { dataDir: path.join(config.dataDir, 'db') },
    ));
  const ownsDatabase = !options.database;
  const analytics = createAnalytics(database.db);
  const jobs = createJobRunner(database, {
    log: app.log,
    // Expired leases are looked for several times per lease, so a job of a dead process waits little longer than its lease.
    maintenanceIntervalSeconds: Math.max(1, Math.min(30, Math.floor(config.jobLeaseSeconds / 4))),
  });
  const rateLimiter = createRateLimiter(config, app.log, options.rateLimitPrefix ?? config.redisKeyPrefix);
  const mailer = createMailOutbox(database.db, createMailTransport(config, app.log), config, app.log, { jobs });
  const accountModule = createAuthModule({ db: database.db, config, analytics, mailer, limiter: rateLimiter });
  const storage = createObjectStorage(config, app.log);
  const teams = createTeamsService({
    db: database.db,
    // Billing is made below; the callback runs only on a request, once both exist.
    purchasesFollowPayer: (userId, from, to) => billing.fulfilment.movePurchases(userId, from, to),
  });
  const signatures = createSignaturesService({
    db: database.db,
    analytics,
    publicUrl: config.publicUrl,
    signatureDefaults: teams,
  });
  const billing = createBilling({
    config,
    db: database.db,
    analytics,
    seatsInUse: (orgId) => teams.seatsInUse(orgId),
    jobLock: createJobLock(database),
    log: app.log,
  });
  const services: Services = {
    config,
    database,
    analytics,
    betterAuth: accountModule.betterAuth,
    auth: accountModule.auth,
    emailVerification: accountModule.emailVerification,
    passwordReset: accountModule.passwordReset,
    magicLinks: accountModule.magicLinks,
    rateLimiter,
    storage,
    signatures,
    uploads: createUploadsService({
      db: database.db,
      storage,
      signatures,
      publicUrl: config.publicUrl,
      limiter: rateLimiter,
    }),
    icons: createIconsService(),
    mailer,
    account: createAccountService({
      db: database.db,
      betterAuth: accountModule.betterAuth,
      storage,
      limiter: rateLimiter,
      endSubscriptions: (userId) => billing.service.endSubscriptionsForDeletion(userId),
      sendSignInLink: async (email, headers) => {
        await consumeOrThrow(
          rateLimiter,
          AUTH_LIMITS.magicLinkMailPerAddress,
          email,
          (wait) => `Too many sign-in links requested. Please check your inbox, or try again ${wait}.`,
        );
        await accountModule.betterAuth.api.signInMagicLink({ body: { email }, headers });
      },
    }),
    teams,
    invitations: createInvitationsService({
      db: database.db,
      tokens: createInvitationTokens(config.sessionSecret),
      sendMail: (message) => mailer.deliver(message),
      publicUrl: config.publicUrl,
    }),
    billing,
    jobs,
    metrics: createMetrics({ db: database.db, log: app.log, processMetrics: options.logger !== false }),
    googleTestMode: config.google.mode === 'test' ? createPersistentStandInState(database.db) : undefined,
  };
  app.decorate('services', services);
  // Zod schemas on every API route, the OpenAPI document made from them (api-contract.ts); before any route.
  await installApiContract(app);
  registerObservability(app, services.metrics, config.metricsToken);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  // onClose hooks run in reverse order: this one runs before the database closes.
  app.addHook('onClose', async () => {
    // Together: the mail being sent is waited for (or handed back) while the runner waits for its jobs.
    await Promise.all([jobs.stop(), mailer.stop()]);
    await rateLimiter.close();
  });

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

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(publicSiteRoutes);
  await app.register(signaturesRoutes);
  await app.register(signatureTestEmailRoutes);
  await app.register(uploadsRoutes);
  await app.register(iconsRoutes);
  await app.register(accountRoutes);
  await app.register(dataExportRoutes);
  await app.register(teamsRoutes);
  await app.register(billingRoutes);
  if (services.googleTestMode) {
    await app.register(
      googleTestModePlugin({ state: services.googleTestMode, audiences: [config.google.endpoints.tokenUrl] }),
      { prefix: GOOGLE_TEST_MODE_PATH },
    );
  }

  const workspace = createWorkspaceService({
    db: database.db,
    config,
    jobs,
    leaseSeconds: config.jobLeaseSeconds,
    testMode: services.googleTestMode,
    testModeFetch: injectFetch(app),
    onPushFailure: () => services.metrics.pushFailures.inc(),
    log: app.log,
  });
  workspace.registerJobs();
  const startBillingMaintenance = defineBillingMaintenanceJob(jobs, billing.maintenance);
  for (const name of jobs.queueNames()) services.metrics.addJobQueue({ name, read: () => jobs.stats(name) });
  await app.register(workspaceRoutes(workspace));
  // Jobs start once every route is ready (a TEST MODE push calls the app's own routes).
  app.addHook('onReady', async () => {
    await jobs.start();
    await jobs.schedule(DAILY_QUEUE, '0 3 * * *');
    await startBillingMaintenance();
    await mailer.startOnRunner();
  });

  await registerClient(app, options.clientDir === undefined ? path.join(rootDir, 'dist/client') : options.clientDir);
  return app;
}
