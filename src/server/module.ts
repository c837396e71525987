import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Logger } from './http';
import type { JobRunner } from './jobs/job-runner';
import type { MailOutbox } from './mail/mail-outbox';
import type { Analytics } from './modules/analytics/analytics.service';
import type { Metrics } from './observability/metrics';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { ObjectStorage } from './storage/object-storage';

/** What app.ts builds before any module, and hands each module the part it needs (`Pick<Infrastructure, …>`). */
export type Infrastructure = {
  config: AppConfig;
  database: Database;
  analytics: Analytics;
  /** Redis when REDIS_URL is set (shared by every process), memory otherwise. */
  rateLimiter: RateLimiter;
  storage: ObjectStorage;
  /** Records each message before sending it, then retries until it is sent (mail/mail-outbox.ts). */
  mailer: MailOutbox;
  /** Durable background jobs (pg-boss on the app's database; jobs/job-runner.ts). */
  jobs: JobRunner;
  /** Prometheus metrics of this process (GET /metrics; observability/metrics.ts). */
  metrics: Metrics;
  log: Logger;
};

/**
 * A module's background work on the one jobs runner (jobs/job-runner.ts, decision 0115). Its queues
 * are declared with `runner.defineQueue` when the module is made (before the runner starts); app.ts
 * calls `start` once the runner has started and every route is ready, and `stop` on close, together
 * with every other module's and the runner's own stop.
 */
export type ModuleJobs = {
  /** Cron schedules and start-up runs: the runner is started and every route answers. */
  start(): Promise<void>;
  /** Work the module holds outside the runner (a mail being sent); the runner's jobs are the runner's. */
  stop?(): Promise<void>;
};

/**
 * What every server module's entry file (`modules/<name>/<name>.module.ts`, `create<Name>Module(deps)`)
 * returns: its routes, its services under the names `app.services` gives them, and its jobs.
 */
export type ServerModule<S extends object = object> = {
  /** Registered by app.ts, in the order of its list of modules; the routes get their services from here. */
  routes?: FastifyPluginAsync;
  services: S;
  jobs?: ModuleJobs;
};

/** A routes plugin with the services it is given (Fastify plugin options), as a module's `routes`. */
export function routesOf<O extends object>(plugin: FastifyPluginAsync<O>, options: O): FastifyPluginAsync {
  return async (app) => {
    await app.register(plugin, options);
  };
}

/** Every module's routes, each in its own plugin scope. */
export async function registerModuleRoutes(app: FastifyInstance, modules: readonly ServerModule[]): Promise<void> {
  for (const { routes } of modules) if (routes) await app.register(routes);
}

/**
 * The runner and every module's jobs start together once every route is ready (a TEST MODE push
 * calls the app's own routes), and stop together on close: a job being run and a mail being sent
 * are waited for (or handed back) at the same time. `afterStop` runs once all have stopped.
 */
export function startAndStopJobs(
  app: FastifyInstance,
  runner: JobRunner,
  modules: readonly ServerModule[],
  afterStop: () => Promise<void>,
): void {
  let starting: Promise<void> = Promise.resolve();
  // Tests wait for the runner and every module's schedules before they begin.
  app.decorate('jobsStarted', () => starting);
  app.addHook('onReady', async () => {
    // Not awaited: the server answers while pg-boss installs its tables and queues (most of a
    // first start, decision 0193). What is sent meanwhile waits for them (job-runner.ts), and
    // /api/ready says not ready until they are there.
    starting = (async () => {
      await runner.start();
      for (const { jobs } of modules) await jobs?.start();
    })();
    starting.catch((err: unknown) => app.log.error({ err }, 'jobs: the runner could not start'));
  });
  app.addHook('onClose', async () => {
    await starting.catch(() => undefined);
    await Promise.all([runner.stop(), ...modules.map(({ jobs }) => jobs?.stop?.())]);
    await afterStop();
  });
}
