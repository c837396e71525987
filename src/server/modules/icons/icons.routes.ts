import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { filesApi } from '../../../shared/api/files';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import type { IconsService } from './icons.service';

export async function iconsRoutes(parent: FastifyInstance, { icons }: { icons: IconsService }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  // Drawn at start-up so that the first signature sent does not wait on a render, but once the
  // server listens: start-up does not wait for sharp to load and draw (decision 0092), and an icon
  // asked for meanwhile waits for its own drawing. A failure here must not stop the app: the icon
  // route tries again, and answers 500 if it still cannot draw.
  app.addHook('onReady', async () => {
    setImmediate(
      () =>
        void icons
          .renderAllIcons()
          .catch((error: unknown) => app.log.error({ err: error }, 'social icons could not be drawn')),
    );
  });

  // The version is in the path: new artwork gets new URLs, so the old ones may be cached forever.
  app.route({
    ...routeOf(filesApi.socialIcon),
    handler: async (request, reply) => {
      const match = /^([a-z]+)\.png$/.exec(request.params.file);
      const png = match ? await icons.findSocialIcon(match[1]!, request.params.version) : null;
      if (!png) throw new AppError('NOT_FOUND', 'There is no icon for that platform.');
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('x-content-type-options', 'nosniff')
        .send(png as never);
    },
  });
}
