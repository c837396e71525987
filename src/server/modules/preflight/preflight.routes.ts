import type { FastifyInstance } from 'fastify';
import { preflightApi } from '../../../shared/api/preflight';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { requireUserId } from '../../http';
import type { ReachabilityService } from './reachability.service';

/** Signed in only: the server's fetcher is not a free proxy for strangers. */
export async function preflightRoutes(
  parent: FastifyInstance,
  { reachability }: { reachability: ReachabilityService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(preflightApi.reachability),
    handler: async (request) => ({
      results: await reachability.check(await requireUserId(request), request.body),
    }),
  });
}
