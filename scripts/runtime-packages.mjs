/**
 * Which installed packages the server needs at run time, read from package-lock.json: every
 * package that is not a dev dependency. `npm ci --omit=dev` also installs a few dev-only packages
 * (vitest, vite, tsx, esbuild, drizzle-kit) because better-auth names them as optional peers; the
 * lock marks those "devOptional", and the server never imports them (dist/server/runtime-packages.json
 * lists what it does import). `node scripts/runtime-packages.mjs prune` removes them after such an
 * install (the Dockerfile's run-time stage); tests/e2e/deploy-commands.test.ts installs exactly the
 * run-time set and starts the server from it.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Lock entries ('node_modules/…' paths) of packages a production install keeps, and of those it does not. */
export function splitLockPackages(lock) {
  const runtime = [];
  const devOnly = [];
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (location === '' || !location.startsWith('node_modules/')) continue;
    (entry.dev || entry.devOptional ? devOnly : runtime).push(location);
  }
  return { runtime, devOnly };
}

export function readLock(root) {
  return JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const command = process.argv[2];
  const { runtime, devOnly } = splitLockPackages(readLock(root));
  if (command === 'prune') {
    let removed = 0;
    // Deepest first, so that a nested package goes before the folder that holds it.
    for (const location of devOnly.sort((a, b) => b.length - a.length)) {
      if (!existsSync(path.join(root, location))) continue;
      rmSync(path.join(root, location), { recursive: true, force: true });
      removed++;
    }
    console.log(`runtime-packages: removed ${removed} dev-only packages; ${runtime.length} run-time packages remain`);
  } else if (command === 'list') {
    console.log(runtime.join('\n'));
  } else {
    console.error('usage: node scripts/runtime-packages.mjs prune|list');
    process.exit(2);
  }
}
