import type { z } from 'zod';
import type { OrganizationDetails, SignatureDefaultsResponse } from '../../../shared/account-area-types';
import type { logoUrlSchema, organizationSchema, SignatureDefaults } from '../../../shared/validation/account-schemas';
import { describeOrganization, hasDefaults, readDefaults } from './organization-details';
import { applySignatureDefaults } from './signature-defaults';
import {
  canManageTeam,
  requireCallerMembership,
  requireCapability,
  requireManagerMembership,
  type CallerMembership,
} from './team-access';
import type { TeamsRepository } from './teams.repository';

/** The organization's details, logo and signature defaults: read by members, changed by owners and admins. */
export function createTeamsOrganizationService(deps: {
  repository: TeamsRepository;
  hostedImage: (userId: string, imageURL: string, field?: string) => Promise<string>;
}) {
  const { repository } = deps;

  async function describeDefaults(
    caller: CallerMembership,
    org = caller.organization,
  ): Promise<SignatureDefaultsResponse> {
    return { ...readDefaults(org), logoUrl: org.logo, canManage: canManageTeam(caller.role) };
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

  return {
    async getOrganization(userId: string): Promise<OrganizationDetails> {
      return describeOrganization(repository, await requireCallerMembership(repository, userId));
    },

    async updateOrganization(
      userId: string,
      values: z.output<typeof organizationSchema>,
    ): Promise<OrganizationDetails> {
      const caller = await requireManagerMembership(repository, userId, "change the organization's details");
      const org = await repository.updateOrganization(caller.organization.id, values);
      return describeOrganization(repository, caller, org ?? caller.organization);
    },

    async updateLogo(userId: string, { logoUrl }: z.output<typeof logoUrlSchema>): Promise<OrganizationDetails> {
      const caller = await requireManagerMembership(repository, userId, "change the organization's logo");
      const logo = logoUrl === '' ? null : await deps.hostedImage(userId, logoUrl, 'logoUrl');
      const org = await repository.updateOrganization(caller.organization.id, { logo });
      return describeOrganization(repository, caller, org ?? caller.organization);
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

    /** The defaults of the user's organization and its logo; null when the user is in none. */
    getSignatureDefaults,

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
  };
}
