import { z } from 'zod';
import { TEMPLATES } from '../signature/signature-schema';
import { defineRoute } from './contract';

const tags = ['system'] as const;

export const publicOriginCheckSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({
    ok: z.literal(false),
    problem: z.enum(['not-https', 'not-public']),
    title: z.string(),
    message: z.string(),
  }),
]);
export const publicConfigSchema = z.object({ publicUrl: z.string(), publicOrigin: publicOriginCheckSchema });

const checkResult = z.enum(['ok', 'not used', 'down']);
const checks = z.object({ database: checkResult, redis: checkResult, storage: checkResult, jobs: checkResult });

export const systemApi = {
  publicConfig: defineRoute({
    method: 'GET',
    path: '/api/public-config',
    summary: 'The origin every signature renders with, and whether recipients can load images from it',
    tags,
    responses: { 200: publicConfigSchema },
  }),
  templatePreviews: defineRoute({
    method: 'GET',
    path: '/api/template-previews',
    summary: "The landing page's template gallery: each template's HTML, drawn by the one renderer",
    tags,
    responses: { 200: z.record(z.enum(TEMPLATES), z.string()) },
  }),
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'Alive: the process answers (nothing outside it is asked)',
    tags,
    responses: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/ready',
    summary: 'Ready: the database, Redis (when configured) and the object storage answer',
    tags,
    responses: {
      200: z.object({ status: z.literal('ready'), checks }),
      503: z.object({ status: z.literal('unavailable'), error: z.string(), code: z.literal('UNAVAILABLE'), checks }),
    },
  }),
  openapi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document: the API as OpenAPI 3.1',
    tags,
    responses: {
      200: z.looseObject({
        openapi: z.string(),
        info: z.looseObject({ title: z.string() }),
        paths: z.record(z.string(), z.unknown()),
      }),
    },
  }),
  docs: defineRoute({
    method: 'GET',
    path: '/api/docs',
    summary: 'A readable reference of this API (HTML)',
    tags,
    produces: 'text/html',
    responses: { 200: z.string() },
  }),
};
