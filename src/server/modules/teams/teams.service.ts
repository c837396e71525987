import { INCLUDED_SEATS, type PlanCapability } from '../../../shared/billing/plans';
import type {
  OrganizationDetails,
  SignatureDefaultsResponse,
  TeamEntry,
  TeamResponse,
} from '../../../shared/account-area-types';
import type { z } from 'zod';
import {
  type changeRoleSchema,
  DEFAULT_SIGNATURE_DEFAULTS,
  type deleteOrganizationSchema,
  type leaveOrganizationSchema,
  type logoUrlSchema,
  type organizationSchema,
  signatureDefaultsSchema,
  type transferOwnershipSchema,
  type SignatureDefaults,
} from '../../../shared/validation/account-schemas';
import { AppError, forbidden, notFound } from '../../errors';
import { applySignatureDefaults } from './signature-defaults';
import {
  capabilityRefusal,
  describeCapabilities,
  hasCapability,
  organizationPlanNow,
  organizationTier,
} from '../../../shared/billing/plan-features';
import { shouldShowWatermark } from '../../../shared/billing/watermark';
import type { EffectiveStatus } from '../../../shared/billing/team-entitlement';
import {
  assertManager,
  canManageTeam,
  requireCallerMembership,
  requireCapability,
  requireManagerMembership,
  requireOwnerMembership,
  seatUsage,
  upgradeReader,
  type CallerMembership,
} from './team-access';
import type { OrganizationRow, TeamsRepository } from './teams.repository';

const memberNotFound = () => notFound('That team member');

/** Stored defaults are read through the schema: a value written by an older version falls back to the default. */
function readDefaults(org: OrganizationRow): SignatureDefaults {
  const parsed = signatureDefaultsSchema.safeParse({
    ...DEFAULT_SIGNATURE_DEFAULTS,
    ...(org.signatureDefaults as object | null),
  });
  return parsed.success ? parsed.data : DEFAULT_SIGNATURE_DEFAULTS;
}

/** Someone leaves an organization (or is removed): what they bought for it goes with them (0024). */
export type PurchasesFollowPayer = (
  userId: string,
  fromOrganizationId: string,
  toOrganizationId: string,
) => Promise<boolean>;

const hasDefaults = (org: OrganizationRow) => hasCapability(organizationTier(org), 'signatureDefaults');

