import { z } from 'zod';
import { PLAN_CAPABILITIES } from '../billing/plan-features';
import {
  changeRoleSchema,
  deleteOrganizationSchema,
  inviteSchema,
  logoUrlSchema,
  organizationSchema,
  signatureDefaultsSchema,
  transferOwnershipSchema,
} from '../validation/account-schemas';
import { defineRoute, idParams, isoDateTime, noContent } from './contract';

const tags = ['teams'] as const;

export const teamRoleSchema = z.enum(['owner', 'admin', 'member']);
export const capabilitiesSchema = z.record(z.enum(PLAN_CAPABILITIES), z.boolean());

export const seatUsageSchema = z.object({
  /** Active members plus pending invitations: an invitation holds its seat until it is accepted or withdrawn. */
  used: z.number(),
  limit: z.number(),
  active: z.number(),
  pending: z.number(),
  /** The limit is the trial's 10 seats rather than the plan's. */
  onTrial: z.boolean(),
});

export const organizationDetailsSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    domain: z.string().nullable(),
    logoUrl: z.string().nullable(),
    plan: z.string(),
    trialEndsAt: isoDateTime.nullable(),
    role: teamRoleSchema,
    /** Owners and admins edit the organization, its team, defaults and logo. */
    canManage: z.boolean(),
    seats: seatUsageSchema,
    /** What the organization's plan lets it do now (a running trial: Pro's); the rest is shown as upgrades. */
    capabilities: capabilitiesSchema,
    /** Whom a member asks for an upgrade (the owner's name, or address); null for owners and admins. */
    askForUpgrade: z.string().nullable(),
  })
  .meta({ id: 'Organization' });

export const teamEntrySchema = z.object({
  /** A member id for active members, an invitation id for pending ones. */
  id: z.string(),
  kind: z.enum(['member', 'invitation']),
  email: z.string(),
  name: z.string().nullable(),
  role: teamRoleSchema,
  status: z.enum(['active', 'pending']),
  /** Joined at (members) or last invited at (invitations). */
  since: isoDateTime,
  expiresAt: isoDateTime.nullable(),
  expired: z.boolean(),
  isYou: z.boolean(),
});

export const teamResponseSchema = z.object({
  entries: z.array(teamEntrySchema),
  seats: seatUsageSchema,
  canManage: z.boolean(),
  yourRole: teamRoleSchema,
  capabilities: capabilitiesSchema,
});

export const signatureDefaultsResponseSchema = signatureDefaultsSchema.extend({
  logoUrl: z.string().nullable(),
  canManage: z.boolean(),
});

export const invitationPreviewSchema = z.object({
  organizationName: z.string(),
  inviterName: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  status: z.enum(['pending', 'accepted', 'canceled', 'expired']),
  expiresAt: isoDateTime,
  /** For a signed-in visitor: what accepting would do for them; null when signed out. */
  viewer: z
    .object({
      email: z.string(),
      emailMatches: z.boolean(),
      alreadyMember: z.boolean(),
      /** Why this person cannot join yet (an owner whose team has other members). */
      blockedReason: z.string().nullable(),
      /** The organization they would leave: closed when they are its only member. */
      leaves: z.object({ name: z.string(), closes: z.boolean() }).nullable(),
    })
    .nullable(),
});

export const acceptInvitationResponseSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  role: teamRoleSchema,
});

const tokenParams = z.object({ token: z.string() });

export const teamsApi = {
  getOrganization: defineRoute({
    method: 'GET',
    path: '/api/organization',
    summary: 'Your organization, your role, its seats and what its plan allows',
    tags,
    responses: { 200: organizationDetailsSchema },
  }),
  updateOrganization: defineRoute({
    method: 'PUT',
    path: '/api/organization',
    summary: "Change the organization's name and domain (owners and admins)",
    tags,
    body: organizationSchema,
    responses: { 200: organizationDetailsSchema },
  }),
  updateLogo: defineRoute({
    method: 'PUT',
    path: '/api/organization/logo',
    summary: "Set (or clear, with '') the organization's logo URL",
    tags,
    body: logoUrlSchema,
    responses: { 200: organizationDetailsSchema },
  }),
  getSignatureDefaults: defineRoute({
    method: 'GET',
    path: '/api/organization/signature-defaults',
    summary: "The organization's signature defaults",
    tags,
    responses: { 200: signatureDefaultsResponseSchema },
  }),
  updateSignatureDefaults: defineRoute({
    method: 'PUT',
    path: '/api/organization/signature-defaults',
    summary: "Change the organization's signature defaults (owners and admins, on a plan that has them)",
    tags,
    body: signatureDefaultsSchema,
    responses: { 200: signatureDefaultsResponseSchema },
  }),
  listTeam: defineRoute({
    method: 'GET',
    path: '/api/organization/members',
    summary: 'Members and pending invitations, with seat usage',
    tags,
    responses: { 200: teamResponseSchema },
  }),
  changeMemberRole: defineRoute({
    method: 'PATCH',
    path: '/api/organization/members/:id',
    summary: "Change a member's role",
    tags,
    params: idParams,
    body: changeRoleSchema,
    responses: { 200: teamEntrySchema },
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/api/organization/members/:id',
    summary: 'Remove a member (they get an organization of their own)',
    tags,
    params: idParams,
    responses: { 204: noContent },
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/api/organization/invitations',
    summary: 'Invite someone by email',
    tags,
    body: inviteSchema,
    responses: { 201: teamEntrySchema },
  }),
  resendInvitation: defineRoute({
    method: 'POST',
    path: '/api/organization/invitations/:id/resend',
    summary: 'Send an invitation again, with a fresh link',
    tags,
    params: idParams,
    responses: { 200: teamEntrySchema },
  }),
  cancelInvitation: defineRoute({
    method: 'DELETE',
    path: '/api/organization/invitations/:id',
    summary: 'Withdraw an invitation',
    tags,
    params: idParams,
    responses: { 204: noContent },
  }),
  transferOwnership: defineRoute({
    method: 'POST',
    path: '/api/organization/transfer-ownership',
    summary: 'Hand the organization to an active member (the owner stays on as an admin)',
    tags,
    body: transferOwnershipSchema,
    responses: { 200: organizationDetailsSchema },
  }),
  deleteOrganization: defineRoute({
    method: 'POST',
    path: '/api/organization/delete',
    summary: 'Delete the team: other members and invitations go; the owner keeps an emptied organization',
    tags,
    body: deleteOrganizationSchema,
    responses: { 200: organizationDetailsSchema },
  }),
  previewInvitation: defineRoute({
    method: 'GET',
    path: '/api/invitations/:token',
    summary: 'What an invitation link offers (readable signed in or not)',
    tags,
    params: tokenParams,
    responses: { 200: invitationPreviewSchema },
  }),
  acceptInvitation: defineRoute({
    method: 'POST',
    path: '/api/invitations/:token/accept',
    summary: 'Accept an invitation as the signed-in person',
    tags,
    params: tokenParams,
    responses: { 200: acceptInvitationResponseSchema },
  }),
};
