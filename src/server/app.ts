import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { installApiContract } from './api-contract';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { installHttpHooks } from './http-hooks';
import { createJobRunner } from './jobs/job-runner';
import { loggerOptions, OneLinePerRequest, type LogStream } from './logging';
import { createMailOutbox } from './mail/mail-outbox';
import { createMailTransport } from './mail/mailer';
import { registerModuleRoutes, startAndStopJobs, type Infrastructure, type ServerModule } from './module';
import { createAccountModule } from './modules/account/account.module';
import { createAnalytics } from './modules/analytics/analytics.service';
import { createAuthModule, type AuthServices } from './modules/auth/auth.module';
import { createBillingModule } from './modules/billing/billing.module';
import { createCampaignsModule } from './modules/campaigns/campaigns.module';
import { createContactModule } from './modules/contact/contact.module';
import { createDataExportModule } from './modules/data-export/data-export.module';
import { createIconsModule } from './modules/icons/icons.module';
import { createNewsletterModule } from './modules/newsletter/newsletter.module';
import { createPreflightModule } from './modules/preflight/preflight.module';
import { createSignatureRulesModule } from './modules/signature-rules/signature-rules.module';
import { createSignaturesModule } from './modules/signatures/signatures.module';
import { createSystemModule } from './modules/system/system.module';
import { createTeamsModule } from './modules/teams/teams.module';
import { createUploadsModule } from './modules/uploads/uploads.module';
import { createWorkspaceModule } from './modules/workspace/workspace.module';
import { createMetrics, registerObservability } from './observability/metrics';
import { requestIdOptions } from './observability/request-id';
import { createRateLimiter } from './rate-limit/create-rate-limiter';
import { registerClient } from './site/serve-client';
import { createSiteModule } from './site/site.module';
import { createObjectStorage } from './storage/create-object-storage';

/** Every module's services, by name, beside the infrastructure (tests and the shared HTTP layer read them). */
export type Services = Omit<Infrastructure, 'log'> &
  AuthServices &
  ReturnType<typeof createAccountModule>['services'] &
  ReturnType<typeof createTeamsModule>['services'] &
  ReturnType<typeof createBillingModule>['services'] &
  ReturnType<typeof createSignaturesModule>['services'] &
  ReturnType<typeof createUploadsModule>['services'] &
  ReturnType<typeof createIconsModule>['services'] &
  ReturnType<typeof createDataExportModule>['services'] &
  ReturnType<typeof createContactModule>['services'] &
  ReturnType<typeof createNewsletterModule>['services'] &
  ReturnType<typeof createWorkspaceModule>['services'] &
  ReturnType<typeof createSignatureRulesModule>['services'] &
  ReturnType<typeof createPreflightModule>['services'] &
  ReturnType<typeof createCampaignsModule>['services'];

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Resolves once the jobs runner and every module's jobs have started (module.ts). */
    jobsStarted(): Promise<void>;
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

