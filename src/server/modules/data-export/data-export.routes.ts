import type { FastifyInstance, FastifyReply } from 'fastify';
import { filesApi } from '../../../shared/api/files';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { noStore, requireUserId } from '../../http';
import type { DataExportService } from './data-export.service';

/** A JSON file the browser saves rather than shows, named for what and when. */
function download(reply: FastifyReply, what: string, body: unknown) {
  const day = new Date().toISOString().slice(0, 10);
  return noStore(reply)
    .header('content-disposition', `attachment; filename="signaturepro-${what}-${day}.json"`)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body, null, 2) as never);
}

/** Download my data (Profile tab) and, for an owner, the organization's data (Organization tab). */
export async function dataExportRoutes(
  parent: FastifyInstance,
  { dataExport: exports }: { dataExport: DataExportService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...routeOf(filesApi.exportAccount),
    handler: async (request, reply) =>
      download(reply, 'my-data', await exports.exportAccount(await requireUserId(request))),
  });
  app.route({
    ...routeOf(filesApi.exportOrganization),
    handler: async (request, reply) =>
      download(reply, 'organization', await exports.exportOrganization(await requireUserId(request))),
  });
}
