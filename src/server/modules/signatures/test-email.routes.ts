import type { FastifyInstance } from 'fastify';
import { signaturesApi } from '../../../shared/api/signatures';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { requireUserId } from '../../http';
import type { TestEmailService } from './test-email.service';

/** POST /api/signatures/:id/test-email: the saved signature, mailed to its owner's own address. */
export async function signatureTestEmailRoutes(
  parent: FastifyInstance,
  { testEmail }: { testEmail: TestEmailService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(signaturesApi.testEmail),
    handler: async (request) => testEmail.sendTestEmail(await requireUserId(request), request.params.id),
  });
}
