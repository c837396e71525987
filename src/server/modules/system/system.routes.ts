import type { FastifyInstance } from 'fastify';
import { checkPublicOrigin, type PublicConfig } from '../../../shared/public-origin';
import { systemApi } from '../../../shared/api/system';
import { renderTemplatePreviews } from '../../../shared/signature/template-previews';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { renderApiDocs } from './api-docs';
import { checkReadiness, type ReadinessServices } from './readiness';

export async function systemRoutes(parent: FastifyInstance, deps: { publicUrl: string } & ReadinessServices) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // The origin every signature renders with (preview, both copies, generate-html), and whether
  // recipients can load images from it: the editor shows a notice when they cannot.
  const { publicUrl } = deps;
  const publicConfig: PublicConfig = { publicUrl, publicOrigin: checkPublicOrigin(publicUrl) };
  app.route({ ...routeOf(systemApi.publicConfig), handler: async () => publicConfig });

  // The landing page's template gallery: the four templates drawn by the one renderer, once.
  const templatePreviews = renderTemplatePreviews(publicUrl);
  app.route({
    ...routeOf(systemApi.templatePreviews),
    handler: async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(templatePreviews),
  });

  // Alive: the process answers. Nothing outside it is asked, so an orchestrator does not restart a
  // healthy process because the database is away (that is /api/ready's business).
  app.route({
    ...routeOf(systemApi.health),
    handler: async () => ({ status: 'ok' as const, database: deps.database.kind }),
  });

  // Ready: the database, Redis (when REDIS_URL is set) and the object storage answer. A load
  // balancer sends traffic only to ready processes.
  app.route({
    ...routeOf(systemApi.ready),
    handler: async (request, reply) => {
      const readiness = await checkReadiness(deps);
      if (readiness.ready) return { status: 'ready' as const, checks: readiness.checks };
      request.log.warn({ checks: readiness.checks }, `not ready: ${readiness.message}`);
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 'unavailable', error: readiness.message, code: 'UNAVAILABLE', checks: readiness.checks });
    },
  });

  // The API's own description, made from the same zod schemas the routes validate with.
  app.route({ ...routeOf(systemApi.openapi), handler: async () => parent.swagger() as never });
  let docsPage: string | undefined;
  app.route({
    ...routeOf(systemApi.docs),
    handler: async (_request, reply) => {
      docsPage ??= renderApiDocs(parent.swagger() as unknown as Record<string, unknown>);
      return reply.type('text/html; charset=utf-8').send(docsPage);
    },
  });
}
