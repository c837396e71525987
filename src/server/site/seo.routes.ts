import type { FastifyInstance } from 'fastify';
import { SITE_PAGES } from '../../shared/site-pages';

/** robots.txt and sitemap.xml, built from the public page list with this deployment's PUBLIC_URL. */
export async function seoRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  app.get('/robots.txt', async (_request, reply) => {
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /account',
      'Disallow: /checkout',
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const urls = SITE_PAGES.filter((p) => p.indexable).map(
      (p) =>
        `  <url><loc>${publicUrl}${p.path}</loc><changefreq>${p.path === '/' ? 'weekly' : 'monthly'}</changefreq></url>`,
    );
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml.join('\n'));
  });
}
