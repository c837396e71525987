import type { FastifyInstance } from 'fastify';
import { createRateLimiter } from '../rate-limit/create-rate-limiter';
import { contactRoutes } from '../modules/contact/contact.routes';
import { newsletterRoutes } from '../modules/newsletter/newsletter.routes';
import { seoRoutes } from './seo.routes';
import { sessionRoutes } from './session.routes';

/** What the public site calls: the contact and newsletter forms (one limiter, Redis when configured), the session probe, robots and sitemap. */
export async function publicSiteRoutes(app: FastifyInstance) {
  const limiter = createRateLimiter(app.services.config, app.log, 'sp:rl:public:');
  app.addHook('onClose', async () => limiter.close());
  await app.register(contactRoutes, { limiter });
  await app.register(newsletterRoutes, { limiter });
  await app.register(sessionRoutes);
  await app.register(seoRoutes);
}
