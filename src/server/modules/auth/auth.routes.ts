import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getUserId, sendWithCookies, toHeaders } from '../../http';
import { unauthenticated } from '../../errors';
import { enforceQuota, QUOTAS } from '../../rate-limit/quotas';
import type { Caller } from './caller';

async function callerOf(request: FastifyRequest): Promise<Caller> {
  return { headers: toHeaders(request), ip: request.ip, userId: await getUserId(request) };
}

export async function authRoutes(app: FastifyInstance) {
  const { auth, emailVerification, passwordReset, magicLinks } = app.services;

  app.get('/api/auth/me', async (request, reply) => {
    const { body, setCookies } = await auth.me(toHeaders(request));
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
    if (!body) throw unauthenticated();
    return body;
  });

  app.post('/api/auth/signup', async (request, reply) =>
    sendWithCookies(reply, await auth.signup(request.body, await callerOf(request)), 201),
  );

  app.post('/api/auth/login', async (request, reply) =>
    sendWithCookies(reply, await auth.login(request.body, await callerOf(request))),
  );

  app.post('/api/auth/logout', async (request, reply) => sendWithCookies(reply, await auth.logout(toHeaders(request))));

  app.post('/api/auth/verify-email', async (request) => emailVerification.verify(request.body, await callerOf(request)));

  app.post('/api/auth/resend-verification', async (request) => emailVerification.resend(request.body, await callerOf(request)));

  app.post('/api/auth/forgot-password', async (request) => passwordReset.request(request.body, await callerOf(request)));

  app.post('/api/auth/reset-password', async (request) => passwordReset.reset(request.body, await callerOf(request)));

  app.post('/api/auth/reset-password/check', async (request) => passwordReset.check(request.body, await callerOf(request)));

  app.post('/api/auth/send-magic-link', async (request) => magicLinks.request(request.body, await callerOf(request)));

  app.post('/api/auth/magic-link/verify', async (request, reply) =>
    sendWithCookies(reply, await magicLinks.signIn(request.body, await callerOf(request))),
  );

  app.post('/api/auth/telemetry/auth-open', async (request, reply) => {
    await enforceQuota(app.services.rateLimiter, QUOTAS.telemetryPerIp, request.ip, (wait) => `Too many requests from your network. Please try again ${wait}.`);
    const source = (request.body as { source?: unknown } | undefined)?.source;
    await app.services.analytics.record('auth_modal_opened', await getUserId(request), {
      source: typeof source === 'string' ? source.slice(0, 40) : 'unknown',
    });
    return reply.code(204).send();
  });
}
