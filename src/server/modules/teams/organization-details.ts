import type { OrganizationDetails } from '../../../shared/account-area-types';
import {
  describeCapabilities,
  hasCapability,
  organizationPlanNow,
  organizationTier,
} from '../../../shared/billing/plan-features';
import {
  DEFAULT_SIGNATURE_DEFAULTS,
  signatureDefaultsSchema,
  type SignatureDefaults,
} from '../../../shared/validation/account-schemas';
import { canManageTeam, seatUsage, upgradeReader, type CallerMembership } from './team-access';
import type { OrganizationRow, TeamsQueries } from './teams.repository';

/** Stored defaults are read through the schema: a value written by an older version falls back to the default. */
export function readDefaults(org: OrganizationRow): SignatureDefaults {
  const parsed = signatureDefaultsSchema.safeParse({
    ...DEFAULT_SIGNATURE_DEFAULTS,
    ...(org.signatureDefaults as object | null),
  });
  return parsed.success ? parsed.data : DEFAULT_SIGNATURE_DEFAULTS;
}

export const hasDefaults = (org: OrganizationRow) => hasCapability(organizationTier(org), 'signatureDefaults');

/** The organization as the account area shows it to the caller. */
export async function describeOrganization(
  repository: TeamsQueries,
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
