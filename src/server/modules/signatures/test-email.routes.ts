import type { FastifyInstance } from 'fastify';
import { signaturesApi } from '../../../shared/api/signatures';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { requireUserId } from '../../http';
import { createTestEmailService } from './test-email.service';

/** POST /api/signatures/:id/test-email: the saved signature, mailed to its owner's own address. */
export async function signatureTestEmailRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config, database, mailer, rateLimiter } = app.services;
  const testEmail = createTestEmailService({
    db: database.db,
    limiter: rateLimiter,
    // Recorded in the outbox and sent in the background; the outbox retries while SMTP is down.
    sendMail: (message) => mailer.enqueue(message),
    publicUrl: config.publicUrl,
  });

  app.route({
    ...routeOf(signaturesApi.testEmail),
    handler: async (request) => testEmail.sendTestEmail(await requireUserId(request), request.params.id),
  });
}
