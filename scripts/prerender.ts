/**
 * Prerenders the public pages to static HTML after `vite build`. Each page is rendered with the same React tree that site-main.tsx later hydrates,
 * and given its title, description and Open Graph tags. Then every text asset gets brotli and gzip
 * copies. Output: dist/client/_pages/*.html and _pages/manifest.json, read by
 * src/server/site/serve-client.ts. Usage: `vite build && node --import tsx scripts/prerender.ts`.
 */
process.env.NODE_ENV = 'production';

import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createServer } from 'vite';
import { EARLY_CLICK_SCRIPT, EARLY_CLICK_SCRIPT_TAG } from '../src/shared/early-clicks';
import { escapeHtml } from '../src/shared/signature/escape-html';
import {
  OG_IMAGE,
  PRERENDER_DIR,
  PUBLIC_URL_PLACEHOLDER,
  SITE_NAME,
  SITE_PAGES,
  type PrerenderManifest,
  type SitePage,
  type SitePageId,
} from '../src/shared/site-pages';

type Renderer = {
  renderSitePage(id: Exclude<SitePageId, 'pricing'>): string;
  renderAppPage(path: string): Promise<string>;
};

const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const outDir = path.join(clientDir, PRERENDER_DIR);
const ROOT_PLACEHOLDER = '<div id="root"><!--site-root--></div>';

/**
 * The stylesheet goes inline: one round trip less before the first paint on a slow phone. The
 * link stays, as media="print" so that it blocks nothing: it warms the cache for the app's pages,
 * and Vite's chunk loader sees it and does not fetch the CSS a second time.
 */
function inlineStylesheets(template: string): string {
  return template.replace(
    /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g,
    (_tag, href: string) => {
      const css = readFileSync(path.join(clientDir, href), 'utf8');
      if (css.includes('</style')) throw new Error(`${href} cannot be inlined`);
      return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="${href}" media="print">`;
    },
  );
}

/**
 * The page is already painted from HTML; its script only makes it interactive (and fetches React
 * after the first paint). Low priority keeps it from competing with the document on a slow network.
 */
function lowerScriptPriority(template: string): string {
  return template.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
}

function headTags(page: SitePage): string {
  const url = `${PUBLIC_URL_PLACEHOLDER}${page.path}`;
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
 * The early-click capture (src/shared/early-clicks.ts) goes inline, first in the page's head tags:
 * no request, and it listens before the body is parsed. The server's CSP allows it by its hash.
 */
function earlyClickScript(): string {
  if (EARLY_CLICK_SCRIPT.includes('</script') || /[^\n\x20-\x7e]/.test(EARLY_CLICK_SCRIPT))
    throw new Error('The early-click script must stay plain ASCII text');
  return EARLY_CLICK_SCRIPT_TAG;
}

function fillTemplate(template: string, page: SitePage, body: string): string {
  const html = template
    .replace('<!--site-head-->', () => `${earlyClickScript()}\n    ${headTags(page)}`)
    .replace(ROOT_PLACEHOLDER, `<div id="root" data-page="${page.id}">${body}</div>`);
  if (!html.includes(`data-page="${page.id}"`) || !html.includes('<title>'))
    throw new Error('site.html lost a placeholder');
  return html;
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/;

/**
 * site.html carries site.css, the public pages' smaller stylesheet; an app screen (/pricing) is
 * drawn with the app's own, the one index.html links (decision 0076).
 */
function withAppStylesheet(siteTemplate: string): string {
  const appLink = STYLESHEET_LINK.exec(readFileSync(path.join(clientDir, 'index.html'), 'utf8'))?.[0];
  if (!appLink || !STYLESHEET_LINK.test(siteTemplate))
    throw new Error('index.html or site.html lost its stylesheet link');
  return siteTemplate.replace(STYLESHEET_LINK, appLink);
}

async function prerender() {
  const siteHtml = readFileSync(path.join(clientDir, 'site.html'), 'utf8');
  const template = lowerScriptPriority(inlineStylesheets(siteHtml));
  const appTemplate = lowerScriptPriority(inlineStylesheets(withAppStylesheet(siteHtml)));
  for (const t of [template, appTemplate]) {
    if (!t.includes('<style>') || !t.includes(ROOT_PLACEHOLDER))
      throw new Error('site.html is not the expected template');
  }
  const vite = await createServer({
    configFile: path.resolve('vite.config.ts'),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    const renderer = (await vite.ssrLoadModule('/site/prerender-entry.tsx')) as Renderer;
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const written: PrerenderManifest = { pages: {}, notFound: '' };
    for (const page of SITE_PAGES) {
      const body =
        page.entry === 'app'
          ? await renderer.renderAppPage(page.path)
          : renderer.renderSitePage(page.id as Exclude<SitePageId, 'pricing'>);
      const file = `${page.id}.html`;
      const html = fillTemplate(page.entry === 'app' ? appTemplate : template, page, body);
      writeFileSync(path.join(outDir, file), html);
      if (page.id === 'not-found') written.notFound = file;
      else written.pages[page.path] = file;
      console.log(
        `prerendered ${page.indexable ? page.path : '(404 page)'} → ${PRERENDER_DIR}/${file} (${(html.length / 1024).toFixed(1)} KB)`,
      );
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
