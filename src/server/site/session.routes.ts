import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { authApi, type sessionResponseSchema } from '../../shared/api/auth';
import { routeOf, type ZodTypeProvider } from '../api-contract';
import { noStore, passCookies, toHeaders } from '../http';
import type { AuthService } from '../modules/auth/auth.service';

export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * GET /api/session: the current user like GET /api/auth/me, but a visitor gets 200 with no user.
 * A 401 is logged by every browser as a console error, on every public page a visitor opens
 * (Lighthouse best practices); /api/auth/me keeps the spec's 401 for API clients.
 */
export async function sessionRoutes(parent: FastifyInstance, { auth }: { auth: AuthService }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...routeOf(authApi.session),
    handler: async (request, reply): Promise<SessionResponse> => {
      noStore(reply);
      const { body, setCookies } = await auth.me(toHeaders(request));
      // A renewed session's fresh cookie (or an expired one's removal) goes back to the browser.
      passCookies(reply, setCookies);
      return body ?? { user: null, organization: null };
    },
  });
}
