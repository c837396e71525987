import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http';
import { createTestEmailService } from './test-email.service';

/** POST /api/signatures/:id/test-email: the saved signature, mailed to its owner's own address. */
export async function signatureTestEmailRoutes(app: FastifyInstance) {
  const { config, database, mailer, rateLimiter } = app.services;
  const testEmail = createTestEmailService({
    db: database.db,
    limiter: rateLimiter,
    // Recorded in the outbox and sent in the background; the outbox retries while SMTP is down.
    sendMail: (message) => mailer.enqueue(message),
    publicUrl: config.publicUrl,
  });

  app.post<{ Params: { id: string } }>('/api/signatures/:id/test-email', async (request) =>
    testEmail.sendTestEmail(await requireUserId(request), request.params.id),
  );
}
