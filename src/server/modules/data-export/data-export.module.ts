import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import { createDataExportRepository } from './data-export.repository';
import { dataExportRoutes } from './data-export.routes';
import { createDataExportService } from './data-export.service';

/** Download my data, and an owner's download of the organization's data. */
export function createDataExportModule({ config, database }: Pick<Infrastructure, 'config' | 'database'>) {
  const dataExport = createDataExportService({
    repository: createDataExportRepository(database.db),
    publicUrl: config.publicUrl,
  });
  return { services: { dataExport }, routes: routesOf(dataExportRoutes, { dataExport }) } satisfies ServerModule;
}
