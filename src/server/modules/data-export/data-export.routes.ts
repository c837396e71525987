import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireUserId } from '../../http';
import { createDataExportService } from './data-export.service';

/** A JSON file the browser saves rather than shows, named for what and when. */
function download(reply: FastifyReply, what: string, body: unknown) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="signaturepro-${what}-${day}.json"`)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body, null, 2));
}

/** Download my data (Profile tab) and, for an owner, the organization's data (Organization tab). */
export async function dataExportRoutes(app: FastifyInstance) {
  const exports = createDataExportService({ db: app.services.database.db, publicUrl: app.services.config.publicUrl });
  app.get('/api/account/export', async (request, reply) => download(reply, 'my-data', await exports.exportAccount(await requireUserId(request))));
  app.get('/api/organization/export', async (request, reply) =>
    download(reply, 'organization', await exports.exportOrganization(await requireUserId(request))),
  );
}
