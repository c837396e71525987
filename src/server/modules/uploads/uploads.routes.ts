import type { FastifyInstance } from 'fastify';
import { uploadsApi } from '../../../shared/api/uploads';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { AppError } from '../../errors';
import { requireUserId, signedIn } from '../../http';
import { enforceUploadQuota, type QuotaServices } from '../../rate-limit/quotas';
import { MAX_UPLOAD_BYTES, UNSUPPORTED_IMAGE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from './image-processing';
import type { UploadBody, UploadsService } from './uploads.service';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The raw bytes the image parsers kept; no body at all is 'empty', parsed JSON or a form 'not bytes'. */
function uploadBody(body: unknown): UploadBody {
  if (Buffer.isBuffer(body)) return body;
  return body === undefined || body === null ? 'empty' : 'not bytes';
}

/**
 * PUT {uploadURL}: raw image bytes. In a scope of its own so that the image body parser, the
 * 5 MB limit and the upload wording of 413/415 apply to this route only.
 */
async function uploadReceiverRoutes(parent: FastifyInstance, { uploads }: { uploads: UploadsService }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const keepBytes = (_request: unknown, body: Buffer, done: (error: null, body: Buffer) => void) => done(null, body);
  app.addContentTypeParser(/^image\/[\w.+-]+/i, { parseAs: 'buffer' }, keepBytes);
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, keepBytes);

  // Fastify refuses an oversized body or an unknown content type before the handler runs; a
  // rethrown error reaches the app's handler, now in the words the upload screen should show.
  app.setErrorHandler((error, _request, _reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (!(error instanceof AppError) && status === 413)
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_MESSAGE);
    if (!(error instanceof AppError) && status === 415)
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_IMAGE_MESSAGE);
    throw error;
  });

  // One byte over the limit still reaches the service, which answers with the same message.
  app.route({
    ...routeOf(uploadsApi.receive),
    bodyLimit: MAX_UPLOAD_BYTES + 1,
    preValidation: signedIn,
    handler: async (request) =>
      uploads.receiveUpload(await requireUserId(request), request.params.id, uploadBody(request.body)),
  });
}

export async function uploadsRoutes(parent: FastifyInstance, deps: { uploads: UploadsService; quota: QuotaServices }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { uploads } = deps;

  // Older uploads get their geometry once, in the background: start-up does not wait for it, and
  // closing the app waits for it to finish (decision 0077).
  let legacyUpgrade: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    legacyUpgrade = uploads
      .upgradeLegacyImages(app.log)
      .then(({ upgraded, failed }) => {
        if (upgraded + failed > 0) app.log.info({ upgraded, failed }, 'older uploaded images given their geometry');
      })
      .catch((error: unknown) =>
        app.log.warn({ err: { message: (error as Error).message } }, 'older uploaded images not upgraded'),
      );
  });
  app.addHook('onClose', async () => {
    await legacyUpgrade;
  });

  app.route({
    ...routeOf(uploadsApi.createSlot),
    handler: async (request) =>
      uploads.createUploadSlot(await enforceUploadQuota(deps.quota, await requireUserId(request))),
  });

  await app.register(uploadReceiverRoutes, { uploads });

  app.route({
    ...routeOf(uploadsApi.attach),
    preValidation: signedIn,
    handler: async (request) => uploads.attachUploadedImage(await requireUserId(request), request.body),
  });

  app.route({
    ...routeOf(uploadsApi.list),
    handler: async (request) => uploads.listUploadedImages(await requireUserId(request)),
  });

  app.route({
    ...routeOf(uploadsApi.remove),
    preValidation: signedIn,
    handler: async (request, reply) => {
      await uploads.deleteUploadedImage(await requireUserId(request), request.params.id);
      return reply.code(204).send();
    },
  });

  // Public: every recipient's mail client and Gmail's image proxy fetch these. Each file has its
  // own name and never changes, so it may be cached for a year.
  app.route({
    ...routeOf(uploadsApi.publicImage),
    handler: async (request, reply) => {
      const image = await uploads.readPublicImage(request.params['*']);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(image.bytes as never);
    },
  });
}
