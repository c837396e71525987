/**
 * Which installed packages the server needs at run time, read from package-lock.json: those
 * reachable from "dependencies". `npm ci --omit=dev` also installs a few dev-only packages (vitest,
 * vite, tsx, esbuild, drizzle-kit and their platform binaries) because better-auth names them as
 * optional peers, and the server never imports them (dist/server/runtime-packages.json lists what it
 * does import). `node scripts/runtime-packages.mjs prune` removes them after such an
 * install (the Dockerfile's run-time stage); tests/e2e/deploy-commands.test.ts installs exactly the
 * run-time set and starts the server from it.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where Node finds `name` from the package at `from` (its own node_modules, then each parent's). */
function resolveLocation(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * Lock entries ('node_modules/…' paths) of the packages a production install keeps (reachable from
 * the project's "dependencies" through dependencies, optional dependencies and required peers), and
 * of the rest. Optional peers (better-auth's vitest, drizzle-kit, …) are not followed.
 */
export function splitLockPackages(lock) {
  const packages = lock.packages ?? {};
  const reached = new Set();
  // The root entry's devDependencies are never followed.
  const queue = [['', packages[''] ?? {}]];
  const follow = (entry) => {
    const optionalPeers = new Set(
      Object.entries(entry.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta?.optional)
        .map(([name]) => name),
    );
    const requiredPeers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name));
    return [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...requiredPeers,
    ];
  };
  while (queue.length > 0) {
    const [from, entry] = queue.shift();
    for (const name of follow(entry)) {
      const location = resolveLocation(packages, from, name);
      if (!location || reached.has(location)) continue;
      reached.add(location);
      queue.push([location, packages[location]]);
    }
  }
  const runtime = [];
  const devOnly = [];
  for (const location of Object.keys(packages)) {
    if (location === '' || !location.startsWith('node_modules/')) continue;
    (reached.has(location) ? runtime : devOnly).push(location);
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
