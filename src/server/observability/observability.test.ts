import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { mailOutbox } from '../db/schema/mail-outbox.schema';
import { assertRedisReachable, TEST_REDIS_URL } from '../../test-support/redis';
import {
  buildTestApp,
  createTestDatabase,
  describeEachDatabase,
  signUpUser,
  type TestApp,
} from '../../test-support/test-app';
import { DAY_MS } from '../../shared/duration';

/** The value of one sample line of a Prometheus text exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelPart = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
    const have = labelPart ? labelPart.split(',') : [];
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describeEachDatabase('observability: request ids, /metrics, /api/health and /api/ready', (kind) => {
  let t: TestApp;
  let guarded: { app: FastifyInstance };
  const TOKEN = 'metrics-token-0123456789abcdef';

  beforeAll(async () => {
    t = await buildTestApp(kind);
    // A second app on the same database, with the token set.
    guarded = {
      app: await buildApp(
        { ...t.config, metricsToken: TOKEN },
        { database: t.database, clientDir: false, logger: false },
      ),
    };
  });
  afterAll(async () => {
    await guarded?.app.close();
    await t?.close();
  });

  it('answers every request with an X-Request-Id, keeping a sane incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'lb-7f3a:42' },
    });
    expect(kept.statusCode).toBe(404);
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:42');

    for (const insane of ['two words', 'x'.repeat(200), '<script>', 'line\tbreak', '"quoted"']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': insane } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // An error answer carries it too.
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'x-request-id': 'req-401' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('req-401');
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    const { cookie } = await signUpUser(t.app);
    const id = randomUUID();
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await t.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: { cookie } });
    expect(missing.statusCode).toBe(404);

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE signaturepro_http_request_duration_seconds histogram');
    expect(
      sample(text, 'signaturepro_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, 'signaturepro_http_request_duration_seconds_count', {
        method: 'DELETE',
        route: '/api/uploads/:id',
        status_code: '404',
      }),
    ).toBe(1);
    expect(
      sample(text, 'signaturepro_http_request_duration_seconds_bucket', {
        method: 'DELETE',
        route: '/api/uploads/:id',
        status_code: '404',
        le: '+Inf',
      }),
    ).toBe(1);
    expect(text).not.toContain(id);
  });

  it('reports the mail queue: depth, age of the oldest pending message, pending and failed, and push failures', async () => {
    const now = Date.now();
    const base = { kind: 'test', recipient: 'metrics@example.com', subject: 'metrics', sealedBody: null, attempts: 0 };
    // Not due for an hour, so the outbox worker leaves them where they are.
    const later = new Date(now + 3_600_000);
    await t.database.db.insert(mailOutbox).values([
      { ...base, id: randomUUID(), status: 'pending', nextAttemptAt: later, createdAt: new Date(now - 120_000) },
      { ...base, id: randomUUID(), status: 'pending', nextAttemptAt: later, createdAt: new Date(now - 5_000) },
      { ...base, id: randomUUID(), status: 'failed', nextAttemptAt: later, createdAt: new Date(now - DAY_MS) },
      { ...base, id: randomUUID(), status: 'sent', nextAttemptAt: later, createdAt: new Date(now - 999_000_000) },
    ]);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    // The signup above queued its verification mail too, which may or may not be sent yet.
    const pending = sample(text, 'signaturepro_mail_outbox_messages', { status: 'pending' })!;
    expect(pending).toBeGreaterThanOrEqual(2);
    expect(pending).toBeLessThanOrEqual(3);
    expect(sample(text, 'signaturepro_mail_outbox_messages', { status: 'failed' })).toBe(1);
    expect(sample(text, 'signaturepro_job_queue_depth', { queue: 'mail' })).toBe(pending);
    const age = sample(text, 'signaturepro_job_oldest_pending_age_seconds', { queue: 'mail' })!;
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(180);
    expect(sample(text, 'signaturepro_push_failures_total')).toBe(0);
    t.app.services.metrics.pushFailures.inc();
    expect(
      sample((await t.app.inject({ method: 'GET', url: '/metrics' })).body, 'signaturepro_push_failures_total'),
    ).toBe(1);
  });

  it('asks for the METRICS_TOKEN as a Bearer token when it is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(
        'The metrics need the token set in METRICS_TOKEN, sent as "Authorization: Bearer <token>".',
      );
      expect(res.body).not.toContain('signaturepro_');
    }
    const ok = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('signaturepro_http_request_duration_seconds');
  });

  it('keeps /api/health (alive) apart from /api/ready (the database and storage answer)', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: kind });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'not used', storage: 'ok', jobs: 'ok' },
    });
  });
});

it('/api/ready asks Redis when REDIS_URL is set', async () => {
  await assertRedisReachable();
  const t = await buildTestApp('pglite', { REDIS_URL: TEST_REDIS_URL });
  try {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'ok', storage: 'ok', jobs: 'ok' },
    });
  } finally {
    await t.close();
  }
}, 90_000);

it('/api/ready answers 503 naming what is down, while /api/health stays 200', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-ready-'));
  const database = await createTestDatabase('pglite');
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Nothing listens on port 1.
    REDIS_URL: 'redis://127.0.0.1:1',
    S3_BUCKET: 'images',
    S3_ENDPOINT: 'http://127.0.0.1:1',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  });
  const app = await buildApp(config, { database, clientDir: false, logger: false });
  try {
    await app.ready();
    await app.services.jobs.start();
    const partly = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(partly.statusCode).toBe(503);
    expect(partly.headers['retry-after']).toBe('5');
    expect(partly.json()).toEqual({
      status: 'unavailable',
      code: 'UNAVAILABLE',
      error: 'Not ready: Redis and the image storage are not answering.',
      checks: { database: 'ok', redis: 'down', storage: 'down', jobs: 'ok' },
    });
    await database.close();
    const all = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(all.statusCode).toBe(503);
    expect(all.json().error).toBe('Not ready: the database, Redis and the image storage are not answering.');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
