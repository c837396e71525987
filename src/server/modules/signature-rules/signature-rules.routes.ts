import type { FastifyInstance } from 'fastify';
import { signatureRulesApi } from '../../../shared/api/signature-rules';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { noStoreHook, requireUserId } from '../../http';
import type { SignatureRulesService } from './signature-rules.service';

/**
 * /api/signature-rules: the organization's signatures and the ordered rules that give them. HTTP
 * only; who may act is checked in the service. Described once in shared/api/signature-rules.ts.
 */
export function signatureRulesRoutes(rules: SignatureRulesService) {
  return async function routes(parent: FastifyInstance) {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    // Directory data (units, departments, addresses): never kept by a browser or proxy cache.
    app.addHook('onSend', noStoreHook);

    app.route({
      ...routeOf(signatureRulesApi.overview),
      handler: async (request) => rules.overview(await requireUserId(request)),
    });
    app.route({
      ...routeOf(signatureRulesApi.createSignature),
      handler: async (request, reply) =>
        reply.code(201).send(await rules.createSignature(await requireUserId(request), request.body)),
    });
    app.route({
      ...routeOf(signatureRulesApi.updateSignature),
      handler: async (request) => rules.updateSignature(await requireUserId(request), request.params.id, request.body),
    });
    app.route({
      ...routeOf(signatureRulesApi.deleteSignature),
      handler: async (request) => rules.deleteSignature(await requireUserId(request), request.params.id),
    });
    app.route({
      ...routeOf(signatureRulesApi.preview),
      handler: async (request) => rules.preview(await requireUserId(request), request.body),
    });
    app.route({
      ...routeOf(signatureRulesApi.save),
      handler: async (request) => rules.save(await requireUserId(request), request.body),
    });
    app.route({
      ...routeOf(signatureRulesApi.mine),
      handler: async (request) => rules.mySignatureRule(await requireUserId(request)),
    });
    app.route({
      ...routeOf(signatureRulesApi.setTeam),
      handler: async (request) => rules.setTeam(await requireUserId(request), request.params.id, request.body.team),
    });
  };
}
