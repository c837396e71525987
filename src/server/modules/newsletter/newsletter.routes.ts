import type { FastifyInstance } from 'fastify';
import { publicSiteApi } from '../../../shared/api/public-site';
import { issuesOf, routeOf, type ZodTypeProvider } from '../../api-contract';
import type { NewsletterService } from './newsletter.service';

/** POST /api/newsletter: 201 for a new address, 200 when it was already on the list. */
export async function newsletterRoutes(parent: FastifyInstance, { newsletter }: { newsletter: NewsletterService }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

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
