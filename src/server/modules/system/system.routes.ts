import type { FastifyInstance } from 'fastify';

export async function systemRoutes(app: FastifyInstance) {
  app.get('/api/health', async (request, reply) => {
    try {
      await app.services.database.ping();
      return { status: 'ok', database: app.services.database.kind };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable', error: 'The database is not answering.' });
    }
  });
}
