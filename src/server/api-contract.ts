import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler, HTTPMethods } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodError, safeParse, type $ZodType } from 'zod/v4/core';
import { apiErrorSchema, type RouteContract } from '../shared/api/contract';

export type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Every route the app registered, as Fastify's onRoute hook saw it (the contract test walks this). */
export type RegisteredRoute = { method: string; url: string; schema: FastifySchema | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/**
 * Validation through the route's zod schema. A failure is the ZodError itself, so the app's error
 * handler answers it exactly as it answered the services' own parse (400, first message, per-field words).
 */
const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data);
    return result.success ? { value: result.data } : { error: result.error };
  };

/**
 * Routes declare zod schemas (validated on the way in, encoded on the way out: an answer that does
 * not match its declared schema is a 500 in every test); the same schemas become the OpenAPI
 * document (GET /api/openapi.json). Call before any route is registered.
 */
export async function installApiContract(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
    }
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SignaturePro API',
        version: '1',
        description:
          'The JSON API the SignaturePro web app uses. Sign in through POST /api/auth/login (or signup, or a magic link): the session is a cookie. ' +
          "Writes from a browser must come from PUBLIC_URL's origin. Every error is `{ error, code, errors? }` with words meant for a person.",
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } },
      },
    },
    // Only our API: pages, static files and Prometheus carry no tag and stay out of the document.
    hideUntagged: true,
    exposeHeadRoutes: false,
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

/** The `{ method, url, schema }` part of a Fastify route for a shared contract, errors included. */
export function routeOf<const C extends RouteContract>(contract: C) {
  const { method, path, summary, tags, params, querystring, body, responses, produces } = contract;
  const response: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(responses)) {
    response[status] = produces && status === '200' ? { content: { [produces]: { schema } } } : schema;
  }
  response['4xx'] ??= apiErrorSchema;
  response['5xx'] ??= apiErrorSchema;
  return {
    method: method as HTTPMethods,
    url: path,
    schema: {
      summary,
      tags: [...tags],
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      response,
    } as {
      summary: string;
      tags: string[];
      params: C['params'];
      querystring: C['querystring'];
      body: C['body'];
      response: C['responses'] & { '4xx': typeof apiErrorSchema; '5xx': typeof apiErrorSchema };
    },
  };
}

/** The zod issues of a validation error a route attached (attachValidation), for words of its own. */
export function issuesOf(error: Error): ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> {
  return error instanceof $ZodError ? error.issues : [{ path: [], message: error.message }];
}
