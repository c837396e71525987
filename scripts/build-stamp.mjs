/**
 * What a build was made from: one hash over every file that goes into dist/ (the client and
 * server sources, the build scripts and configuration, the lock file). `npm run build` writes it to
 * dist/build-stamp.json; `npm start` rebuilds only when the hash of the tree differs from it.
 * Plain JavaScript: it runs on a production install, where tsx and the build tools are absent.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Files and folders, relative to the project root, whose content decides what the build holds. */
export const BUILD_INPUTS = [
  'src',
  'scripts/build.mjs',
  'scripts/build-stamp.mjs',
  'scripts/prerender.ts',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
];

export const STAMP_FILE = 'dist/build-stamp.json';

/** Tests never reach dist/, so editing one does not make the build stale. */
const isTest = (file) =>
  /\.test\.tsx?$/.test(file) ||
  file.includes(`${path.sep}test-support${path.sep}`) ||
  file.includes(`${path.sep}__snapshots__${path.sep}`);

function listFiles(root, relative, out) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) listFiles(root, child, out);
    else if (entry.isFile() && !isTest(child)) out.push(child);
  }
}

/** Hex SHA-256 over the sorted paths and contents of the build inputs. */
export function sourceHash(root) {
  const files = [];
  for (const input of BUILD_INPUTS) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) listFiles(root, input, files);
    else files.push(input);
  }
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The stamp of the build in dist/, or null when there is none (or it cannot be read). */
export function readStamp(root) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, STAMP_FILE), 'utf8'));
    return typeof stamp?.hash === 'string' ? stamp : null;
  } catch {
    return null;
  }
}

/** The files a build must have for the server to start from it. */
export const BUILD_OUTPUTS = ['dist/server/server.js', 'dist/client/index.html', STAMP_FILE];

/** Why the build cannot be served as it is, or null when it is present and current. */
export function buildProblem(root) {
  const missing = BUILD_OUTPUTS.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) return `no build yet (${missing.join(', ')} missing)`;
  // A production install ships dist/ without the sources: the build it has is the one to serve.
  if (!existsSync(path.join(root, 'src'))) return null;
  const stamp = readStamp(root);
  if (!stamp) return 'the build stamp cannot be read';
  return stamp.hash === sourceHash(root) ? null : 'the sources changed since the last build';
}
