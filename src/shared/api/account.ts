import { z } from 'zod';
import {
  changePasswordSchema,
  deleteAccountSchema,
  leaveOrganizationSchema,
  profileSchema,
} from '../validation/account-schemas';
import { defineRoute, idParams, isoDateTime, noContent, okSchema } from './contract';

const tags = ['account'] as const;

export const accountProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  timezone: z.string(),
  emailVerified: z.boolean(),
});

/** A signed-in device; the session token itself never leaves the server. */
export const deviceSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: isoDateTime,
  lastActiveAt: isoDateTime,
  current: z.boolean(),
});

export const accountApi = {
  getProfile: defineRoute({
    method: 'GET',
    path: '/api/account/profile',
    summary: 'Your name, address, timezone and whether it is verified',
    tags,
    responses: { 200: accountProfileSchema },
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/account/profile',
    summary: 'Change your name and timezone',
    tags,
    body: profileSchema,
    responses: { 200: accountProfileSchema },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/account/password',
    summary: 'Change your password; every other device is signed out',
    tags,
    body: changePasswordSchema,
    responses: { 200: okSchema },
  }),
  listSessions: defineRoute({
    method: 'GET',
    path: '/api/account/sessions',
    summary: 'Your signed-in devices',
    tags,
    responses: { 200: z.array(deviceSessionSchema) },
  }),
  signOutOthers: defineRoute({
    method: 'POST',
    path: '/api/account/sessions/sign-out-others',
    summary: 'Sign out every device but this one',
    tags,
    responses: { 200: z.object({ signedOut: z.number() }) },
  }),
  signOutSession: defineRoute({
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    summary: 'Sign out one other device',
    tags,
    params: idParams,
    responses: { 204: noContent },
  }),
  leaveOrganization: defineRoute({
    method: 'POST',
    path: '/api/account/leave-organization',
    summary: 'Leave your organization (admins and members; you get an organization of your own)',
    tags,
    body: leaveOrganizationSchema,
    responses: { 204: noContent },
  }),
  deleteAccount: defineRoute({
    method: 'POST',
    path: '/api/account/delete',
    summary: 'Delete your account and everything that is only yours',
    tags,
    body: deleteAccountSchema,
    responses: { 200: okSchema },
  }),
};
