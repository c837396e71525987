import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { requireUserId } from '../../http';
import { enforceUploadQuota } from '../../rate-limit/quotas';
import { MAX_UPLOAD_BYTES, UNSUPPORTED_IMAGE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from './image-processing';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * PUT {uploadURL}: raw image bytes. In a scope of its own so that the image body parser, the
 * 5 MB limit and the upload wording of 413/415 apply to this route only.
 */
async function uploadReceiverRoutes(app: FastifyInstance) {
  const { uploads } = app.services;
  const keepBytes = (_request: unknown, body: Buffer, done: (error: null, body: Buffer) => void) => done(null, body);
  app.addContentTypeParser(/^image\/[\w.+-]+/i, { parseAs: 'buffer' }, keepBytes);
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, keepBytes);

  // Fastify refuses an oversized body or an unknown content type before the handler runs; a
  // rethrown error reaches the app's handler, now in the words the upload screen should show.
  app.setErrorHandler((error, _request, _reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (!(error instanceof AppError) && status === 413) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_MESSAGE);
    if (!(error instanceof AppError) && status === 415) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_IMAGE_MESSAGE);
    throw error;
  });

  // One byte over the limit still reaches the service, which answers with the same message.
  app.put<{ Params: { id: string } }>('/api/objects/uploads/:id', { bodyLimit: MAX_UPLOAD_BYTES + 1 }, async (request) =>
    uploads.receiveUpload(await requireUserId(request), request.params.id, request.body),
  );
}

export async function uploadsRoutes(app: FastifyInstance) {
  const { uploads } = app.services;

  // Older uploads get their geometry once, in the background: start-up does not wait for it, and
  // closing the app waits for it to finish (decision 0077).
  let legacyUpgrade: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    legacyUpgrade = uploads
      .upgradeLegacyImages(app.log)
      .then(({ upgraded, failed }) => {
        if (upgraded + failed > 0) app.log.info({ upgraded, failed }, 'older uploaded images given their geometry');
      })
      .catch((error: unknown) => app.log.warn({ err: { message: (error as Error).message } }, 'older uploaded images not upgraded'));
  });
  app.addHook('onClose', async () => {
    await legacyUpgrade;
  });

  app.post('/api/objects/upload', async (request) => uploads.createUploadSlot(await enforceUploadQuota(app.services, await requireUserId(request))));

  await app.register(uploadReceiverRoutes);

  app.put('/api/signatures/image', async (request) =>
    uploads.attachUploadedImage(await requireUserId(request), request.body),
  );

  app.get('/api/uploads', async (request) => uploads.listUploadedImages(await requireUserId(request)));

  app.delete<{ Params: { id: string } }>('/api/uploads/:id', async (request, reply) => {
    await uploads.deleteUploadedImage(await requireUserId(request), request.params.id);
    return reply.code(204).send();
  });

  // Public: every recipient's mail client and Gmail's image proxy fetch these. Each file has its
  // own name and never changes, so it may be cached for a year.
  app.get<{ Params: { '*': string } }>('/objects/*', async (request, reply) => {
    const image = await uploads.readPublicImage(request.params['*']);
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(image.bytes);
  });
}
