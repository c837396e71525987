import { noStore } from '../../http';
import type { FastifyInstance } from 'fastify';
import { publicSiteApi } from '../../../shared/api/public-site';
import { issuesOf, routeOf, type ZodTypeProvider } from '../../api-contract';
import type { ContactService } from './contact.service';

/** GET /api/contact/token (the signed time the form loaded, and the support address), POST /api/contact. */
export async function contactRoutes(parent: FastifyInstance, { contact }: { contact: ContactService }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(publicSiteApi.contactToken),
    handler: async (_request, reply) => {
      // A token is a moment in time: a cached one would defeat the 2-second lock.
      noStore(reply);
      return contact.issueToken();
    },
  });

  // The per-network limit counts before the form is read; a refused form then answers in the
  // contact form's own words.
  app.route({
    ...routeOf(publicSiteApi.contact),
    preValidation: async (request) => contact.admit(request.ip),
    attachValidation: true,
    handler: async (request) => {
      if (request.validationError) throw contact.refusal(issuesOf(request.validationError));
      return contact.submit(request.body);
    },
  });
}
