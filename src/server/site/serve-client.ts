import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isClientRoute } from '../../shared/routes';
import { PRERENDER_DIR, PUBLIC_URL_PLACEHOLDER, type PrerenderManifest } from '../../shared/site-pages';
import { compressPage, sendCompressedPage, type CompressedPage } from './compressed-page';

type Prerendered = { pages: Map<string, CompressedPage>; notFound: CompressedPage | null };

/** Absolute URLs in the built HTML name this deployment (the build could not know it). */
function fillPublicUrl(html: string, publicUrl: string): string {
  return html.replaceAll(PUBLIC_URL_PLACEHOLDER, publicUrl);
}

function readPrerendered(clientDir: string, publicUrl: string): Prerendered {
  const manifestFile = path.join(clientDir, PRERENDER_DIR, 'manifest.json');
  if (!existsSync(manifestFile)) return { pages: new Map(), notFound: null };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  const read = (file: string) =>
    compressPage(fillPublicUrl(readFileSync(path.join(clientDir, PRERENDER_DIR, file), 'utf8'), publicUrl));
  return {
    pages: new Map(Object.entries(manifest.pages).map(([route, file]) => [route, read(file)])),
    notFound: read(manifest.notFound),
  };
}

/**
 * Serves the built React app: assets with long caching (brotli or gzip files written by the
 * build); prerendered pages for their paths (200); the other client routes with the index.html
 * shell; any other path with the prerendered 404 page and status 404.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | false) {
  const { publicUrl } = app.services.config;
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : '';
  if (!clientDir || !existsSync(indexFile)) {
    app.setNotFoundHandler((request, reply) => {
      if (isApiRequest(request.url, request.method)) return sendApiNotFound(request.url, request.method, reply);
      return reply.code(404).type('text/plain').send('The web app has not been built. Run `npm run build`.');
    });
    return;
  }

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The prerendered pages are served at their own paths, never twice under _pages/; the shell
    // is served only through the handler below, which fills in its absolute URLs.
    allowedPath: (pathName) => !pathName.startsWith(`/${PRERENDER_DIR}/`) && pathName !== '/index.html',
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  const shell = compressPage(fillPublicUrl(readFileSync(indexFile, 'utf8'), publicUrl));
  const prerendered = readPrerendered(clientDir, publicUrl);

  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request.url, request.method)) return sendApiNotFound(request.url, request.method, reply);
    const pathname = request.url.split('?')[0] ?? '/';
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    reply.header('cache-control', 'no-cache');
    const page = prerendered.pages.get(route);
    if (page) return sendCompressedPage(request, reply, page, 200);
    if (isClientRoute(route)) return sendCompressedPage(request, reply, shell, 200);
    return sendCompressedPage(request, reply, prerendered.notFound ?? shell, 404);
  });
}

function isApiRequest(url: string, method: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.startsWith('/api/') || pathname === '/api' || (method !== 'GET' && method !== 'HEAD');
}

function sendApiNotFound(url: string, method: string, reply: FastifyReply) {
  const pathname = url.split('?')[0] ?? '/';
  return reply.code(404).send({ error: `There is no ${method} ${pathname} here.`, code: 'NOT_FOUND' });
}
