import type { FastifyInstance } from 'fastify';
import { workspaceApi } from '../../../shared/api/workspace';
import { workspacePushApi } from '../../../shared/api/workspace-push';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { noStoreHook, requireUserId } from '../../http';
import type { WorkspaceService } from './workspace.service';

/**
 * /api/workspace: Google Workspace for owners and admins of a Pro organization, and each person's
 * own Workspace signature (/api/workspace/me). HTTP only; every rule is in the service. Requests and
 * answers are described once in shared/api/workspace.ts (workspaceApi, decision 0100); a body that
 * fails its schema is answered by the app's error handler (400, VALIDATION, the schema's words).
 */
export function workspaceRoutes(workspace: WorkspaceService) {
  return async function routes(parent: FastifyInstance) {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    // Directory data and signatures: never kept by a browser or proxy cache.
    app.addHook('onSend', noStoreHook);

    app.route({
      ...routeOf(workspaceApi.overview),
      handler: async (request) => workspace.overview(await requireUserId(request)),
    });
    app.route({
      ...routeOf(workspaceApi.connect),
      handler: async (request) => workspace.connect(await requireUserId(request), request.body),
    });
    app.route({
      ...routeOf(workspaceApi.connectOperator),
      handler: async (request) => workspace.connectOperator(await requireUserId(request), request.body),
    });
    app.route({
      ...routeOf(workspaceApi.connectTestMode),
      handler: async (request) => workspace.connectTestMode(await requireUserId(request)),
    });
    app.route({
      ...routeOf(workspaceApi.check),
      handler: async (request) => workspace.check(await requireUserId(request)),
    });
    app.route({
      ...routeOf(workspaceApi.disconnect),
      handler: async (request) => workspace.disconnect(await requireUserId(request)),
    });
    app.route({
      ...routeOf(workspaceApi.sync),
      handler: async (request, reply) =>
        reply.code(202).send(await workspace.requestSync(await requireUserId(request))),
    });
    app.route({
      ...routeOf(workspaceApi.confirmRemoval),
      handler: async (request, reply) =>
        reply.code(202).send(await workspace.confirmRemoval(await requireUserId(request), request.body)),
    });
    app.route({
      ...routeOf(workspaceApi.saveTemplate),
      handler: async (request) => workspace.saveTemplate(await requireUserId(request), request.body),
    });
    app.route({
      ...routeOf(workspaceApi.push),
      handler: async (request) => workspace.push(await requireUserId(request), request.body),
    });

    app.route({
      ...routeOf(workspacePushApi.setAliases),
      handler: async (request) => workspace.setWriteAliases(await requireUserId(request), request.body),
    });
    app.route({
      ...routeOf(workspacePushApi.summary),
      handler: async (request) => workspace.pushSummary(await requireUserId(request), request.params.id),
    });
    app.route({
      ...routeOf(workspacePushApi.restorePush),
      handler: async (request, reply) =>
        reply.code(202).send(await workspace.restorePush(await requireUserId(request), request.params.id)),
    });
    app.route({
      ...routeOf(workspacePushApi.restorePerson),
      handler: async (request, reply) =>
        reply.code(202).send(await workspace.restorePerson(await requireUserId(request), request.body)),
    });

    app.route({
      ...routeOf(workspaceApi.mine),
      handler: async (request) => workspace.mySignature(await requireUserId(request)),
    });
    app.route({
      ...routeOf(workspaceApi.editMine),
      handler: async (request) => workspace.editMySignature(await requireUserId(request), request.body),
    });
    app.route({
      ...routeOf(workspaceApi.installMine),
      handler: async (request) => workspace.installMine(await requireUserId(request)),
    });
  };
}
