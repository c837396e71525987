import type { FastifyInstance } from 'fastify';
import { RETURN_MINIMAL, signaturesApi } from '../../../shared/api/signatures';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { unauthenticated } from '../../errors';
import { requireUserId, signedIn } from '../../http';
import { enforceSignatureQuota, type QuotaServices } from '../../rate-limit/quotas';
import type { AuthService } from '../auth/auth.service';
import type { SignatureVersionsService } from './signature-versions.service';
import { SignatureConflictError } from './signature-errors';
import type { SignaturesService } from './signatures.service';

/** True when a Prefer header (RFC 7240: comma-separated, any case) names return=minimal. */
function asksMinimal(prefer: string | string[] | undefined): boolean {
  if (prefer === undefined) return false;
  const parts = [prefer].flat().join(',').toLowerCase().split(',');
  return parts.some((part) => part.trim() === RETURN_MINIMAL);
}

/** The signed-in user's own signatures; everything else is the service's business. */
export async function signaturesRoutes(
  parent: FastifyInstance,
  deps: { signatures: SignaturesService; versions: SignatureVersionsService; auth: AuthService; quota: QuotaServices },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { signatures, auth } = deps;

  app.route({
    ...routeOf(signaturesApi.list),
    handler: async (request) => signatures.listSignatures(await requireUserId(request)),
  });

  app.route({
    ...routeOf(signaturesApi.locks),
    handler: async (request) => signatures.locksFor(await requireUserId(request)),
  });

  app.route({
    ...routeOf(signaturesApi.create),
    preValidation: signedIn,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await signatures.createSignature(
            await enforceSignatureQuota(deps.quota, await requireUserId(request)),
            request.body,
          ),
        ),
  });

  // Autosave calls this on every pause in typing: the session is checked inside the UPDATE, so a
  // save is one statement. A refused one reads the session to tell 401 from 404 (or a 409).
  app.route({
    ...routeOf(signaturesApi.update),
    // A body that is not even an object: 401 for a dead session first, as for any refused save.
    attachValidation: true,
    handler: async (request, reply) => {
      const sessionToken = await auth.readSessionToken(request.headers.cookie);
      if (!sessionToken) throw unauthenticated();
      if (request.validationError) {
        await requireUserId(request);
        throw request.validationError;
      }
      const writer = { sessionToken, now: new Date() };
      const signedIn = () => requireUserId(request);
      try {
        // The editor's autosave reads only the version: it asks for the short answer (decision 0245).
        if (!asksMinimal(request.headers.prefer))
          return await signatures.updateSignature(writer, request.params.id, request.body, signedIn);
        const stamp = await signatures.updateSignatureStamp(writer, request.params.id, request.body, signedIn);
        return reply.header('preference-applied', RETURN_MINIMAL).send(stamp);
      } catch (error) {
        // A stale full save: the words, and the stored signature the editor offers to reload.
        if (!(error instanceof SignatureConflictError)) throw error;
        return reply.code(409).send({ error: error.message, code: error.code, current: error.current });
      }
    },
  });

  // The last signature stays (409 with words); the answer is the signatures left, default first.
  app.route({
    ...routeOf(signaturesApi.remove),
    handler: async (request) => signatures.deleteSignature(await requireUserId(request), request.params.id),
  });

  app.route({
    ...routeOf(signaturesApi.generateHtml),
    handler: async (request) => signatures.generateSignatureHtml(await requireUserId(request), request.params.id),
  });

  app.route({
    ...routeOf(signaturesApi.versions),
    handler: async (request) => deps.versions.listVersions(await requireUserId(request), request.params.id),
  });

  app.route({
    ...routeOf(signaturesApi.restoreVersion),
    preValidation: signedIn,
    handler: async (request) =>
      deps.versions.restoreVersion(await requireUserId(request), request.params.id, request.params.versionId),
  });
}
