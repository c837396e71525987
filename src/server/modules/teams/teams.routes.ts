import type { FastifyInstance } from 'fastify';
import { getUserId, requireUserId } from '../../http';

type ById = { Params: { id: string } };
type ByToken = { Params: { token: string } };

/** The caller's organization, its team, defaults and logo, and invitations. Access rules live in the services. */
export async function teamsRoutes(app: FastifyInstance) {
  const { teams, invitations } = app.services;
  // Personal and team data: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/organization', async (request) => teams.getOrganization(await requireUserId(request)));
  app.put('/api/organization', async (request) => teams.updateOrganization(await requireUserId(request), request.body));
  app.put('/api/organization/logo', async (request) => teams.updateLogo(await requireUserId(request), request.body));

  app.get('/api/organization/signature-defaults', async (request) => teams.readSignatureDefaults(await requireUserId(request)));
  app.put('/api/organization/signature-defaults', async (request) =>
    teams.updateSignatureDefaults(await requireUserId(request), request.body),
  );

  app.get('/api/organization/members', async (request) => teams.listTeam(await requireUserId(request)));
  app.patch<ById>('/api/organization/members/:id', async (request) =>
    teams.changeMemberRole(await requireUserId(request), request.params.id, request.body),
  );
  app.delete<ById>('/api/organization/members/:id', async (request, reply) => {
    await teams.removeMember(await requireUserId(request), request.params.id);
    return reply.code(204).send();
  });

  app.post('/api/organization/invitations', async (request, reply) =>
    reply.code(201).send(await invitations.invite(await requireUserId(request), request.body)),
  );
  app.post<ById>('/api/organization/invitations/:id/resend', async (request) =>
    invitations.resendInvitation(await requireUserId(request), request.params.id),
  );
  app.delete<ById>('/api/organization/invitations/:id', async (request, reply) => {
    await invitations.cancelInvitation(await requireUserId(request), request.params.id);
    return reply.code(204).send();
  });

  app.post('/api/organization/transfer-ownership', async (request) =>
    teams.transferOwnership(await requireUserId(request), request.body),
  );
  app.post('/api/organization/delete', async (request) => teams.deleteOrganization(await requireUserId(request), request.body));

  // The accept page: readable by whoever holds the link, signed in or not.
  app.get<ByToken>('/api/invitations/:token', async (request) =>
    invitations.previewInvitation(request.params.token, await getUserId(request)),
  );
  app.post<ByToken>('/api/invitations/:token/accept', async (request) =>
    invitations.acceptInvitation(await requireUserId(request), request.params.token),
  );
}
