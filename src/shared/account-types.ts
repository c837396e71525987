import type { z } from 'zod';
import type { currentOrganizationSchema, currentUserSchema, meResponseSchema } from './api/auth';

/** What GET /api/auth/me answers, and what signup and login return (schemas: shared/api/auth.ts). */
export type CurrentUser = z.infer<typeof currentUserSchema>;
export type CurrentOrganization = z.infer<typeof currentOrganizationSchema>;
export type MeResponse = z.infer<typeof meResponseSchema>;
