import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { assertRedisReachable, TEST_REDIS_URL } from '../../../test-support/redis';
import { createTestDatabase, describeEachDatabase, loadTestConfig } from '../../../test-support/test-app';
import { newEmail, newIp, signUp } from '../../../test-support/accounts';

/** Two app instances on one database, as two server processes behind a load balancer would be. */
async function buildPair(database: Database, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-pair-'));
  const config = loadTestConfig(dataDir, env);
  const rateLimitPrefix = `sp-test:${randomUUID()}:`;
  const build = () => buildApp(config, { database, clientDir: false, logger: false, rateLimitPrefix });
  const [a, b] = await Promise.all([build(), build()]);
  return {
    a,
    b,
    async close() {
      await Promise.all([a.close(), b.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: newIp() });

describeEachDatabase('limits shared through Redis (REDIS_URL)', (kind) => {
  let database: Database;
  let pair: Awaited<ReturnType<typeof buildPair>>;
  beforeAll(async () => {
    await assertRedisReachable();
    database = await createTestDatabase(kind);
    pair = await buildPair(database, { REDIS_URL: TEST_REDIS_URL });
  });
  afterAll(async () => {
    await pair?.close();
    await database?.close();
  });

  it('both instances count in Redis', () => {
    expect(pair.a.services.rateLimiter.kind).toBe('redis');
    expect(pair.b.services.rateLimiter.kind).toBe('redis');
  });

  it('login lockout: 3 failures on one instance and 2 on the other lock the account on both', async () => {
    const { email, password } = await signUp({ app: pair.a });
    for (let i = 0; i < 3; i++) expect((await login(pair.a, email, 'wrong')).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(pair.b, email, 'wrong')).statusCode).toBe(401);
    const onA = await login(pair.a, email, password);
    const onB = await login(pair.b, email, password);
    expect(onA.statusCode).toBe(429);
    expect(onB.statusCode).toBe(429);
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('mail limits: reset requests for one address add up across instances', async () => {
    const email = newEmail('shared');
    const forgot = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: newIp() });
    const statuses = [];
    for (const app of [pair.a, pair.b, pair.a, pair.b, pair.a, pair.b]) statuses.push((await forgot(app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describeEachDatabase('limits without REDIS_URL (control)', (kind) => {
  let database: Database;
  let pair: Awaited<ReturnType<typeof buildPair>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    pair = await buildPair(database, {});
  });
  afterAll(async () => {
    await pair?.close();
    await database?.close();
  });

  it('each process counts alone in memory: the same split does not lock (why production needs Redis)', async () => {
    expect(pair.a.services.rateLimiter.kind).toBe('memory');
    const { email, password } = await signUp({ app: pair.a });
    for (let i = 0; i < 3; i++) await login(pair.a, email, 'wrong');
    for (let i = 0; i < 2; i++) await login(pair.b, email, 'wrong');
    expect((await login(pair.b, email, password)).statusCode).toBe(200);
  });
});
