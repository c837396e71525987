import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authApi } from '../../../shared/api/auth';
import { routeOf, type ZodTypeProvider } from '../../api-contract';
import { getUserId, passCookies, sendWithCookies, toHeaders } from '../../http';
import { unauthenticated } from '../../errors';
import { consumeOrThrow } from '../../rate-limit/limit-or-throw';
import { QUOTAS } from '../../rate-limit/quotas';
import type { Caller } from '../../caller';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import type { Analytics } from '../analytics/analytics.service';
import type { AuthService } from './auth.service';
import type { EmailVerificationService } from './email-verification.service';
import type { MagicLinkService } from './magic-link.service';
import type { PasswordResetService } from './password-reset.service';

async function callerOf(request: FastifyRequest): Promise<Caller> {
  return { headers: toHeaders(request), ip: request.ip, userId: await getUserId(request) };
}

export type AuthRouteDeps = {
  auth: AuthService;
  emailVerification: EmailVerificationService;
  passwordReset: PasswordResetService;
  magicLinks: MagicLinkService;
  rateLimiter: RateLimiter;
  analytics: Analytics;
};

export async function authRoutes(parent: FastifyInstance, deps: AuthRouteDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { auth, emailVerification, passwordReset, magicLinks } = deps;

  app.route({
    ...routeOf(authApi.me),
    handler: async (request, reply) => {
      const { body, setCookies } = await auth.me(toHeaders(request));
      passCookies(reply, setCookies);
      if (!body) throw unauthenticated();
      return body;
    },
  });

  app.route({
    ...routeOf(authApi.signup),
    handler: async (request, reply) =>
      sendWithCookies(reply, await auth.signup(request.body, await callerOf(request)), 201),
  });

  app.route({
    ...routeOf(authApi.login),
    handler: async (request, reply) => sendWithCookies(reply, await auth.login(request.body, await callerOf(request))),
  });

  app.route({
    ...routeOf(authApi.logout),
    handler: async (request, reply) => sendWithCookies(reply, await auth.logout(toHeaders(request))),
  });

  app.route({
    ...routeOf(authApi.verifyEmail),
    handler: async (request, reply) =>
      sendWithCookies(reply, await emailVerification.verify(request.body, await callerOf(request))),
  });

  app.route({
    ...routeOf(authApi.resendVerification),
    handler: async (request) => emailVerification.resend(request.body ?? {}, await callerOf(request)),
  });

  app.route({
    ...routeOf(authApi.forgotPassword),
    handler: async (request) => passwordReset.request(request.body, await callerOf(request)),
  });

  app.route({
    ...routeOf(authApi.resetPassword),
    handler: async (request) => passwordReset.reset(request.body, await callerOf(request)),
  });

  app.route({
    ...routeOf(authApi.choosePassword),
    handler: async (request) => {
      const userId = await getUserId(request);
      if (!userId) throw unauthenticated();
      return passwordReset.choose(userId, request.body);
    },
  });

  app.route({
    ...routeOf(authApi.checkResetToken),
    handler: async (request) => passwordReset.check(request.body, await callerOf(request)),
  });

  app.route({
    ...routeOf(authApi.sendMagicLink),
    handler: async (request) => magicLinks.request(request.body, await callerOf(request)),
  });

  app.route({
    ...routeOf(authApi.verifyMagicLink),
    handler: async (request, reply) =>
      sendWithCookies(reply, await magicLinks.signIn(request.body, await callerOf(request))),
  });

  app.route({
    ...routeOf(authApi.authOpened),
    handler: async (request, reply) => {
      await consumeOrThrow(
        deps.rateLimiter,
        QUOTAS.telemetryPerIp,
        request.ip,
        (wait) => `Too many requests from your network. Please try again ${wait}.`,
      );
      const source = (request.body as { source?: unknown } | undefined)?.source;
      await deps.analytics.record('auth_modal_opened', await getUserId(request), {
        source: typeof source === 'string' ? source.slice(0, 40) : 'unknown',
      });
      return reply.code(204).send();
    },
  });
}
