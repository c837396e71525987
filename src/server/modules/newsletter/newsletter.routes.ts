import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import { createNewsletterRepository } from './newsletter.repository';
import { createNewsletterService } from './newsletter.service';

/** POST /api/newsletter: 201 for a new address, 200 when it was already on the list. */
export async function newsletterRoutes(app: FastifyInstance, options: { limiter: RateLimiter }) {
  const newsletter = createNewsletterService({
    repository: createNewsletterRepository(app.services.database.db),
    limiter: options.limiter,
  });

  app.post('/api/newsletter', async (request, reply) => {
    const result = await newsletter.subscribe(request.body, request.ip);
    return reply.code(result.status === 'subscribed' ? 201 : 200).send(result);
  });
}
