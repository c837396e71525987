import { noStore } from '../../http';
import type { FastifyInstance } from 'fastify';
import { publicSiteApi } from '../../../shared/api/public-site';
import { issuesOf, routeOf, type ZodTypeProvider } from '../../api-contract';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import { createContactRepository } from './contact.repository';
import { createContactService } from './contact.service';
import { deriveKey } from '../auth/derived-keys';

/** GET /api/contact/token (the signed time the form loaded, and the support address), POST /api/contact. */
export async function contactRoutes(parent: FastifyInstance, options: { limiter: RateLimiter }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config, database, mailer } = app.services;
  const contact = createContactService({
    repository: createContactRepository(database.db),
    limiter: options.limiter,
    // The outbox records the message durably and sends it in the background, retrying while the
    // mail server is down; the answer does not wait for SMTP (and its time tells nothing).
    sendMail: (message) => mailer.enqueue(message),
    secret: deriveKey(config.sessionSecret, 'contact-form'),
    supportEmail: config.supportEmail,
    log: app.log,
  });

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
