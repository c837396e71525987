import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe } from 'vitest';
import { buildApp, type BuildOptions } from '../server/app';
import { loadConfig, type AppConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { createScratchPostgres } from './scratch-postgres';
import { pgliteSnapshot, postgresTemplate } from './database-snapshot';

export { createScratchPostgres };

export type DatabaseKind = 'pglite' | 'postgres';

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * Runs a suite on PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set.
 * Without it the PostgreSQL run is reported as skipped, by name, never as passed.
 */
export function describeEachDatabase(name: string, fn: (kind: DatabaseKind) => void) {
  describe(`${name} [pglite]`, () => fn('pglite'));
  describeWhen(NO_POSTGRES, `${name} [postgres]`, () => fn('postgres'));
}

/** Why the PostgreSQL suites cannot run, or undefined when TEST_DATABASE_URL names a server. */
export const NO_POSTGRES = pgUrl ? undefined : 'TEST_DATABASE_URL is not set, no PostgreSQL server to test against';

/**
 * A suite that needs something from outside (a PostgreSQL server, an S3 server, Redis…): it runs
 * when `missing` is empty, else it is reported as skipped with the reason in its title.
 */
export function describeWhen(missing: string | undefined, name: string, fn: () => void) {
  if (missing) describe.skip(`${name} — SKIPPED: ${missing}`, fn);
  else describe(name, fn);
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server, each a
 * copy of one made once per set of migrations (database-snapshot.ts, decision 0210).
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ from: await pgliteSnapshot() });
  if (!pgUrl) throw new Error('TEST_DATABASE_URL is not set: cannot run the PostgreSQL tests');
  const scratch = await createScratchPostgres(pgUrl, await postgresTemplate(pgUrl));
  const database = await openDatabase({ url: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
};

/**
 * An API call through Fastify's inject, as the holder of `cookie` (or anonymously without one).
 * Takes a getter because test files build their app in beforeAll.
 */
export function apiCaller(app: () => FastifyInstance) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    app().inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The tests' configuration: files in `dataDir`, PUBLIC_URL http://localhost:5000, a fixed secret, no log; `env` on top. */
export function loadTestConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:5000',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    // Tests that serve an https PUBLIC_URL without Stripe mean the test payment page.
    ...(env.STRIPE_SECRET_KEY ? {} : { PAYMENTS: 'test' }),
    ...env,
  });
}

export async function buildTestApp(
  kind: DatabaseKind = 'pglite',
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-test-'));
  const config = loadTestConfig(dataDir, env);
  const database = await createTestDatabase(kind);
  const app = await buildApp(config, { database, clientDir: false, logger: false, ...options });
  await app.ready();
  // The jobs runner starts after the app is ready (decision 0193); a test begins once it has.
  await app.jobsStarted();
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** Signs a new user up and returns the session cookie to send with later requests. */
export async function signUpUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; name: string }> = {},
) {
  const body = {
    email: `user${Date.now()}${counter++}@example.com`,
    password: 'Sup3r-secret-pass',
    name: 'Test User',
    termsAccepted: true,
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  // Signup answers only { message, email } (no account enumeration); the user comes from /me.
  const cookie = cookieHeader(res.headers['set-cookie']);
  const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  if (me.statusCode !== 200)
    throw new Error(`signup gave no session (is ${body.email} already registered?): ${me.body}`);
  return { cookie, email: body.email, password: body.password, user: me.json().user };
}

/** Turns Set-Cookie headers into a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
