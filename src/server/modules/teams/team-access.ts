import {
  capabilityRefusal,
  hasCapability,
  organizationTier,
  type UpgradeReader,
} from '../../../shared/billing/plan-features';
import { INCLUDED_SEATS, TRIAL_SEATS, type PlanCapability } from '../../../shared/billing/plans';
import type { SeatUsage } from '../../../shared/account-area-types';
import type { TeamRole } from '../../../shared/validation/account-schemas';
import { AppError, forbidden, notFound } from '../../errors';
import type { OrganizationRow, TeamsQueries } from './teams.repository';

/** The caller's membership: who is calling, in which organization, with which role; read fresh on every
 * request. (The request itself, headers and ip, is `Caller` in src/server/caller.ts.) */
export type CallerMembership = { userId: string; memberId: string; role: TeamRole; organization: OrganizationRow };

export const noOrganization = () =>
  new AppError('NOT_FOUND', 'You are not part of an organization. Please reload the page or log in again.');

export const canManageTeam = (role: TeamRole) => role === 'owner' || role === 'admin';

export async function requireCallerMembership(repository: TeamsQueries, userId: string): Promise<CallerMembership> {
  const found = await repository.findMembershipOfUser(userId);
  if (!found) throw noOrganization();
  return { userId, memberId: found.memberId, role: found.role, organization: found.organization };
}

export function assertManager(caller: CallerMembership, action = 'do that'): void {
  if (!canManageTeam(caller.role)) throw forbidden(`Only the organization's owner or an admin can ${action}.`);
}

export function assertOwner(caller: CallerMembership, action = 'do that'): void {
  if (caller.role !== 'owner') throw forbidden(`Only the organization's owner can ${action}.`);
}

/** The caller's membership, once it may manage the team (owner or admin); 403 naming `action` otherwise. */
export async function requireManagerMembership(repository: TeamsQueries, userId: string, action: string) {
  const caller = await requireCallerMembership(repository, userId);
  assertManager(caller, action);
  return caller;
}

/** The caller's membership, once it is the owner's; 403 naming `action` otherwise. */
export async function requireOwnerMembership(repository: TeamsQueries, userId: string, action: string) {
  const caller = await requireCallerMembership(repository, userId);
  assertOwner(caller, action);
  return caller;
}

/**
 * The plan catalogue's capabilities, held on the server: a plan without one answers 403 with
 * words naming the plan that has it (docs/decisions/0024-seats-tiers-trials-refunds.md).
 */
export function assertCapability(
  org: Pick<OrganizationRow, 'plan' | 'trialEndsAt'>,
  capability: PlanCapability,
  now = new Date(),
): void {
  if (!hasCapability(organizationTier(org, now), capability)) throw forbidden(capabilityRefusal(capability));
}

/** Who reads a refusal: an owner or admin upgrades; a member asks the owner, by name (their address if unnamed). */
export async function upgradeReader(repository: TeamsQueries, caller: CallerMembership): Promise<UpgradeReader> {
  if (canManageTeam(caller.role)) return { canManage: true };
  const owner = (await repository.listMembers(caller.organization.id)).find((m) => m.role === 'owner');
  return { canManage: false, owner: owner ? owner.name?.trim() || owner.email : null };
}

/** `assertCapability` for a known caller: the refusal's way on is in words for their role (decision 0230). */
export async function requireCapability(
  repository: TeamsQueries,
  caller: CallerMembership,
  capability: PlanCapability,
  now = new Date(),
): Promise<void> {
  if (hasCapability(organizationTier(caller.organization, now), capability)) return;
  throw forbidden(capabilityRefusal(capability, await upgradeReader(repository, caller)));
}

/**
 * The seats an organization may fill: the trial's 10 while the trial runs; on Standard and Pro
 * the seats bought (1 included plus extras, kept on organization.seats by billing); otherwise
 * (Free, or a trial that ended unpaid) the 1 included seat.
 */
export function seatLimit(
  org: Pick<OrganizationRow, 'plan' | 'trialEndsAt' | 'seats'>,
  now = new Date(),
): { limit: number; onTrial: boolean } {
  if (org.plan === 'trial') {
    const running = org.trialEndsAt !== null && org.trialEndsAt.getTime() > now.getTime();
    return running
      ? { limit: Math.max(TRIAL_SEATS, org.seats), onTrial: true }
      : { limit: INCLUDED_SEATS, onTrial: false };
  }
  if (org.plan === 'standard' || org.plan === 'pro')
    return { limit: Math.max(INCLUDED_SEATS, org.seats), onTrial: false };
  return { limit: INCLUDED_SEATS, onTrial: false };
}

export async function seatUsage(repository: TeamsQueries, org: OrganizationRow, now = new Date()): Promise<SeatUsage> {
  const [active, pending] = await Promise.all([
    repository.countMembers(org.id),
    repository.countOpenInvitations(org.id, now),
  ]);
  const { limit, onTrial } = seatLimit(org, now);
  return { used: active + pending, limit, active, pending, onTrial };
}

export function seatsFullError(limit: number) {
  const seats = limit === 1 ? '1 seat' : `all ${limit} seats`;
  return new AppError(
    'CONFLICT',
    `Your plan's ${seats} ${limit === 1 ? 'is' : 'are'} in use. Remove a member or withdraw an invitation, or add seats under Plan & Billing.`,
  );
}

export const memberNotFound = () => notFound('That team member');

/** The target of a role change or removal: another member of the caller's organization, never its owner. */
export async function findEditableMember(
  repository: TeamsQueries,
  caller: CallerMembership,
  memberId: string,
  action: string,
) {
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
