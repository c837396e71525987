import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service';
import { seoRoutes } from './seo.routes';
import { sessionRoutes } from './session.routes';

/**
 * What the public pages call besides their forms (the contact and newsletter modules): the session
 * probe, robots and sitemap.
 */
export async function publicSiteRoutes(app: FastifyInstance, deps: { auth: AuthService; publicUrl: string }) {
  await app.register(sessionRoutes, deps);
  await app.register(seoRoutes, deps);
}
