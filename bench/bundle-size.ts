/**
 * JavaScript and CSS each page downloads before it is interactive, gzipped, from the built
 * client's Vite manifest: the page's entry (site.html for the prerendered pages, index.html for the
 * app's other screens), the hydration module the entry imports after the first paint, the page's
 * own chunk, and everything they import statically.
 * The prerendered pages load all this on a visitor's first interaction, only their entry before
 * (docs/decisions/0255); the budget counts everything.
 * Run after `npm run build`. Budgets: the landing page's JS and CSS together at most
 * 100 KB gzipped; the editor's at most 250 KB. The public pages carry site.css, the app (and
 * /pricing, an app screen) styles.css (decision 0076).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** 100 KB, read strictly: 100,000 bytes (not 102,400), gzip level 6; JavaScript plus CSS. */
const LANDING_BUDGET_BYTES = 100_000;
const EDITOR_BUDGET_BYTES = 250_000;
const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const manifestFile = path.join(clientDir, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No ${manifestFile}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(clientDir, file))).length;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

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

/** A module's manifest key; a module that is also imported statically is keyed by its chunk file. */
function findKey(suffix: string): string | undefined {
  const keys = Object.keys(manifest);
  const chunkPrefix = `_${path.basename(suffix).replace(/\.tsx?$/, '')}-`;
  // A shared chunk may carry a stylesheet keyed with the same prefix: the JavaScript is the module.
  return keys.find((k) => k.endsWith(suffix)) ?? keys.find((k) => k.startsWith(chunkPrefix) && k.endsWith('.js'));
}

type Row = { route: string; js: number; css: number; files: number; note: string };

function measure(
  route: string,
  keys: string[],
  note = '',
  exclude = new Set<string>(),
  skipCss = new Set<string>(),
): Row | null {
  const resolved = keys.map((k) => (manifest[k] ? k : findKey(k)));
  if (resolved.some((k) => !k)) return null;
  const closure = [...staticClosure(resolved as string[])].filter((k) => !exclude.has(k));
  const js = closure.reduce((sum, k) => sum + (manifest[k]!.file.endsWith('.js') ? gzipSize(manifest[k]!.file) : 0), 0);
  const cssFiles = new Set(closure.flatMap((k) => manifest[k]!.css ?? []).filter((f) => !skipCss.has(f)));
  const css = [...cssFiles].reduce((sum, f) => sum + gzipSize(f), 0);
  return { route, js, css, files: closure.length, note };
}

const SITE = ['site.html', 'site/hydrate-site-page.tsx'];
const landingKeys = staticClosure([...SITE, findKey('features/marketing/landing-page.tsx')!]);
const rows = [
  measure('/ (landing)', [...SITE, 'features/marketing/landing-page.tsx'], 'visitor, signed out'),
  // The prerendered pages load only their entry until a visitor's first interaction (decision 0255).
  measure('/ until the first interaction', ['site.html'], 'prerendered pages, at load'),
  measure(
    '/ signed in: + avatar menu',
    ['components/site-header/site-user-menu.tsx'],
    'once a session is known',
    landingKeys,
  ),
  measure('/contact', [...SITE, 'features/contact/contact-page.tsx']),
  measure('/terms', [...SITE, 'features/legal/terms-page.tsx']),
  measure('auth dialog (first open)', ['site/site-auth-dialog.tsx'], 'on top of the landing page', landingKeys),
  measure(
    '/pricing',
    ['site.html', 'site/hydrate-app-page.tsx', 'features/billing/pricing-page.tsx'],
    'hydrated by the app; inlines styles.css',
    new Set(),
    new Set(manifest['site.html']?.css ?? []),
  ),
  measure('/editor', ['index.html', 'features/editor/editor-page.tsx'], 'app entry'),
  measure('app shell (index.html)', ['index.html'], 'router, before any screen'),
].filter((r): r is Row => r !== null);

console.log('Gzipped JavaScript and CSS each page loads before it is interactive (KB = 1,000 bytes):\n');
console.log(`${'page'.padEnd(30)}${'JS KB'.padStart(8)}${'CSS KB'.padStart(8)}${'files'.padStart(7)}  note`);
for (const r of rows) {
  console.log(
    `${r.route.padEnd(30)}${kb(r.js).padStart(8)}${kb(r.css).padStart(8)}${String(r.files).padStart(7)}  ${r.note}`,
  );
}

const editorChunk = findKey('features/editor/editor-page.tsx');
const leaks = editorChunk && landingKeys.has(editorChunk);
const landing = rows[0]!;
const editor = rows.find((r) => r.route === '/editor');
const landingTotal = landing.js + landing.css;
const editorTotal = editor ? editor.js + editor.css : 0;
const within = landingTotal <= LANDING_BUDGET_BYTES;
const editorWithin = editorTotal <= EDITOR_BUDGET_BYTES;
console.log(
  `\nLanding JS + CSS: ${landingTotal.toLocaleString('en-US')} bytes gzipped (${kb(landing.js)} + ${kb(landing.css)} = ${kb(landingTotal)} KB), budget ${LANDING_BUDGET_BYTES.toLocaleString('en-US')} bytes: ${within ? 'within budget' : 'OVER BUDGET'}`,
);
console.log(
  `Editor JS + CSS: ${editorTotal.toLocaleString('en-US')} bytes gzipped (${kb(editorTotal)} KB), budget ${EDITOR_BUDGET_BYTES.toLocaleString('en-US')} bytes: ${editorWithin ? 'within budget' : 'OVER BUDGET'}`,
);
console.log(`Editor chunk in the landing's closure: ${leaks ? 'YES (a regression)' : 'no'}`);
if (!within || !editorWithin || leaks) process.exitCode = 1;
