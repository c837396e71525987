import { type PlanCapability } from '../../../shared/billing/plans';
import { capabilityRefusal, hasCapability, organizationTier } from '../../../shared/billing/plan-features';
import { shouldShowWatermark } from '../../../shared/billing/watermark';
import type { EffectiveStatus } from '../../../shared/billing/team-entitlement';
import { forbidden } from '../../errors';
import {
  assertManager,
  requireCallerMembership,
  requireCapability,
  upgradeReader,
  type CallerMembership,
} from './team-access';
import { createTeamsDeparturesService, type PurchasesFollowPayer } from './teams-departures.service';
import { createTeamsOrganizationService } from './teams-organization.service';
import { createTeamsRosterService } from './teams-roster.service';
import type { TeamsRepository } from './teams.repository';

/** The teams module's one service: its organization, roster and departure parts, and the gates other modules ask. */
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

  return {
    ...createTeamsOrganizationService(deps),
    ...createTeamsRosterService(deps),
    ...createTeamsDeparturesService(deps),

    /** Another module's member-facing feature: the caller's membership, or 404 in words when in none. */
    requireMember: (userId: string): Promise<CallerMembership> => requireCallerMembership(repository, userId),

    /** Another module's owners-and-admins feature: the caller, once their plan has `capability` and they may manage. */
    async requireManagerWith(userId: string, capability: PlanCapability, action: string): Promise<CallerMembership> {
      const caller = await requireCallerMembership(repository, userId);
      await requireCapability(repository, caller, capability);
      assertManager(caller, action);
      return caller;
    },

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
  };
}
export type TeamsService = ReturnType<typeof createTeamsService>;
