import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, type BuildOptions } from '../server/app';
import { loadConfig, type AppConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * Runs a suite on PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set.
 * Without it the PostgreSQL run is reported as skipped, by name, never as passed.
 */
export function describeEachDatabase(name: string, fn: (kind: DatabaseKind) => void) {
  describe(`${name} [pglite]`, () => fn('pglite'));
  if (pgUrl) describe(`${name} [postgres]`, () => fn('postgres'));
  else
    describe.skip(`${name} [postgres] — SKIPPED: TEST_DATABASE_URL is not set, no PostgreSQL server to test against`, () =>
      fn('postgres'));
}

/**
 * A new, empty database on the PostgreSQL server of TEST_DATABASE_URL (or `serverUrl`), for tests
 * that open it more than once (several pools or server processes on one database).
 */
export async function createScratchPostgres(serverUrl = pgUrl): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: cannot run the PostgreSQL tests');
  const name = `sp_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pg-pool's end() resolves before its sockets have closed; forcing the drop while one is still
      // closing kills it with an error that nothing listens for any more (an "unhandled error" run).
      for (let wait = 0; wait < 100; wait += 1) {
        const { rows } = await dropper.query<{ open: number }>(
          'select count(*)::int as open from pg_stat_activity where datname = $1',
          [name],
        );
        if ((rows[0]?.open ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({});
  const scratch = await createScratchPostgres();
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

/** The configuration every test app and service world starts from; `env` overrides it. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
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
  const config = testConfig(dataDir, env);
  const database = await createTestDatabase(kind);
  const app = await buildApp(config, { database, clientDir: false, logger: false, ...options });
  await app.ready();
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

/**
 * One test app for a whole suite: built in beforeAll, closed in afterAll. The object returned is
 * filled in beforeAll, so it is read inside tests and hooks (never while the suite is collected).
 */
export function useTestApp(kind: DatabaseKind, env: Record<string, string> = {}, options: BuildOptions = {}): TestApp {
  const t = {} as TestApp;
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(kind, env, options);
    Object.assign(t, built);
  });
  afterAll(async () => built?.close());
  return t;
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
