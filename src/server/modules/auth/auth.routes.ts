import type { FastifyInstance } from 'fastify';
import { getUserId, sendWithCookies, toHeaders } from '../../http';

export async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;

  app.get('/api/auth/me', async (request) => auth.me(toHeaders(request)));

  app.post('/api/auth/signup', async (request, reply) =>
    sendWithCookies(reply, await auth.signup(request.body, toHeaders(request)), 201),
  );

  app.post('/api/auth/login', async (request, reply) =>
    sendWithCookies(reply, await auth.login(request.body, toHeaders(request))),
  );

  app.post('/api/auth/telemetry/auth-open', async (request, reply) => {
    const source = (request.body as { source?: unknown } | undefined)?.source;
    await app.services.analytics.record('auth_modal_opened', await getUserId(request), {
      source: typeof source === 'string' ? source.slice(0, 40) : 'unknown',
    });
    return reply.code(204).send();
  });

  app.post('/api/auth/logout', async (request, reply) =>
    sendWithCookies(reply, await auth.logout(toHeaders(request))),
  );
}
