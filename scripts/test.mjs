/**
 * `npm test`: every check, in the order that gives the first failure soonest, using both cores.
 *   1. at once: typecheck, lint, format check and the build the browser tests need (each is one
 *      process and mostly one core: run one after another they left the other core idle),
 *   2. the unit tests, 3. the browser tests on that build (decision 0276).
 * Each task's output is printed whole when it ends, so parallel output never interleaves.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** Runs `npm run <script>`, its output kept until it ends; resolves with its exit code. */
function buffered(script) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { cwd: root, env: { ...process.env, FORCE_COLOR: '1' } });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n── ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(t0)}\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? 1);
    });
  });
}

/** Runs a command with its output going straight through (long runs show their progress). */
function live(label, command, args) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    process.stdout.write(`\n── ${label}\n`);
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('close', (code) => {
      process.stdout.write(`── ${label}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(t0)}\n`);
      resolve(code ?? 1);
    });
  });
}

function finish(code) {
  process.stdout.write(`\nnpm test: ${code === 0 ? 'everything passed' : 'FAILED'} in ${seconds(started)}\n`);
  process.exit(code);
}

const checks = await Promise.all(['typecheck', 'lint', 'format:check', 'build'].map(buffered));
if (checks.some((code) => code !== 0)) finish(1);
if ((await live('unit tests', npm, ['run', '--silent', 'test:unit'])) !== 0) finish(1);
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
finish(await live('browser tests', process.execPath, [vitest, 'run', '--project', 'e2e']));
