import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import type { SafeFetchOptions } from '../../net/safe-fetch';
import { preflightRoutes } from './preflight.routes';
import { createReachabilityService } from './reachability.service';

/** The pre-flight checks that must run where recipients are: on the server. */
export function createPreflightModule(deps: Pick<Infrastructure, 'rateLimiter'> & { fetchOptions?: SafeFetchOptions }) {
  const reachability = createReachabilityService({ limiter: deps.rateLimiter, fetchOptions: deps.fetchOptions });
  return {
    services: { reachability },
    routes: routesOf(preflightRoutes, { reachability, limiter: deps.rateLimiter }),
  } satisfies ServerModule;
}
