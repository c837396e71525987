import type { z } from 'zod';
import type { OrganizationDetails, TeamEntry, TeamResponse } from '../../../shared/account-area-types';
import { describeCapabilities, organizationTier } from '../../../shared/billing/plan-features';
import type { changeRoleSchema, transferOwnershipSchema } from '../../../shared/validation/account-schemas';
import { AppError } from '../../errors';
import { describeOrganization } from './organization-details';
import {
  canManageTeam,
  findEditableMember,
  memberNotFound,
  requireCallerMembership,
  requireCapability,
  requireManagerMembership,
  requireOwnerMembership,
  seatUsage,
} from './team-access';
import type { TeamsRepository } from './teams.repository';

/** Who is on the team, their roles and seats, and who owns it. */
export function createTeamsRosterService(deps: { repository: TeamsRepository }) {
  const { repository } = deps;
  return {
    /** Seats an organization fills now (members and open invitations): billing will not sell fewer. */
    async seatsInUse(organizationId: string): Promise<number> {
      const [active, pending] = await Promise.all([
        repository.countMembers(organizationId),
        repository.countOpenInvitations(organizationId, new Date()),
      ]);
      return active + pending;
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
      const target = await findEditableMember(repository, caller, memberId, 'changed');
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
      return describeOrganization(repository, { ...caller, role: 'admin' });
    },
  };
}
