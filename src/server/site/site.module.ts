import type { Infrastructure, ServerModule } from '../module';
import type { AuthService } from '../modules/auth/auth.service';
import { routesOf } from '../module';
import { publicSiteRoutes } from './public-site.routes';

/** The public pages' own calls: the session probe (GET /api/session), robots.txt and sitemap.xml. */
export function createSiteModule({ config, auth }: Pick<Infrastructure, 'config'> & { auth: AuthService }) {
  return {
    services: {},
    routes: routesOf(publicSiteRoutes, { auth, publicUrl: config.publicUrl }),
  } satisfies ServerModule;
}
