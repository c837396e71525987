import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../client/lib/api';
import { CONTRACT_MISMATCH, pathOf, readAnswer } from '../client/lib/api-client';
import { accountApi } from '../shared/api/account';
import { authApi } from '../shared/api/auth';
import { billingApi } from '../shared/api/billing';
import { defineRoute } from '../shared/api/contract';
import { signaturesApi } from '../shared/api/signatures';
import { createEmptySignature } from '../shared/signature/signature-schema';
import { teamsApi } from '../shared/api/teams';
import { installApiContract, routeOf, type ZodTypeProvider } from './api-contract';
import { describeEachDatabase, signUpUser } from '../test-support/test-app';
import { useTestApp } from '../test-support/app-fixtures';

const GOOGLE_WIRE =
  "Google's own wire format (OAuth token endpoint, Gmail sendAs, Admin SDK Directory): the embedded TEST MODE stand-in for Google (google/google-stand-in.ts), described by Google's API reference, not by our contract";

/**
 * Routes that answer without a zod response schema, each for a stated reason. Everything else the
 * app registers must declare one (and so is serialised, and checked, through it in every route test).
 */
const WITHOUT_RESPONSE_SCHEMA: Record<string, string> = {
  'GET /metrics': 'Prometheus text format (observability/metrics.ts), not JSON',
  'GET /robots.txt': 'plain text for crawlers (site/seo.routes.ts)',
  'GET /sitemap.xml': 'XML for crawlers (site/seo.routes.ts)',
  // TEST MODE only (config.google.mode 'test'): a stand-in for Google, not our API.
  'POST /test-mode/google/token': GOOGLE_WIRE,
  'GET /test-mode/google/gmail/v1/users/:user/settings/sendAs': GOOGLE_WIRE,
  'PATCH /test-mode/google/gmail/v1/users/:user/settings/sendAs/:email': GOOGLE_WIRE,
  'GET /test-mode/google/admin/directory/v1/users': GOOGLE_WIRE,
  'GET /test-mode/google/admin/directory/v1/users/:userKey': GOOGLE_WIRE,
  'GET /test-mode/google/admin/directory/v1/groups/:groupKey/members': GOOGLE_WIRE,
  'GET /test-mode/google':
    'the TEST MODE HTML page listing the stand-in directory (google/test-mode-page.ts), not JSON',
};

describeEachDatabase('API contract', (kind) => {
  const t = useTestApp(kind);

  it('every route the app registered declares a response schema, or is listed with its reason', () => {
    const routes = t.app.registeredRoutes.map((route) => ({
      key: `${route.method} ${route.url}`,
      schema: route.schema,
    }));
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes
      .filter((route) => !route.schema?.response && !(route.key in WITHOUT_RESPONSE_SCHEMA))
      .map((route) => route.key);
    expect(missing).toEqual([]);
    // The allow-list names only routes that exist.
    const keys = new Set(routes.map((route) => route.key));
    expect(Object.keys(WITHOUT_RESPONSE_SCHEMA).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('GET /api/openapi.json is a valid OpenAPI 3 document naming every declared API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\./);
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item))
        documented.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
    }
    const declared = t.app.registeredRoutes
      .filter((route) => route.schema?.response && route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`);
    expect(declared.filter((key) => !documented.has(key))).toEqual([]);
    expect(document.components.schemas.ApiError).toBeDefined();
  });

  it('GET /api/docs is a readable page of every endpoint, under the app CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('/api/auth/me');
    expect(res.body).toContain('/api/openapi.json');
  });

  it("the client's helper reads the server's real answers through the same contract", async () => {
    const { cookie } = await signUpUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/signatures',
      headers: { cookie },
      payload: createEmptySignature({ name: 'Ada' }),
    });
    expect(created.statusCode).toBe(201);
    const signature = readAnswer(signaturesApi.create, 201, created.json());
    expect(signature.name).toBe('Ada');
    for (const route of [
      authApi.me,
      accountApi.getProfile,
      accountApi.listSessions,
      teamsApi.getOrganization,
      teamsApi.listTeam,
      billingApi.overview,
      signaturesApi.list,
    ]) {
      const res = await t.app.inject({ method: route.method, url: pathOf(route, undefined), headers: { cookie } });
      expect(res.statusCode, route.path).toBe(200);
      expect(readAnswer(route, 200, res.json()), route.path).toBeTruthy();
    }
    const me = readAnswer(
      authApi.me,
      200,
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json(),
    );
    expect(me.user.email).toContain('@example.com');
  });
});

describe('The client reads answers through the contract', () => {
  it('fills and encodes path parameters', () => {
    expect(pathOf(teamsApi.changeMemberRole, { id: 'a/b c' })).toBe('/api/organization/members/a%2Fb%20c');
    expect(pathOf(authApi.me, undefined)).toBe('/api/auth/me');
    expect(() => pathOf(teamsApi.changeMemberRole, {})).toThrow(/no value/);
  });

  it('an answer that does not match the contract is an ApiError in words, not a silent wrong type', () => {
    expect(readAnswer(billingApi.portal, 200, { url: 'https://billing.example.com/p' })).toEqual({
      url: 'https://billing.example.com/p',
    });
    let thrown: unknown;
    try {
      readAnswer(billingApi.portal, 200, { link: 42 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).message).toBe(CONTRACT_MISMATCH);
    expect(readAnswer(accountApi.signOutSession, 204, undefined)).toBeUndefined();
  });
});

describe('Response schemas are enforced', () => {
  const contract = defineRoute({
    method: 'GET',
    path: '/thing',
    summary: 'A thing',
    tags: ['test'],
    responses: { 200: z.object({ name: z.string() }) },
  });

  it('an answer that does not match its declared schema fails, one that matches passes', async () => {
    let answer: unknown = { name: 'ok' };
    const app = Fastify({ logger: false });
    await installApiContract(app);
    app
      .withTypeProvider<ZodTypeProvider>()
      .route({ ...routeOf(contract), handler: async () => answer as { name: string } });
    await app.ready();
    try {
      const good = await app.inject({ method: 'GET', url: '/thing' });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual({ name: 'ok' });
      answer = { name: 42 };
      const bad = await app.inject({ method: 'GET', url: '/thing' });
      expect(bad.statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });
});
