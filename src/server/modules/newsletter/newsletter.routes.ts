import type { FastifyInstance } from 'fastify';
import { publicSiteApi } from '../../../shared/api/public-site';
import { issuesOf, routeOf, type ZodTypeProvider } from '../../api-contract';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import { createNewsletterRepository } from './newsletter.repository';
import { createNewsletterService } from './newsletter.service';

/** POST /api/newsletter: 201 for a new address, 200 when it was already on the list. */
export async function newsletterRoutes(parent: FastifyInstance, options: { limiter: RateLimiter }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const newsletter = createNewsletterService({
    repository: createNewsletterRepository(app.services.database.db),
    limiter: options.limiter,
  });

  // The per-network limit counts before the address is read.
  app.route({
    ...routeOf(publicSiteApi.newsletter),
    preValidation: async (request) => newsletter.admit(request.ip),
    attachValidation: true,
    handler: async (request, reply) => {
      if (request.validationError) throw newsletter.refusal(issuesOf(request.validationError));
      const result = await newsletter.subscribe(request.body);
      return reply.code(result.status === 'subscribed' ? 201 : 200).send(result);
    },
  });
}
