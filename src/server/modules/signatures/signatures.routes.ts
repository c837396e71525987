import type { FastifyInstance } from 'fastify';
import { unauthenticated } from '../../errors';
import { requireUserId } from '../../http';
import { enforceSignatureQuota } from '../../rate-limit/quotas';
import { SignatureConflictError } from './signatures.service';

type ById = { Params: { id: string } };

/** The signed-in user's own signatures; everything else is the service's business. */
export async function signaturesRoutes(app: FastifyInstance) {
  const { signatures, auth } = app.services;

  app.get('/api/signatures', async (request) => signatures.listSignatures(await requireUserId(request)));

  app.post('/api/signatures', async (request, reply) =>
    reply.code(201).send(await signatures.createSignature(await enforceSignatureQuota(app.services, await requireUserId(request)), request.body)),
  );

  // Autosave calls this on every pause in typing: the session is checked inside the UPDATE, so a
  // save is one statement. A refused one reads the session to tell 401 from 404 (or a 409).
  app.put<ById>('/api/signatures/:id', async (request, reply) => {
    const sessionToken = await auth.readSessionToken(request.headers.cookie);
    if (!sessionToken) throw unauthenticated();
    try {
      return await signatures.updateSignature({ sessionToken, now: new Date() }, request.params.id, request.body, () => requireUserId(request));
    } catch (error) {
      // A stale full save: the words, and the stored signature the editor offers to reload.
      if (!(error instanceof SignatureConflictError)) throw error;
      return reply.code(409).send({ error: error.message, code: error.code, current: error.current });
    }
  });

  // The last signature stays (409 with words); the answer is the signatures left, default first.
  app.delete<ById>('/api/signatures/:id', async (request) =>
    signatures.deleteSignature(await requireUserId(request), request.params.id),
  );

  app.post<ById>('/api/signatures/:id/generate-html', async (request) =>
    signatures.generateSignatureHtml(await requireUserId(request), request.params.id),
  );
}
