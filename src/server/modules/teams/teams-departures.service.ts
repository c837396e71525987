import type { z } from 'zod';
import type { OrganizationDetails } from '../../../shared/account-area-types';
import { INCLUDED_SEATS } from '../../../shared/billing/plans';
import type { deleteOrganizationSchema, leaveOrganizationSchema } from '../../../shared/validation/account-schemas';
import { AppError } from '../../errors';
import { describeOrganization } from './organization-details';
import {
  findEditableMember,
  memberNotFound,
  requireCallerMembership,
  requireManagerMembership,
  requireOwnerMembership,
} from './team-access';
import type { TeamsRepository } from './teams.repository';

/** Someone leaves an organization (or is removed): what they bought for it goes with them (0024). */
export type PurchasesFollowPayer = (
  userId: string,
  fromOrganizationId: string,
  toOrganizationId: string,
) => Promise<boolean>;

/**
 * People leave a team (removed, leaving, or the team deleted): each keeps their account and
 * signatures in an organization of their own, and what they bought follows them.
 */
export function createTeamsDeparturesService(deps: {
  repository: TeamsRepository;
  purchasesFollowPayer?: PurchasesFollowPayer;
}) {
  const { repository } = deps;

  /** After someone left `fromOrganizationId` for `toOrganizationId`: their purchases follow them. */
  async function purchasesFollow(userId: string, fromOrganizationId: string, toOrganizationId: string | undefined) {
    if (toOrganizationId) await deps.purchasesFollowPayer?.(userId, fromOrganizationId, toOrganizationId);
  }

  return {
    /** The removed person keeps their account and signatures, in an organization of their own. */
    async removeMember(userId: string, memberId: string): Promise<void> {
      const caller = await requireManagerMembership(repository, userId, 'remove members');
      const target = await findEditableMember(repository, caller, memberId, 'removed');
      const newOrganization = await repository.inTransaction(async (tx) => {
        if (!(await tx.deleteMember(caller.organization.id, memberId))) throw memberNotFound();
        const person = await tx.findUser(target.userId);
        return person ? tx.createPersonalOrganization(person, INCLUDED_SEATS) : undefined;
      });
      await purchasesFollow(target.userId, caller.organization.id, newOrganization);
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
      return describeOrganization(repository, caller, after);
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
