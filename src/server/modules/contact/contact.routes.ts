import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import { createContactRepository } from './contact.repository';
import { createContactService } from './contact.service';
import { deriveKey } from '../auth/derived-keys';

/** GET /api/contact/token (the signed time the form loaded, and the support address), POST /api/contact. */
export async function contactRoutes(app: FastifyInstance, options: { limiter: RateLimiter }) {
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

  app.get('/api/contact/token', async (_request, reply) => {
    // A token is a moment in time: a cached one would defeat the 2-second lock.
    reply.header('cache-control', 'no-store');
    return contact.issueToken();
  });

  app.post('/api/contact', async (request) => contact.submit(request.body, request.ip));
}
