import { routesOf, type ServerModule } from '../../module';
import { iconsRoutes } from './icons.routes';
import { createIconsService } from './icons.service';

/** The social icons signatures link to, drawn once per process. */
export function createIconsModule() {
  const icons = createIconsService();
  return { services: { icons }, routes: routesOf(iconsRoutes, { icons }) } satisfies ServerModule;
}
