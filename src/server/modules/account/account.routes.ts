import type { FastifyInstance } from 'fastify';
import { requireUserId, sendWithCookies, toHeaders } from '../../http';

type ById = { Params: { id: string } };

/** The signed-in person's own account: profile, password, devices, and the danger zone. */
export async function accountRoutes(app: FastifyInstance) {
  const { account, teams } = app.services;
  // Personal and team data: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/account/profile', async (request) => account.getProfile(await requireUserId(request)));
  app.put('/api/account/profile', async (request) => account.updateProfile(await requireUserId(request), request.body));

  app.post('/api/account/password', async (request, reply) =>
    sendWithCookies(reply, await account.changePassword(await requireUserId(request), request.body, toHeaders(request))),
  );

  app.get('/api/account/sessions', async (request) => account.listSessions(await requireUserId(request), toHeaders(request)));
  app.post('/api/account/sessions/sign-out-others', async (request) =>
    account.signOutOtherSessions(await requireUserId(request), toHeaders(request)),
  );
  app.delete<ById>('/api/account/sessions/:id', async (request, reply) => {
    await account.signOutSession(await requireUserId(request), request.params.id, toHeaders(request));
    return reply.code(204).send();
  });

  app.post('/api/account/leave-organization', async (request, reply) => {
    await teams.leaveOrganization(await requireUserId(request), request.body);
    return reply.code(204).send();
  });
  app.post('/api/account/delete', async (request, reply) =>
    sendWithCookies(reply, await account.deleteAccount(await requireUserId(request), request.body, toHeaders(request))),
  );
}
