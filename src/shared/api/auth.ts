import { z } from 'zod';
import {
  choosePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  magicLinkRequestSchema,
  magicLinkVerifySchema,
  resendVerificationSchema,
  resetPasswordSchema,
  resetTokenSchema,
  signupSchema,
  verifyEmailSchema,
} from '../validation/auth-schemas';
import { defineRoute, isoDateTime, messageSchema, noContent, okSchema } from './contract';

const tags = ['auth'] as const;

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  subscriptionStatus: z.string(),
  subscriptionPlan: z.string().nullable(),
  /** True when the status comes from a seat on the organization's paid plan, not the person's own. */
  coveredByTeam: z.boolean().optional(),
  /** Why a member of a paying organization still sees the watermark (its seats ran out), and who can add seats. */
  seatNotice: z.string().nullable().optional(),
  timezone: z.string(),
  createdAt: isoDateTime,
});

export const currentOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  plan: z.string(),
  trialEndsAt: isoDateTime.nullable(),
  seats: z.number(),
  role: z.enum(['owner', 'admin', 'member']),
});

/** What GET /api/auth/me answers, and what login and a magic link return. */
export const meResponseSchema = z
  .object({ user: currentUserSchema, organization: currentOrganizationSchema.nullable() })
  .meta({ id: 'Me' });
/** GET /api/session: like /api/auth/me, but a visitor gets 200 with no user. */
export const sessionResponseSchema = z.union([meResponseSchema, z.object({ user: z.null(), organization: z.null() })]);

export const signupResponseSchema = z.object({ message: z.string(), email: z.string() });
export const verifyResultSchema = z.object({
  message: z.string(),
  email: z.string(),
  signedOut: z.boolean().optional(),
  /** The link was opened without the sign-up's session: this browser is now signed in. */
  signedIn: z.boolean().optional(),
});

export const authApi = {
  me: defineRoute({
    method: 'GET',
    path: '/api/auth/me',
    summary: 'The signed-in person and their organization (401 when signed out)',
    tags,
    responses: { 200: meResponseSchema },
  }),
  session: defineRoute({
    method: 'GET',
    path: '/api/session',
    summary: 'Like /api/auth/me, but a visitor gets 200 with user: null (the public pages ask this)',
    tags,
    responses: { 200: sessionResponseSchema },
  }),
  signup: defineRoute({
    method: 'POST',
    path: '/api/auth/signup',
    summary: 'Create an account; the answer is the same for a new or a registered address',
    tags,
    body: signupSchema,
    responses: { 201: signupResponseSchema },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password (sets the session cookie)',
    tags,
    body: loginSchema,
    responses: { 200: meResponseSchema },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Sign out this device',
    tags,
    responses: { 200: okSchema },
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-email',
    summary: 'Verify the address with the mailed 6-digit code (with email) or the link token',
    tags,
    body: verifyEmailSchema,
    responses: { 200: verifyResultSchema },
  }),
  resendVerification: defineRoute({
    method: 'POST',
    path: '/api/auth/resend-verification',
    summary: 'Send the verification mail again (to the signed-in person, or to the given address)',
    tags,
    body: resendVerificationSchema.optional(),
    responses: { 200: messageSchema },
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Mail a password reset link',
    tags,
    body: forgotPasswordSchema,
    responses: { 200: messageSchema },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset link token',
    tags,
    body: resetPasswordSchema,
    responses: { 200: messageSchema },
  }),
  choosePassword: defineRoute({
    method: 'POST',
    path: '/api/auth/choose-password',
    summary: 'Choose the first password of a signed-in account that has none (signed in by a link)',
    tags,
    body: choosePasswordSchema,
    responses: { 200: messageSchema },
  }),
  checkResetToken: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password/check',
    summary: 'Whether a reset link token is still usable',
    tags,
    body: resetTokenSchema,
    responses: { 200: z.object({ valid: z.boolean() }) },
  }),
  sendMagicLink: defineRoute({
    method: 'POST',
    path: '/api/auth/send-magic-link',
    summary: 'Mail a sign-in link',
    tags,
    body: magicLinkRequestSchema,
    responses: { 200: messageSchema },
  }),
  verifyMagicLink: defineRoute({
    method: 'POST',
    path: '/api/auth/magic-link/verify',
    summary: 'Sign in with a mailed link token (sets the session cookie)',
    tags,
    body: magicLinkVerifySchema,
    responses: { 200: meResponseSchema },
  }),
  authOpened: defineRoute({
    method: 'POST',
    path: '/api/auth/telemetry/auth-open',
    summary: 'Count an opening of the sign-in dialog (source: where from; first 40 characters kept)',
    tags,
    body: z.unknown(),
    responses: { 204: noContent },
  }),
};