/** Fastify's own options: logging, proxies, request ids, and how patient start-up and shutdown are. */
function serverOptions(config: AppConfig, options: BuildOptions) {
  return {
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A sane incoming X-Request-Id or a new UUID, on every log line of the request and every answer.
    ...requestIdOptions,
    logController: new OneLinePerRequest(),
    // A request that reached us before a stop signal is answered, not refused with a 503: the
    // stopping server already tells every client to reconnect elsewhere (server.ts).
    return503OnClosing: false,
    // Start-up (the jobs runner's tables, the embedded database) on a machine shared with other work
    // can take longer than Fastify's 10 s per start-up step; slow is better than a crash at start.
    pluginTimeout: 60_000,
  };
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, options));

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl, log: app.log } : { dataDir: path.join(config.dataDir, 'db') },
    ));
  const jobs = createJobRunner(database, {
    log: app.log,
    // Expired leases are looked for several times per lease, so a job of a dead process waits little longer than its lease.
    maintenanceIntervalSeconds: Math.max(1, Math.min(30, Math.floor(config.jobLeaseSeconds / 4))),
  });
  const rateLimiter = createRateLimiter(config, app.log, options.rateLimitPrefix ?? config.redisKeyPrefix);
  const publicLimiter = createRateLimiter(config, app.log, 'sp:rl:public:');
  const mailer = createMailOutbox(database.db, createMailTransport(config, app.log), config, app.log, { jobs });
  const infrastructure: Infrastructure = {
    config,
    database,
    analytics: createAnalytics(database.db),
    rateLimiter,
    storage: createObjectStorage(config, app.log),
    mailer,
    jobs,
    metrics: createMetrics({ db: database.db, log: app.log, processMetrics: options.logger !== false }),
    log: app.log,
  };

  // The modules, made in the order their needs allow; `modules` is the order their routes register and jobs start.
  const auth = createAuthModule(infrastructure);
  const teams = createTeamsModule({
    ...infrastructure,
    // Billing is made below; the callback runs only on a request, once both exist.
    purchasesFollowPayer: (userId, from, to) => billing.services.billing.fulfilment.movePurchases(userId, from, to),
    // Uploads is made below; the callback runs only when a logo is saved.
    hostedImage: (userId, imageURL, field) => uploads.services.uploads.hostedImage(userId, imageURL, field),
  });
  const billing = createBillingModule({ ...infrastructure, teams: teams.services.teams });
  const signatures = createSignaturesModule({
    ...infrastructure,
    auth: auth.services.auth,
    signatureDefaults: teams.services.teams,
    // Uploads is made below (it attaches images to signatures); the callback runs only on a save.
    hostedImage: (userId, imageURL) => uploads.services.uploads.hostedImage(userId, imageURL),
    // Workspace is made below (it holds the organization template); the callback runs only on a save.
    locksFor: (userId) => workspace.services.workspace.locksFor(userId),
    // Campaigns is made below too; a banner is asked for only by a request or a push.
    bannerFor: (userId) => campaigns.services.campaigns.bannerForUser(userId),
  });
  const uploads = createUploadsModule({ ...infrastructure, signatures: signatures.services.signatures });
  const icons = createIconsModule();
  const account = createAccountModule({
    ...infrastructure,
    auth,
    teams: teams.services.teams,
    endSubscriptions: (userId) => billing.services.billing.manage.endSubscriptionsForDeletion(userId),
  });
  const dataExport = createDataExportModule(infrastructure);
  const contact = createContactModule({ ...infrastructure, limiter: publicLimiter });
  const newsletter = createNewsletterModule({ ...infrastructure, limiter: publicLimiter });
  const campaignDeps = { ...teams.services, ...signatures.services, ...uploads.services };
  const campaigns = createCampaignsModule({ ...infrastructure, ...campaignDeps, workspace: () => workspaceService });
  const hostedImage = uploads.services.uploads.hostedImage;
  const workspace = createWorkspaceModule({ ...infrastructure, ...campaigns.services.campaignBanners, hostedImage });
  const workspaceService = workspace.services.workspace;
  const ruleDeps = { ...teams.services, ...workspace.services, ...uploads.services };
  const signatureRules = createSignatureRulesModule({ ...infrastructure, ...ruleDeps });
  const preflight = createPreflightModule(infrastructure);
  const modules: ServerModule[] = [
    createSystemModule(infrastructure),
    auth,
    createSiteModule({ config, auth: auth.services.auth }),
    contact,
    newsletter,
    signatures,
    uploads,
    icons,
    account,
    dataExport,
    teams,
    billing,
    workspace,
    signatureRules,
    preflight,
    campaigns,
    // The mail outbox is infrastructure, but its sending runs as jobs: started and stopped with the rest.
    { services: {}, jobs: { start: () => mailer.startOnRunner(), stop: () => mailer.stop() } },
  ];

  const { log: _log, ...shared } = infrastructure;
  // Each module's services under their own names, beside the infrastructure; `Services` lists every module's.
  const services = Object.assign({}, shared, ...modules.map((module) => module.services)) as Services;
  app.decorate('services', services);
  // Zod schemas on every API route, the OpenAPI document made from them (api-contract.ts); before any route.
  await installApiContract(app);
  registerObservability(app, services.metrics, config.metricsToken);
  for (const name of jobs.queueNames()) services.metrics.addJobQueue({ name, read: () => jobs.stats(name) });
  if (!options.database) app.addHook('onClose', async () => database.close());
  // Jobs start once every route is ready (a TEST MODE push calls the app's own routes) and stop
  // together on close; onClose hooks run in reverse order, so this runs before the database closes.
  startAndStopJobs(app, jobs, modules, async () => {
    await Promise.all([rateLimiter.close(), publicLimiter.close()]);
  });
  installHttpHooks(app, config, database);

  await registerModuleRoutes(app, modules);
  await registerClient(app, options.clientDir === undefined ? path.join(rootDir, 'dist/client') : options.clientDir);
  return app;
}
