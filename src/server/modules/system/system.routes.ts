import type { FastifyInstance } from 'fastify';
import { checkReadiness } from './readiness';

export async function systemRoutes(app: FastifyInstance) {
  // Alive: the process answers. Nothing outside it is asked, so an orchestrator does not restart a
  // healthy process because the database is away (that is /api/ready's business).
  app.get('/api/health', async () => ({ status: 'ok', database: app.services.database.kind }));

  // Ready: the database, Redis (when REDIS_URL is set) and the object storage answer. A load
  // balancer sends traffic only to ready processes.
  app.get('/api/ready', async (request, reply) => {
    const readiness = await checkReadiness(app.services);
    if (readiness.ready) return { status: 'ready', checks: readiness.checks };
    request.log.warn({ checks: readiness.checks }, `not ready: ${readiness.message}`);
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ status: 'unavailable', error: readiness.message, code: 'UNAVAILABLE', checks: readiness.checks });
  });
}
