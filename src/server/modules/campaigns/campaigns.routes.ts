import type { FastifyInstance } from 'fastify';
import { campaignsApi } from '../../../shared/api/campaigns';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { noStoreHook, requireUserId } from '../../http';
import type { CampaignClicks } from '../../../shared/api/campaigns';
import type { CampaignClicksService } from './campaign-clicks';
import type { CampaignsService } from './campaigns.service';

/** /api/campaigns: HTTP only; who may act is checked in the service. Described once in shared/api/campaigns.ts. */
export function campaignsRoutes(campaigns: CampaignsService, clicks: CampaignClicksService) {
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
      ...routeOf(campaignsApi.end),
      handler: async (request) => campaigns.end(await requireUserId(request), request.params.id),
    });
    app.route({
      ...routeOf(campaignsApi.remove),
      handler: async (request) => campaigns.remove(await requireUserId(request), request.params.id),
    });
    app.route({
      ...routeOf(campaignsApi.clicks),
      handler: async (request) =>
        (await campaigns.clicks(await requireUserId(request), request.params.id, 'summary')) as CampaignClicks,
    });
    app.route({
      ...routeOf(campaignsApi.clicksCsv),
      handler: async (request, reply) => {
        const csv = (await campaigns.clicks(await requireUserId(request), request.params.id, 'csv')) as string;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="campaign-clicks-${request.params.id}.csv"`)
          .send(csv);
      },
    });
    // The banner's redirect (decision 0224): no log line (it would hold the address), no cookie, no cache.
    app.route({
      ...routeOf(campaignsApi.redirect),
      logLevel: 'silent',
      handler: async (request, reply) => {
        const to = await clicks.redirect(request.params.id, request.headers['user-agent']);
        return reply.header('referrer-policy', 'no-referrer').redirect(to, 302);
      },
    });
  };
}
