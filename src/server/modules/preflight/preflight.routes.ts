import type { FastifyInstance } from 'fastify';
import { preflightApi } from '../../../shared/api/preflight';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { requireUserId } from '../../http';
import { consumeOrThrow } from '../../rate-limit/limit-or-throw';
import type { LimitRule, RateLimiter } from '../../rate-limit/rate-limiter';
import { compareWithGmail } from './gmail-round-trip';
import type { ReachabilityService } from './reachability.service';

/** Reading a pasted message costs a MIME parse: plenty for checking by hand, not for a flood. */
export const GMAIL_CHECK_LIMIT: LimitRule = { name: 'preflight-gmail-check', limit: 30, windowMs: 10 * 60_000 };

/** Signed in only: the server's fetcher is not a free proxy for strangers, nor its parser a free service. */
export async function preflightRoutes(
  parent: FastifyInstance,
  { reachability, limiter }: { reachability: ReachabilityService; limiter: RateLimiter },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOf(preflightApi.reachability),
    handler: async (request) => ({
      results: await reachability.check(await requireUserId(request), request.body),
    }),
  });

  app.route({
    ...routeOf(preflightApi.gmailCheck),
    // A pasted "Show original" with its quoted-printable HTML and plain text, base64 images aside.
    bodyLimit: 3 * 1024 * 1024,
    handler: async (request) => {
      const userId = await requireUserId(request);
      await consumeOrThrow(
        limiter,
        GMAIL_CHECK_LIMIT,
        userId,
        (wait) => `You have checked many messages. Please try again ${wait}.`,
      );
      return compareWithGmail(request.body.original, request.body.html);
    },
  });
}
