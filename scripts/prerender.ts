/**
 * Prerenders the public pages to static HTML after `vite build` (issue 5: content before any
 * JavaScript). Each page is rendered with the same React tree its entry later hydrates, given its
 * title, description and Open Graph tags, and module preloads for the chunks it needs.
 * Output: dist/client/_pages/*.html and _pages/manifest.json, read by src/server/site/serve-client.ts.
 */
process.env.NODE_ENV = 'production';

import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createServer } from 'vite';
import { escapeHtml } from '../src/shared/signature/escape-html';
import { OG_IMAGE, PUBLIC_URL_PLACEHOLDER, SITE_NAME, SITE_PAGES, type SitePage, type SitePageId } from '../src/shared/site-pages';
import { PRERENDER_DIR, type PrerenderManifest } from '../src/server/site/serve-client';

type ManifestChunk = { file: string; imports?: string[] };
type SiteRenderer = { renderSitePage(id: Exclude<SitePageId, 'pricing'>): string };

const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const outDir = path.join(clientDir, PRERENDER_DIR);
const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** Page modules as the manifest names them (relative to the Vite root, src/client). */
const PAGE_MODULES: Record<Exclude<SitePageId, 'pricing'>, string> = {
  landing: 'features/marketing/landing-page.tsx',
  contact: 'features/contact/contact-page.tsx',
  terms: 'features/legal/terms-page.tsx',
  privacy: 'features/legal/privacy-page.tsx',
  'not-found': 'features/system/not-found-page.tsx',
};

function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const child of manifest[key].imports ?? []) staticClosure(child, seen);
  return seen;
}

/** The page's own chunks, fetched in parallel with the entry instead of after it has run. */
function preloadTags(page: Exclude<SitePageId, 'pricing'>, template: string): string {
  const files = [...staticClosure(PAGE_MODULES[page])].map((k) => `/${manifest[k]!.file}`);
  return files
    .filter((href) => !template.includes(`"${href}"`))
    .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`)
    .join('\n    ');
}

function headTags(page: SitePage): string {
  const url = `${PUBLIC_URL_PLACEHOLDER}${page.path === '/' ? '/' : page.path}`;
  const meta = (attr: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(value))}">`;
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    page.indexable ? `<link rel="canonical" href="${url}">` : meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    ...(page.indexable ? [meta('property', 'og:url', url)] : []),
    meta('property', 'og:image', `${PUBLIC_URL_PLACEHOLDER}${OG_IMAGE.path}`),
    meta('property', 'og:image:width', OG_IMAGE.width),
    meta('property', 'og:image:height', OG_IMAGE.height),
    meta('property', 'og:image:alt', OG_IMAGE.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
  ].join('\n    ');
}

/**
 * The stylesheet goes inline: one round trip less before the first paint on a slow phone. The
 * link stays, as media="print" so that it blocks nothing: it warms the cache for the app's pages,
 * and Vite's chunk loader sees it and does not fetch the CSS a second time.
 */
function inlineStylesheets(template: string): string {
  return template.replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g, (_tag, href: string) => {
    const css = readFileSync(path.join(clientDir, href), 'utf8');
    if (css.includes('</style')) throw new Error(`${href} cannot be inlined`);
    return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="${href}" media="print">`;
  });
}

/**
 * The page is already painted from HTML; its scripts only make it interactive. Low fetch priority
 * says so, and keeps them from competing with the document for the first paint on a slow network.
 */
function lowerScriptPriority(template: string): string {
  return template.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
}

async function prerender() {
  const siteTemplate = lowerScriptPriority(inlineStylesheets(readFileSync(path.join(clientDir, 'site.html'), 'utf8')));
  if (!siteTemplate.includes('<style>')) throw new Error('site.html links no stylesheet to inline');
  const vite = await createServer({
    configFile: path.resolve('vite.config.ts'),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    const { renderSitePage } = (await vite.ssrLoadModule('/site/prerender-entry.tsx')) as SiteRenderer;
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const written: PrerenderManifest = { pages: {}, notFound: '' };
    for (const page of SITE_PAGES) {
      if (page.entry !== 'site' || page.id === 'pricing') continue;
      const body = renderSitePage(page.id);
      const html = siteTemplate
        .replace('<!--site-head-->', headTags(page))
        // After the entry's own script and stylesheet, so that the CSS is requested first.
        .replace('</head>', `  ${preloadTags(page.id, siteTemplate)}\n  </head>`)
        .replace('<div id="root"><!--site-root--></div>', `<div id="root" data-page="${page.id}">${body}</div>`);
      if (!html.includes(`data-page="${page.id}"`)) throw new Error('site.html lost its root placeholder');
      const file = `${page.id}.html`;
      writeFileSync(path.join(outDir, file), html);
      if (page.id === 'not-found') written.notFound = file;
      else written.pages[page.path] = file;
      console.log(`prerendered ${page.path === '/404' ? '(404 page)' : page.path} → ${PRERENDER_DIR}/${file} (${(html.length / 1024).toFixed(1)} KB)`);
    }
    writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(written, null, 2));
    // The bare template would otherwise be served at /site.html, an empty page.
    rmSync(path.join(clientDir, 'site.html'));
  } finally {
    await vite.close();
  }
}

/**
 * Brotli and gzip copies beside each text asset; the server sends the one the browser accepts
 * (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompressAssets() {
  let count = 0;
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) {
        if (name !== PRERENDER_DIR && name !== '.vite') visit(file);
        continue;
      }
      if (!/\.(js|css|svg|json|txt|xml|webmanifest)$/.test(name) || statSync(file).size < 1024) continue;
      const raw = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      count += 1;
    }
  };
  visit(clientDir);
  console.log(`precompressed ${count} assets (brotli and gzip)`);
}

await prerender();
precompressAssets();
