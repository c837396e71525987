import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import { createNewsletterRepository } from './newsletter.repository';
import { newsletterRoutes } from './newsletter.routes';
import { createNewsletterService } from './newsletter.service';

/** The public site's newsletter sign-up. */
export function createNewsletterModule(
  deps: Pick<Infrastructure, 'database'> & {
    /** The public forms' limiter (app.ts), not the signed-in one. */
    limiter: RateLimiter;
  },
) {
  const newsletter = createNewsletterService({
    repository: createNewsletterRepository(deps.database.db),
    limiter: deps.limiter,
  });
  return { services: { newsletter }, routes: routesOf(newsletterRoutes, { newsletter }) } satisfies ServerModule;
}
