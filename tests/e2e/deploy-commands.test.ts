/**
 * The container image cannot be built here, so this runs the commands the Dockerfile runs,
 * in a clean folder, and checks that the result serves.
 *   build stage:   the repository's files, every dependency, `npm run build`
 *   run-time stage: package.json, package-lock.json, dist/ and the run-time packages only (no dev
 *                   dependencies: scripts/runtime-packages.mjs), then `node dist/server/server.js`
 * Installing from the registry takes minutes on this machine, so the packages are hard links into
 * this checkout's node_modules; the run-time folder gets only the packages a production install
 * keeps, so a run-time import of a dev dependency fails here as it would in the image.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript module without types
import { buildProblem } from '../../scripts/build-stamp.mjs';
// @ts-expect-error: plain JavaScript module without types
import { readLock, splitLockPackages } from '../../scripts/runtime-packages.mjs';
import { freePort } from '../../src/test-support/free-port';

const repo = path.resolve(import.meta.dirname, '../..');
const hasGit = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: repo }).status === 0;
const describeDeploy = hasGit ? describe : describe.skip;
const title = hasGit
  ? 'the Dockerfile commands in a clean folder (build, run-time install without dev dependencies, start)'
  : 'the Dockerfile commands in a clean folder — SKIPPED: not a git checkout, so the tracked files cannot be listed';

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

type Started = { child: ChildProcess; base: string; output: () => string; stop(): Promise<void> };

async function startServer(cwd: string, args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not answer /api/health:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    base,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

describeDeploy(title, () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'sp-deploy-'));
  const build = path.join(work, 'build');
  const app = path.join(work, 'app');
  const started: Started[] = [];

  beforeAll(() => {
    // The repository's files as a fresh clone has them (tracked, plus new files not ignored).
    const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], repo)
      .split('\0')
      .filter(Boolean);
    for (const file of files) {
      if (!existsSync(path.join(repo, file))) continue; // deleted in the work tree
      mkdirSync(path.dirname(path.join(build, file)), { recursive: true });
      cpSync(path.join(repo, file), path.join(build, file));
    }
    expect(existsSync(path.join(build, 'dist'))).toBe(false);
    // Build stage: `npm ci` (every dependency), then `npm run build`.
    run('cp', ['-al', path.join(repo, 'node_modules'), path.join(build, 'node_modules')], work);
    run('npm', ['run', 'build'], build);

    // Run-time stage: package.json, the lock, dist/ and the run-time packages only.
    mkdirSync(app);
    for (const file of ['package.json', 'package-lock.json']) cpSync(path.join(build, file), path.join(app, file));
    cpSync(path.join(build, 'dist'), path.join(app, 'dist'), { recursive: true });
    const { runtime } = splitLockPackages(readLock(build)) as { runtime: string[] };
    for (const location of [...runtime].sort((a, b) => a.length - b.length)) {
      const from = path.join(repo, location);
      if (!existsSync(from)) continue; // an optional package for another platform
      const to = path.join(app, location);
      if (existsSync(to)) continue;
      mkdirSync(path.dirname(to), { recursive: true });
      run('cp', ['-al', from, to], work);
      // Nested packages are linked on their own, if they are run-time packages too.
      rmSync(path.join(to, 'node_modules'), { recursive: true, force: true });
    }
  }, 300_000);

  afterAll(async () => {
    for (const server of started) await server.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('the Dockerfile runs these same commands, as a non-root user, with a health check', () => {
    const dockerfile = readFileSync(path.join(repo, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^RUN npm ci --no-audit --no-fund$/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(
      /^RUN npm ci --omit=dev --no-audit --no-fund \\\n && node scripts\/runtime-packages\.mjs prune/m,
    );
    expect(dockerfile).toMatch(/^COPY --from=build --chown=node:node \/app\/dist \.\/dist$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/server\/server\.js"\]$/m);
    expect((dockerfile.match(/^FROM /gm) ?? []).length).toBe(3);
  });

  it('has no dev dependency in the run-time folder', () => {
    for (const devOnly of ['vite', 'vitest', 'tsx', 'esbuild', 'typescript', 'eslint', 's3rver', 'drizzle-kit']) {
      expect(existsSync(path.join(app, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    for (const needed of JSON.parse(
      readFileSync(path.join(app, 'dist/server/runtime-packages.json'), 'utf8'),
    ) as string[]) {
      expect(existsSync(path.join(app, 'node_modules', needed)), needed).toBe(true);
    }
  });

  it('serves from the run-time folder: health, readiness, the pages, request ids in the log', async () => {
    const server = await startServer(app, ['dist/server/server.js'], {
      NODE_ENV: 'production',
      DATA_DIR: path.join(app, 'data'),
    });
    started.push(server);
    const health = await fetch(`${server.base}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
    // Ready once the jobs runner has installed its tables, just after the server answers (decision 0193).
    await expect.poll(async () => (await fetch(`${server.base}/api/ready`)).status).toBe(200);
    const home = await fetch(`${server.base}/`, { headers: { 'x-request-id': 'deploy-check-1' } });
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(home.headers.get('x-request-id')).toBe('deploy-check-1');
    expect(await home.text()).toContain('SignaturePro');
    const metrics = await fetch(`${server.base}/metrics`);
    expect(await metrics.text()).toContain(
      'signaturepro_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}',
    );
    await new Promise((r) => setTimeout(r, 200));
    // Every log line of that request names it, and one line tells how it was answered.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"deploy-check-1"'));
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ reqId: 'deploy-check-1' });
    expect(lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request completed')).toEqual([
      expect.objectContaining({ req: expect.objectContaining({ url: '/' }), res: { statusCode: 200 } }),
    ]);
    await server.stop();
    expect(server.child.exitCode).toBe(0);
  });

  it('npm start serves the build as it is when its stamp is current, and knows when it is stale', async () => {
    expect(buildProblem(build)).toBeNull();
    const server = await startServer(build, ['scripts/start.mjs'], { DATA_DIR: path.join(build, 'data') });
    started.push(server);
    expect(server.output()).not.toContain('Building first');
    await server.stop();

    writeFileSync(
      path.join(build, 'src/server/errors.ts'),
      `${readFileSync(path.join(build, 'src/server/errors.ts'), 'utf8')}\n// changed\n`,
    );
    expect(buildProblem(build)).toBe('the sources changed since the last build');
    rmSync(path.join(build, 'dist/build-stamp.json'));
    expect(buildProblem(build)).toBe('no build yet (dist/build-stamp.json missing)');
  });
});