export function createTeamsService(deps: {
  repository: TeamsRepository;
  /** The person's own paid status, beside their organization's (billing). */
  effectiveStatus: (userId: string) => Promise<EffectiveStatus | undefined>;
  purchasesFollowPayer?: PurchasesFollowPayer;
  /**
   * The logo goes into every member's signature: it is one of ours or re-hosted, refused with words
   * otherwise (uploads; docs/decisions/0162).
   */
  hostedImage: (userId: string, imageURL: string, field?: string) => Promise<string>;
}) {
  const { repository } = deps;

  async function describeOrganization(
    caller: CallerMembership,
    org = caller.organization,
  ): Promise<OrganizationDetails> {
    const reader = await upgradeReader(repository, caller);
    return {
      id: org.id,
      name: org.name,
      domain: org.domain,
      logoUrl: org.logo,
      plan: organizationPlanNow(org).plan,
      trialEndsAt: org.trialEndsAt?.toISOString() ?? null,
      role: caller.role,
      canManage: canManageTeam(caller.role),
      seats: await seatUsage(repository, org),
      capabilities: describeCapabilities(organizationTier(org)),
      askForUpgrade: reader.canManage ? null : reader.owner,
    };
  }

  async function describeDefaults(
    caller: CallerMembership,
    org = caller.organization,
  ): Promise<SignatureDefaultsResponse> {
    return { ...readDefaults(org), logoUrl: org.logo, canManage: canManageTeam(caller.role) };
  }

  /** The target of a role change or removal: another member of the caller's organization, never its owner. */
  async function findEditableMember(caller: CallerMembership, memberId: string, action: string) {
    const target = await repository.findMember(caller.organization.id, memberId);
    // A member of another organization answers exactly like a missing one.
    if (!target) throw memberNotFound();
    if (target.role === 'owner') throw forbidden(`The organization's owner cannot be ${action}.`);
    if (target.userId === caller.userId) {
      throw forbidden(
        action === 'removed'
          ? 'To leave the organization, use Leave organization under Danger Zone.'
          : 'You cannot change your own role. Ask the owner or another admin.',
      );
    }
    return target;
  }

  async function getSignatureDefaults(
    userId: string,
  ): Promise<(SignatureDefaults & { logoUrl: string | null }) | null> {
    const found = await repository.findMembershipOfUser(userId);
    // Defaults are a Pro (and trial) capability: a plan without it neither requires nor applies them.
    return found && hasDefaults(found.organization)
      ? { ...readDefaults(found.organization), logoUrl: found.organization.logo }
      : null;
  }

  /** After someone left `fromOrganizationId` for `toOrganizationId`: their purchases follow them. */
  async function purchasesFollow(userId: string, fromOrganizationId: string, toOrganizationId: string | undefined) {
    if (toOrganizationId) await deps.purchasesFollowPayer?.(userId, fromOrganizationId, toOrganizationId);
  }

  return {
    /** Seats an organization fills now (members and open invitations): billing will not sell fewer. */
    async seatsInUse(organizationId: string): Promise<number> {
      const [active, pending] = await Promise.all([
        repository.countMembers(organizationId),
        repository.countOpenInvitations(organizationId, new Date()),
      ]);
      return active + pending;
    },

    async getOrganization(userId: string): Promise<OrganizationDetails> {
      return describeOrganization(await requireCallerMembership(repository, userId));
    },

    async updateOrganization(
      userId: string,
      values: z.output<typeof organizationSchema>,
    ): Promise<OrganizationDetails> {
      const caller = await requireManagerMembership(repository, userId, "change the organization's details");
      const org = await repository.updateOrganization(caller.organization.id, values);
      return describeOrganization(caller, org ?? caller.organization);
    },

    async updateLogo(userId: string, { logoUrl }: z.output<typeof logoUrlSchema>): Promise<OrganizationDetails> {
      const caller = await requireManagerMembership(repository, userId, "change the organization's logo");
      const logo = logoUrl === '' ? null : await deps.hostedImage(userId, logoUrl, 'logoUrl');
      const org = await repository.updateOrganization(caller.organization.id, { logo });
      return describeOrganization(caller, org ?? caller.organization);
    },

    async readSignatureDefaults(userId: string): Promise<SignatureDefaultsResponse> {
      return describeDefaults(await requireCallerMembership(repository, userId));
    },

    async updateSignatureDefaults(
      userId: string,
      signatureDefaults: SignatureDefaults,
    ): Promise<SignatureDefaultsResponse> {
      const caller = await requireManagerMembership(repository, userId, 'change the signature defaults');
      await requireCapability(repository, caller, 'signatureDefaults');
      const org = await repository.updateOrganization(caller.organization.id, { signatureDefaults });
      return describeDefaults(caller, org ?? caller.organization);
    },

    /** Another module's member-facing feature: the caller's membership, or 404 in words when in none. */
    requireMember: (userId: string): Promise<CallerMembership> => requireCallerMembership(repository, userId),

    /** Another module's owners-and-admins feature: the caller, once their plan has `capability` and they may manage. */
    async requireManagerWith(userId: string, capability: PlanCapability, action: string): Promise<CallerMembership> {
      const caller = await requireCallerMembership(repository, userId);
      await requireCapability(repository, caller, capability);
      assertManager(caller, action);
      return caller;
    },

    /** The defaults of the user's organization and its logo; null when the user is in none. */
    getSignatureDefaults,

    /**
     * Free is one design (plan catalogue): a second signature needs an organization whose plan has
     * several signatures (Standard, Pro, a running trial) or a paid status of the person's own.
     */
    async assertSignatureAllowed(userId: string, existing: number): Promise<void> {
      if (existing < 1) return;
      const found = await repository.findMembershipOfUser(userId);
      if (found && hasCapability(organizationTier(found.organization), 'severalSignatures')) return;
      const effective = await deps.effectiveStatus(userId);
      if (effective && !shouldShowWatermark(effective.status)) return;
      const reader = found && (await upgradeReader(repository, { userId, ...found }));
      throw forbidden(capabilityRefusal('severalSignatures', reader || undefined));
    },

    /**
     * A new signature's body with the organization's defaults filled in wherever the body left a
     * value out. An organization that never saved defaults or a logo changes nothing: the body is
     * checked exactly as sent.
     */
    async withSignatureDefaults(userId: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
      const found = await repository.findMembershipOfUser(userId);
      if (
        !found ||
        !hasDefaults(found.organization) ||
        (found.organization.signatureDefaults === null && !found.organization.logo)
      )
        return input;
      return applySignatureDefaults(input, { ...readDefaults(found.organization), logoUrl: found.organization.logo });
    },

    async listTeam(userId: string): Promise<TeamResponse> {
      const caller = await requireCallerMembership(repository, userId);
      const orgId = caller.organization.id;
      const [members, invitations, seats] = await Promise.all([
        repository.listMembers(orgId),
        repository.listPendingInvitations(orgId),
        seatUsage(repository, caller.organization),
      ]);
      const now = Date.now();
      const entries: TeamEntry[] = [
        ...members.map((m) => ({
          id: m.id,
          kind: 'member' as const,
          email: m.email,
          name: m.name || null,
          role: m.role,
          status: 'active' as const,
          since: m.createdAt.toISOString(),
          expiresAt: null,
          expired: false,
          isYou: m.userId === userId,
        })),
        ...invitations.map((i) => ({
          id: i.id,
          kind: 'invitation' as const,
          email: i.email,
          name: null,
          role: (i.role === 'admin' ? 'admin' : 'member') as TeamEntry['role'],
          status: 'pending' as const,
          since: i.createdAt.toISOString(),
          expiresAt: i.expiresAt.toISOString(),
          expired: i.expiresAt.getTime() <= now,
          isYou: false,
        })),
      ];
      return {
        entries,
        seats,
        canManage: canManageTeam(caller.role),
        yourRole: caller.role,
        capabilities: describeCapabilities(organizationTier(caller.organization)),
      };
    },

    /** Only active members have a role to change; the owner's never changes here (see transferOwnership). */
    async changeMemberRole(
      userId: string,
      memberId: string,
      { role }: z.output<typeof changeRoleSchema>,
    ): Promise<TeamEntry> {
      const caller = await requireManagerMembership(repository, userId, "change a member's role");
      const target = await findEditableMember(caller, memberId, 'changed');
      // Making someone an admin is a Pro capability; making an admin a member again always works.
      if (role === 'admin') await requireCapability(repository, caller, 'teamRoles');
      const row = await repository.setMemberRole(caller.organization.id, memberId, role);
      if (!row) throw memberNotFound();
      return {
        id: row.id,
        kind: 'member',
        email: target.email,
        name: target.name || null,
        role,
        status: 'active',
        since: row.createdAt.toISOString(),
        expiresAt: null,
        expired: false,
        isYou: false,
      };
    },

    /** The removed person keeps their account and signatures, in an organization of their own. */
    async removeMember(userId: string, memberId: string): Promise<void> {
      const caller = await requireManagerMembership(repository, userId, 'remove members');
      const target = await findEditableMember(caller, memberId, 'removed');
      const newOrganization = await repository.inTransaction(async (tx) => {
        if (!(await tx.deleteMember(caller.organization.id, memberId))) throw memberNotFound();
        const person = await tx.findUser(target.userId);
        return person ? tx.createPersonalOrganization(person, INCLUDED_SEATS) : undefined;
      });
      await purchasesFollow(target.userId, caller.organization.id, newOrganization);
    },

    /** The owner hands the organization to an active member and stays on as an admin. */
    async transferOwnership(
      userId: string,
      { memberId }: z.output<typeof transferOwnershipSchema>,
    ): Promise<OrganizationDetails> {
      const caller = await requireOwnerMembership(repository, userId, 'hand the organization over');
      const target = await repository.findMember(caller.organization.id, memberId);
      if (!target) throw memberNotFound();
      if (target.userId === userId)
        throw new AppError('VALIDATION', 'You already own this organization. Please choose another member.');
      await repository.inTransaction(async (tx) => {
        await tx.setMemberRole(caller.organization.id, target.id, 'owner');
        await tx.setMemberRole(caller.organization.id, caller.memberId, 'admin');
      });
      return describeOrganization({ ...caller, role: 'admin' });
    },

    /**
     * Deletes the team: every other member and pending invitation goes, Google Workspace is
     * disconnected, and the name, domain, logo and defaults are erased. The owner keeps their
     * account and plan in the emptied organization, so the subscription's link to it (billing keeps
     * organization ids) stays intact.
     */
    async deleteOrganization(
      userId: string,
      _confirmed: z.output<typeof deleteOrganizationSchema>,
    ): Promise<OrganizationDetails> {
      const caller = await requireOwnerMembership(repository, userId, 'delete the organization');
      const orgId = caller.organization.id;
      const moved: Array<{ userId: string; to: string }> = [];
      const org = await repository.inTransaction(async (tx) => {
        await tx.lockOrganization(orgId);
        for (const m of await tx.listMembers(orgId)) {
          if (m.userId === userId) continue;
          await tx.deleteMember(orgId, m.id);
          moved.push({
            userId: m.userId,
            to: await tx.createPersonalOrganization({ id: m.userId, name: m.name, email: m.email }, INCLUDED_SEATS),
          });
        }
        for (const i of await tx.listPendingInvitations(orgId)) await tx.closeInvitation(i.id, 'canceled');
        // Workspace is disconnected with it: key, schedules and directory copy (docs/decisions/0135).
        await tx.eraseWorkspace(orgId);
        const owner = await tx.findUser(userId);
        const base = owner?.name.trim() || owner?.email.split('@')[0] || 'My';
        return tx.updateOrganization(orgId, {
          name: `${base}'s organization`.slice(0, 100),
          domain: null,
          logo: null,
          signatureDefaults: null,
        });
      });
      for (const m of moved) await purchasesFollow(m.userId, orgId, m.to);
      const after = (await repository.findMembershipOfUser(userId))?.organization ?? org ?? caller.organization;
      return describeOrganization(caller, after);
    },

    /** Admins and members may leave; the owner must hand over or delete the organization first. */
    async leaveOrganization(userId: string, _confirmed: z.output<typeof leaveOrganizationSchema>): Promise<void> {
      const caller = await requireCallerMembership(repository, userId);
      if (caller.role === 'owner') {
        throw new AppError(
          'CONFLICT',
          'As the owner you cannot leave your organization. Hand it over to another member, or delete it, first.',
        );
      }
      const newOrganization = await repository.inTransaction(async (tx) => {
        if (!(await tx.deleteMember(caller.organization.id, caller.memberId))) throw memberNotFound();
        const person = await tx.findUser(userId);
        return person ? tx.createPersonalOrganization(person, INCLUDED_SEATS) : undefined;
      });
      // A payer's subscription or lifetime access moves with them (Plan & Billing said so beforehand).
      await purchasesFollow(userId, caller.organization.id, newOrganization);
    },
  };
}
export type TeamsService = ReturnType<typeof createTeamsService>;
