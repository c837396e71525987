/**
 * `npm start`: serves the build in dist/, building it first only when it is missing or was made
 * from other sources than the tree holds (scripts/build-stamp.mjs). So `npm install && npm start`
 * works on a fresh clone, and a restart of a built tree starts in about a second. Plain JavaScript:
 * a production install (no dev dependencies) runs it too, and then serves the build it ships.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildProblem } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const problem = buildProblem(root);
if (problem) {
  console.log(`Building first: ${problem}.`);
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed, so the server was not started. `npm run build` shows why.');
    process.exit(result.status ?? 1);
  }
}
await import(pathToFileURL(path.join(root, 'dist/server/server.js')).href);
