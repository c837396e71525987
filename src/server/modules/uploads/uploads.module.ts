import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import type { SignaturesService } from '../signatures/signatures.service';
import { createUploadsRepository } from './uploads.repository';
import { uploadsRoutes } from './uploads.routes';
import { createUploadsService } from './uploads.service';

/** Images (logo, photo) uploaded, processed and stored, and attached to signatures. */
export function createUploadsModule(
  deps: Pick<Infrastructure, 'config' | 'database' | 'storage' | 'rateLimiter'> & { signatures: SignaturesService },
) {
  const { database, rateLimiter } = deps;
  const uploads = createUploadsService({
    repository: createUploadsRepository(database.db),
    storage: deps.storage,
    signatures: deps.signatures,
    publicUrl: deps.config.publicUrl,
    limiter: rateLimiter,
  });
  return {
    services: { uploads },
    routes: routesOf(uploadsRoutes, { uploads, quota: { rateLimiter, database } }),
  } satisfies ServerModule;
}
