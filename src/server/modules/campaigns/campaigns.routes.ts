import type { FastifyInstance } from 'fastify';
import { campaignsApi } from '../../../shared/api/campaigns';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { noStoreHook, requireUserId } from '../../http';
import type { CampaignsService } from './campaigns.service';

/** /api/campaigns: HTTP only; who may act is checked in the service. Described once in shared/api/campaigns.ts. */
export function campaignsRoutes(campaigns: CampaignsService) {
  return async function routes(parent: FastifyInstance) {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    app.addHook('onSend', noStoreHook);
    app.route({
      ...routeOf(campaignsApi.list),
      handler: async (request) => campaigns.list(await requireUserId(request)),
    });
    app.route({
      ...routeOf(campaignsApi.create),
      handler: async (request, reply) =>
        reply.code(201).send(await campaigns.create(await requireUserId(request), request.body)),
    });
    app.route({
      ...routeOf(campaignsApi.update),
      handler: async (request) => campaigns.update(await requireUserId(request), request.params.id, request.body),
    });
    app.route({
      ...routeOf(campaignsApi.remove),
      handler: async (request) => campaigns.remove(await requireUserId(request), request.params.id),
    });
  };
}
