import type { FastifyInstance } from 'fastify';
import { sendWithCookies, toHeaders } from '../../http';

export async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;

  app.get('/api/auth/me', async (request) => auth.me(toHeaders(request)));

  app.post('/api/auth/signup', async (request, reply) =>
    sendWithCookies(reply, await auth.signup(request.body, toHeaders(request)), 201),
  );

  app.post('/api/auth/login', async (request, reply) =>
    sendWithCookies(reply, await auth.login(request.body, toHeaders(request))),
  );

  app.post('/api/auth/logout', async (request, reply) =>
    sendWithCookies(reply, await auth.logout(toHeaders(request))),
  );
}
