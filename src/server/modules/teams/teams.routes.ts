import type { FastifyInstance } from 'fastify';
import { teamsApi } from '../../../shared/api/teams';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { getUserId, noStoreHook, requireUserId, signedIn } from '../../http';
import type { InvitationsService } from './invitations.service';
import type { TeamsService } from './teams.service';

/** The caller's organization, its team, defaults and logo, and invitations. Access rules live in the services. */
export async function teamsRoutes(
  parent: FastifyInstance,
  { teams, invitations }: { teams: TeamsService; invitations: InvitationsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Personal and team data: never kept by a browser or proxy cache.
  app.addHook('onSend', noStoreHook);

  app.route({
    ...routeOf(teamsApi.getOrganization),
    handler: async (request) => teams.getOrganization(await requireUserId(request)),
  });
  app.route({
    ...routeOf(teamsApi.updateOrganization),
    preValidation: signedIn,
    handler: async (request) => teams.updateOrganization(await requireUserId(request), request.body),
  });
  app.route({
    ...routeOf(teamsApi.updateLogo),
    preValidation: signedIn,
    handler: async (request) => teams.updateLogo(await requireUserId(request), request.body),
  });

  app.route({
    ...routeOf(teamsApi.getSignatureDefaults),
    handler: async (request) => teams.readSignatureDefaults(await requireUserId(request)),
  });
  app.route({
    ...routeOf(teamsApi.updateSignatureDefaults),
    preValidation: signedIn,
    handler: async (request) => teams.updateSignatureDefaults(await requireUserId(request), request.body),
  });

  app.route({
    ...routeOf(teamsApi.listTeam),
    handler: async (request) => teams.listTeam(await requireUserId(request)),
  });
  app.route({
    ...routeOf(teamsApi.changeMemberRole),
    preValidation: signedIn,
    handler: async (request) => teams.changeMemberRole(await requireUserId(request), request.params.id, request.body),
  });
  app.route({
    ...routeOf(teamsApi.removeMember),
    preValidation: signedIn,
    handler: async (request, reply) => {
      await teams.removeMember(await requireUserId(request), request.params.id);
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(teamsApi.invite),
    preValidation: signedIn,
    handler: async (request, reply) =>
      reply.code(201).send(await invitations.invite(await requireUserId(request), request.body)),
  });
  app.route({
    ...routeOf(teamsApi.resendInvitation),
    preValidation: signedIn,
    handler: async (request) => invitations.resendInvitation(await requireUserId(request), request.params.id),
  });
  app.route({
    ...routeOf(teamsApi.cancelInvitation),
    preValidation: signedIn,
    handler: async (request, reply) => {
      await invitations.cancelInvitation(await requireUserId(request), request.params.id);
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(teamsApi.transferOwnership),
    preValidation: signedIn,
    handler: async (request) => teams.transferOwnership(await requireUserId(request), request.body),
  });
  app.route({
    ...routeOf(teamsApi.deleteOrganization),
    preValidation: signedIn,
    handler: async (request) => teams.deleteOrganization(await requireUserId(request), request.body),
  });

  // The accept page: readable by whoever holds the link, signed in or not.
  app.route({
    ...routeOf(teamsApi.previewInvitation),
    handler: async (request) => invitations.previewInvitation(request.params.token, await getUserId(request)),
  });
  app.route({
    ...routeOf(teamsApi.acceptInvitation),
    preValidation: signedIn,
    handler: async (request) => invitations.acceptInvitation(await requireUserId(request), request.params.token),
  });
}
