import type { Logger } from '../http';
import { noStore } from '../http';
import { sameSecret } from '../crypto/constant-time';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { answerWithRequestId } from './request-id';
import { readMailOutboxStats, type MailOutboxStats } from './queue-stats';

export const METRICS_PREFIX = 'signaturepro_';

/** A queue of background work, read at each scrape: how many jobs wait, and how long the oldest has. */
export type JobQueueProbe = { name: string; read(): Promise<{ depth: number; oldestPendingAgeSeconds: number }> };

export type Metrics = {
  registry: Registry;
  /** Filled by the onResponse hook that registerObservability adds. */
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Counts a failed push of signatures to Google Workspace (zero until Workspace push exists). */
  pushFailures: Counter;
  /** Reads the queues and the outbox into their gauges (GET /metrics calls it before answering). */
  refresh(): Promise<void>;
  /** More queues (scheduled jobs, …) report through this; the mail outbox is there from the start. */
  addJobQueue(probe: JobQueueProbe): void;
};

type Log = Pick<Logger, 'warn'>;

/**
 * The Prometheus registry of one app: request latency by route pattern, method and status; job
 * queues; the mail outbox; push failures; and Node's own process metrics. One registry per app, so
 * that tests building several apps in one process do not mix their figures.
 */
export function createMetrics(deps: { db: Db; log: Log; processMetrics?: boolean }): Metrics {
  const registry = new Registry();
  if (deps.processMetrics !== false) collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });

  const httpDuration = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'Time from receiving a request to sending its answer, by route pattern, method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const pushFailures = new Counter({
    name: `${METRICS_PREFIX}push_failures_total`,
    help: 'Signatures that could not be pushed to Google Workspace',
    registers: [registry],
  });

  const queues: JobQueueProbe[] = [];
  const queueDepth = new Gauge({
    name: `${METRICS_PREFIX}job_queue_depth`,
    help: 'Jobs waiting in a queue (the mail outbox is queue "mail")',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const oldestPending = new Gauge({
    name: `${METRICS_PREFIX}job_oldest_pending_age_seconds`,
    help: 'Age of the oldest job still waiting in a queue; 0 when none waits',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const mailOutbox = new Gauge({
    name: `${METRICS_PREFIX}mail_outbox_messages`,
    help: 'Messages in the mail outbox: pending (not sent yet) and failed (given up after retrying for days)',
    labelNames: ['status'] as const,
    registers: [registry],
  });

  // The mail outbox is the first job queue; its one query also gives the pending and failed counts.
  const mail: { stats: MailOutboxStats | null } = { stats: null };
  queues.push({
    name: 'mail',
    read: async () => {
      const stats = await readMailOutboxStats(deps.db);
      mail.stats = stats;
      return { depth: stats.pending, oldestPendingAgeSeconds: stats.oldestPendingAgeSeconds };
    },
  });

  /** Reads every queue once, just before a scrape is answered; a queue that cannot be read has no samples. */
  async function refresh() {
    mail.stats = null;
    const read = await Promise.all(
      queues.map((q) =>
        q.read().then(
          (r) => ({ name: q.name, ...r }),
          (err: unknown) => {
            deps.log.warn(
              { err: { message: (err as Error).message }, queue: q.name },
              'metrics: could not read a job queue',
            );
            return null;
          },
        ),
      ),
    );
    queueDepth.reset();
    oldestPending.reset();
    for (const q of read) {
      if (!q) continue;
      queueDepth.set({ queue: q.name }, q.depth);
      oldestPending.set({ queue: q.name }, q.oldestPendingAgeSeconds);
    }
    mailOutbox.reset();
    const stats = mail.stats as MailOutboxStats | null;
    if (stats) {
      mailOutbox.set({ status: 'pending' }, stats.pending);
      mailOutbox.set({ status: 'failed' }, stats.failed);
    }
  }

  return { registry, httpDuration, pushFailures, refresh, addJobQueue: (probe) => void queues.push(probe) };
}

/**
 * Request ids on every answer, the latency histogram, and GET /metrics (Prometheus text format),
 * which asks for `Authorization: Bearer {METRICS_TOKEN}` when that setting is set.
 */
export function registerObservability(app: FastifyInstance, metrics: Metrics, metricsToken: string | undefined) {
  app.addHook('onRequest', answerWithRequestId);
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // The route's pattern (/api/signatures/:id), never the raw URL: one series per route, not per id.
    const route = request.routeOptions.url ?? (reply.statusCode === 404 ? 'unmatched' : 'unknown');
    metrics.httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    if (metricsToken) {
      const header = request.headers.authorization ?? '';
      const given = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
      if (!given || !sameSecret(given, metricsToken)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({
          error: 'The metrics need the token set in METRICS_TOKEN, sent as "Authorization: Bearer <token>".',
          code: 'UNAUTHENTICATED',
        });
      }
    }
    await metrics.refresh();
    const body = await metrics.registry.metrics();
    return noStore(reply).type(metrics.registry.contentType).send(body);
  });
}
