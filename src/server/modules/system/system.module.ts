import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import { systemRoutes } from './system.routes';

/** Public configuration, template previews, health and readiness, the OpenAPI document and its page. */
export function createSystemModule({
  config,
  ...readiness
}: Pick<Infrastructure, 'config' | 'database' | 'rateLimiter' | 'storage' | 'jobs'>) {
  return {
    services: {},
    routes: routesOf(systemRoutes, { publicUrl: config.publicUrl, ...readiness }),
  } satisfies ServerModule;
}
