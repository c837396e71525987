/**
 * JavaScript and CSS each page downloads before it is interactive, gzipped, from the built
 * client's Vite manifest: the page's entry (site.html for the prerendered public pages, index.html
 * for the app) plus the page's own chunk and everything they import statically.
 * Run after `npm run build`. Budget (issue 5): the landing page's JS at most 100 KB gzipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const LANDING_BUDGET_KB = 100;
const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const manifestFile = path.join(clientDir, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No ${manifestFile}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(clientDir, file))).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The chunk keys a page loads up front: the start keys and their static imports, transitively. */
function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return seen;
}

function findKey(suffix: string): string | undefined {
  return Object.keys(manifest).find((k) => k.endsWith(suffix));
}

type Row = { route: string; js: number; css: number; files: number; note: string };

function measure(route: string, entry: string, page: string | undefined, note = '', exclude = new Set<string>()): Row | null {
  const pageKey = page ? findKey(page) : undefined;
  if (page && !pageKey) return null;
  const keys = [...staticClosure([entry, ...(pageKey ? [pageKey] : [])])].filter((k) => !exclude.has(k));
  const js = keys.reduce((sum, k) => sum + (manifest[k]!.file.endsWith('.js') ? gzipSize(manifest[k]!.file) : 0), 0);
  const cssFiles = new Set(keys.flatMap((k) => manifest[k]!.css ?? []));
  const css = [...cssFiles].reduce((sum, f) => sum + gzipSize(f), 0);
  return { route, js, css, files: keys.length, note };
}

const landingKeys = staticClosure(['site.html', findKey('features/marketing/landing-page.tsx')!]);
const rows = [
  measure('/ (landing)', 'site.html', 'features/marketing/landing-page.tsx', 'visitor, signed out'),
  measure('/ signed in: + avatar menu', 'site.html', 'components/site-header/site-user-menu.tsx', 'loaded once a session is known', landingKeys),
  measure('/contact', 'site.html', 'features/contact/contact-page.tsx'),
  measure('/terms', 'site.html', 'features/legal/terms-page.tsx'),
  measure('auth dialog (first open)', 'site.html', 'site/site-auth-dialog.tsx', 'on top of the page', landingKeys),
  measure('/pricing', 'index.html', 'features/billing/pricing-page.tsx', 'app entry'),
  measure('/editor', 'index.html', 'features/editor/editor-page.tsx', 'app entry'),
  measure('app shell (index.html)', 'index.html', undefined, 'router, before any screen'),
].filter((r): r is Row => r !== null);

console.log('Gzipped bytes each page loads before it is interactive (static import closure):\n');
console.log(`${'page'.padEnd(30)}${'JS KB'.padStart(8)}${'CSS KB'.padStart(8)}${'files'.padStart(7)}  note`);
for (const r of rows) {
  console.log(`${r.route.padEnd(30)}${kb(r.js).padStart(8)}${kb(r.css).padStart(8)}${String(r.files).padStart(7)}  ${r.note}`);
}

const editorChunk = findKey('features/editor/editor-page.tsx');
const leaks = editorChunk && landingKeys.has(editorChunk);
const landing = rows[0]!;
const within = landing.js <= LANDING_BUDGET_KB * 1024;
console.log(`\nLanding JS: ${kb(landing.js)} KB gzipped, budget ${LANDING_BUDGET_KB} KB: ${within ? 'within budget' : 'OVER BUDGET'}`);
console.log(`Editor chunk in the landing's closure: ${leaks ? 'YES (a regression)' : 'no'}`);
if (!within || leaks) process.exitCode = 1;
