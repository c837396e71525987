import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

/**
 * One description of an endpoint, shared by the server (routes declare it through
 * fastify-type-provider-zod, and it becomes the OpenAPI document) and the client (api-client.ts
 * builds the URL and parses the answer with it). See docs/decisions/0100-one-api-contract.md.
 */

/** Every 4xx and 5xx answer: the words for the person, a machine code, and per-field words on a form error. */
export const apiErrorSchema = z
  .looseObject({
    error: z.string().describe('Words written for the person who will read them.'),
    code: z
      .string()
      .describe('VALIDATION, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED, UNAVAILABLE, …'),
    errors: z.record(z.string(), z.string()).optional().describe('Per-field words, keyed by the field path.'),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A 204: no body. */
export const noContent = z.undefined().describe('No content');

/** `{ ok: true }`, the answer of several writes. */
export const okSchema = z.object({ ok: z.literal(true) });
/** `{ message }`, the answer of requests whose outcome is told in words. */
export const messageSchema = z.object({ message: z.string() });

/** An ISO 8601 date-time, as JSON carries a Date. */
export const isoDateTime = z.string().describe('ISO 8601 date-time');

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteContract = {
  method: HttpMethod;
  /** Fastify's path syntax: `/api/things/:id`. */
  path: string;
  summary: string;
  tags: readonly string[];
  params?: $ZodType;
  querystring?: $ZodType;
  body?: $ZodType;
  /** Each status the route answers with a body of its own; 4xx and 5xx default to apiErrorSchema. */
  responses: Partial<Record<200 | 201 | 202 | 204 | 302 | 409 | 503, $ZodType>>;
  /** Not application/json: the content type the 200 answer is sent as (files, images). */
  produces?: string;
};

export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

type SuccessStatus = 200 | 201 | 202 | 204;
/** The parsed body of a successful answer. */
export type SuccessOf<C extends RouteContract> = {
  [S in keyof C['responses']]: S extends SuccessStatus
    ? C['responses'][S] extends $ZodType
      ? z.output<C['responses'][S]>
      : never
    : never;
}[keyof C['responses']];
export type BodyOf<C extends RouteContract> = C['body'] extends $ZodType ? z.input<C['body']> : undefined;
export type ParamsOf<C extends RouteContract> = C['params'] extends $ZodType ? z.input<C['params']> : undefined;
export type QueryOf<C extends RouteContract> = C['querystring'] extends $ZodType
  ? z.input<C['querystring']>
  : undefined;

export const idParams = z.object({ id: z.string() });
/** For rows whose id is a UUID: any other address is refused in words, never handed to the database. */
export const uuidParams = (words: string) => z.object({ id: z.uuid({ error: words }) });
