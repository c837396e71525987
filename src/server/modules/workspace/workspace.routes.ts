import type { FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectBodySchema, personEditSchema, pushBodySchema, templateBodySchema } from '../../../shared/api/workspace';
import { requireUserId } from '../../http';
import type { WorkspaceService } from './workspace.service';

/**
 * /api/workspace: Google Workspace for owners and admins of a Pro organization, and each person's
 * own Workspace signature (/api/workspace/me). HTTP only; every rule is in the service. The zod
 * compilers are set in this plugin's own scope (other modules keep theirs).
 */
export function workspaceRoutes(workspace: WorkspaceService) {
  return async function routes(parent: FastifyInstance) {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(async (error, _request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
          errors[key] ??= issue.message ?? 'Please check this field.';
        }
        const first = error.validation[0]?.message ?? 'Please check the form.';
        return reply.code(400).send({ error: first, code: 'VALIDATION', errors });
      }
      // Everything else goes to the app's one error handler.
      throw error;
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    app.get('/api/workspace', async (request) => workspace.overview(await requireUserId(request)));
    app.post('/api/workspace/connection', { schema: { body: connectBodySchema } }, async (request) =>
      workspace.connect(await requireUserId(request), request.body),
    );
    app.post('/api/workspace/connection/test-mode', async (request) =>
      workspace.connectTestMode(await requireUserId(request)),
    );
    app.post('/api/workspace/connection/check', async (request) => workspace.check(await requireUserId(request)));
    app.delete('/api/workspace/connection', async (request) => workspace.disconnect(await requireUserId(request)));
    app.post('/api/workspace/sync', async (request, reply) =>
      reply.code(202).send(await workspace.requestSync(await requireUserId(request))),
    );
    app.put('/api/workspace/template', { schema: { body: templateBodySchema } }, async (request) =>
      workspace.saveTemplate(await requireUserId(request), request.body),
    );
    app.post('/api/workspace/push', { schema: { body: pushBodySchema } }, async (request) =>
      workspace.push(await requireUserId(request), request.body),
    );

    app.get('/api/workspace/me', async (request) => workspace.mySignature(await requireUserId(request)));
    app.put('/api/workspace/me', { schema: { body: personEditSchema } }, async (request) =>
      workspace.editMySignature(await requireUserId(request), request.body),
    );
    app.post(
      '/api/workspace/me/install',
      { schema: { response: { 200: z.object({ result: z.string(), status: z.string(), message: z.string() }) } } },
      async (request) => workspace.installMine(await requireUserId(request)),
    );
  };
}
