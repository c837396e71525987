/**
 * `npm run build`: everything `npm start` serves, built once.
 *   1. the client (vite build) into dist/client,
 *   2. the prerendered public pages (scripts/prerender.ts) into dist/client/_pages,
 *   3. the server, bundled by esbuild into dist/server/server.js and the chunks it imports; the
 *      packages it imports stay external and come from node_modules (dependencies only, never devDependencies),
 *      and the SQL migrations go beside it (src/server/db/client.ts looks for them next to itself),
 *   4. dist/build-stamp.json: the hash of the sources this build was made from (scripts/build-stamp.mjs).
 * Needs the dev dependencies; the result runs with `node dist/server/server.js` on a production install.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAMP_FILE, sourceHash } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

function run(label, args) {
  const t0 = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build: ${label} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`build: ${label} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

// The hash is taken first: a file edited while the build runs makes the next start build again.
const hash = sourceHash(root);
rmSync(path.join(root, STAMP_FILE), { force: true });

run('client (vite build)', [path.join(root, 'node_modules/vite/bin/vite.js'), 'build']);
run('prerendered pages', ['--import', 'tsx', path.join(root, 'scripts/prerender.ts')]);

const t0 = Date.now();
const { build } = await import('esbuild');
const serverDir = path.join(root, 'dist/server');
rmSync(serverDir, { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(root, 'src/server/server.ts')],
  // server.js starts the embedded database, then imports the app: split into chunks beside it, so
  // that the app's packages load only when it is imported (decision 0193).
  outdir: serverDir,
  entryNames: '[name]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/server/db/migrations'), path.join(serverDir, 'migrations'), { recursive: true });
// The embedded database runs in a worker thread of its own (decision 0191): its file goes beside the bundle.
cpSync(path.join(root, 'src/server/db/pglite-worker.mjs'), path.join(serverDir, 'pglite-worker.mjs'));

// Whatever the bundle imports at run time must be a dependency: a production install has nothing else.
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const imported = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const entry of output.imports)
    if (entry.external && !entry.path.startsWith('node:')) imported.add(packageName(entry.path));
}
const notDependencies = [...imported].filter((name) => !pkg.dependencies?.[name]);
if (notDependencies.length > 0) {
  console.error(
    `build: the server imports ${notDependencies.join(', ')}, which package.json does not list in "dependencies"`,
  );
  process.exit(1);
}
writeFileSync(path.join(serverDir, 'runtime-packages.json'), `${JSON.stringify([...imported].sort(), null, 2)}\n`);
console.log(`build: server (esbuild) done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// An embedded database with every migration applied and the jobs tables made, copied by a first
// start instead of creating one (that creation is most of a first start's time; decision 0191).
run('embedded database template', [
  '--import',
  'tsx',
  path.join(root, 'scripts/make-db-template.ts'),
  path.join(serverDir, 'pglite-template'),
]);

mkdirSync(path.dirname(path.join(root, STAMP_FILE)), { recursive: true });
writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify({ hash, builtAt: new Date().toISOString() }, null, 2)}\n`);
console.log(`build: everything built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
