import type { FastifyInstance } from 'fastify';
import { checkPublicOrigin, type PublicConfig } from '../../../shared/public-origin';
import { renderTemplatePreviews } from '../../../shared/signature/template-previews';
import { checkReadiness } from './readiness';

export async function systemRoutes(app: FastifyInstance) {
  // The origin every signature renders with (preview, both copies, generate-html), and whether
  // recipients can load images from it: the editor shows a notice when they cannot.
  const { publicUrl } = app.services.config;
  const publicConfig: PublicConfig = { publicUrl, publicOrigin: checkPublicOrigin(publicUrl) };
  app.get('/api/public-config', async (): Promise<PublicConfig> => publicConfig);

  // The landing page's template gallery: the four templates drawn by the one renderer, once.
  const templatePreviews = renderTemplatePreviews(publicUrl);
  app.get('/api/template-previews', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(templatePreviews));

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
