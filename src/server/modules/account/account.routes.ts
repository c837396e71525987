import type { FastifyInstance } from 'fastify';
import { accountApi } from '../../../shared/api/account';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { noStoreHook, requireUserId, sendWithCookies, signedIn, toHeaders } from '../../http';
import type { TeamsService } from '../teams/teams.service';
import type { AccountService } from './account.service';

/** The signed-in person's own account: profile, password, devices, and the danger zone. */
export async function accountRoutes(
  parent: FastifyInstance,
  { account, teams }: { account: AccountService; teams: TeamsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Personal and team data: never kept by a browser or proxy cache.
  app.addHook('onSend', noStoreHook);

  app.route({
    ...routeOf(accountApi.getProfile),
    handler: async (request) => account.getProfile(await requireUserId(request)),
  });
  app.route({
    ...routeOf(accountApi.updateProfile),
    preValidation: signedIn,
    handler: async (request) => account.updateProfile(await requireUserId(request), request.body),
  });

  app.route({
    ...routeOf(accountApi.changePassword),
    preValidation: signedIn,
    handler: async (request, reply) =>
      sendWithCookies(
        reply,
        await account.changePassword(await requireUserId(request), request.body, toHeaders(request)),
      ),
  });

  app.route({
    ...routeOf(accountApi.listSessions),
    handler: async (request) => account.listSessions(await requireUserId(request), toHeaders(request)),
  });
  app.route({
    ...routeOf(accountApi.signOutOthers),
    handler: async (request) => account.signOutOtherSessions(await requireUserId(request), toHeaders(request)),
  });
  app.route({
    ...routeOf(accountApi.signOutSession),
    preValidation: signedIn,
    handler: async (request, reply) => {
      await account.signOutSession(await requireUserId(request), request.params.id, toHeaders(request));
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(accountApi.leaveOrganization),
    preValidation: signedIn,
    handler: async (request, reply) => {
      await teams.leaveOrganization(await requireUserId(request), request.body);
      return reply.code(204).send();
    },
  });
  app.route({
    ...routeOf(accountApi.deleteAccount),
    preValidation: signedIn,
    handler: async (request, reply) =>
      sendWithCookies(
        reply,
        await account.deleteAccount(await requireUserId(request), request.body, toHeaders(request)),
      ),
  });
}
