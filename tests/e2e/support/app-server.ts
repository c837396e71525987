import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type AppConfig } from '../../../src/server/config';
import { freePort } from '../../../src/test-support/free-port';

export type RunningApp = {
  app: FastifyInstance;
  config: AppConfig;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
};

/**
 * Starts the real server, in-process, on a free port with a fresh embedded database,
 * serving the built client (run `npm run build` first; `npm test` does). The browser tests get it
 * through the `app` fixture (fixtures.ts); the browser benches call it directly.
 */
export async function startApp(
  env: Record<string, string> = {},
  options: { client?: boolean; clientDir?: string } = {},
): Promise<RunningApp> {
  // E2E_CLIENT_DIR (CLIENT_DIR for the benches) lets a run use its own build while another build
  // rewrites dist/client. `client: false` serves no client (pages the server draws need no build);
  // `clientDir` serves another build (a bench's same-run base).
  const clientDir =
    options.client === false
      ? false
      : path.resolve(options.clientDir ?? process.env.E2E_CLIENT_DIR ?? process.env.CLIENT_DIR ?? 'dist/client');
  if (clientDir && !existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error('The client is not built: run `npm run build` before the browser tests.');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-e2e-'));
  // The build's embedded database (every migration applied, decision 0191), as a first start of the
  // built server copies it: run from the sources, the server would create and migrate its own, which
  // took most of each browser test file's start (decision 0210).
  const template = path.resolve('dist/server/pglite-template');
  if (!env.DATABASE_URL && existsSync(template)) cpSync(template, path.join(dataDir, 'db'), { recursive: true });
  // The public URL must name the port before the app starts, so reserve one first.
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...env,
  });
  const app = await buildApp(config, { logger: false, clientDir });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    url: config.publicUrl,
    dataDir,
    async stop() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
