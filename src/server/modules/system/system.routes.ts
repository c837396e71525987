import type { FastifyInstance } from 'fastify';
import { checkPublicOrigin, type PublicConfig } from '../../../shared/public-origin';

export async function systemRoutes(app: FastifyInstance) {
  // The origin every signature renders with (preview, both copies, generate-html), and whether
  // recipients can load images from it: the editor shows a notice when they cannot.
  const { publicUrl } = app.services.config;
  const publicConfig: PublicConfig = { publicUrl, publicOrigin: checkPublicOrigin(publicUrl) };
  app.get('/api/public-config', async (): Promise<PublicConfig> => publicConfig);

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
