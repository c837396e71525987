import { hasCapability, organizationTier } from '../../../shared/billing/plan-features';
import { locksOf, type OrganizationLocks } from '../../../shared/signature/organization-locks';
import type { WorkspaceContext } from './workspace-context';
import { directoryValues, effectiveTemplate, templatePolicy } from './workspace-signature';

/**
 * The organization's locks on one person's own signatures (docs/decisions/0164-locks-held-on-every-save.md):
 * a plain member of an organization whose plan has organization templates is held by the
 * organization signature their rule gives or the saved template; the owner and admins, who set them,
 * are not. Null when nothing holds.
 */
export function createWorkspaceLocks(ctx: WorkspaceContext) {
  return {
    async locksFor(userId: string): Promise<OrganizationLocks | null> {
      const found = await ctx.teams.findMembershipOfUser(userId);
      // The same rule as the save's guard (signatures.repository.ts): only the role 'member' is held.
      if (!found || found.role !== 'member') return null;
      const organization = found.organization;
      if (!hasCapability(organizationTier(organization), 'organizationTemplates')) return null;
      const person = await ctx.repo.findPersonOfUser(organization.id, userId);
      // The organization signature a rule gives a Workspace person (decision 0220), else the saved
      // template; until owners save one, nothing is locked in the editor.
      const ruled = person ? await ctx.ruleTemplateFor(person) : null;
      const row = ruled ? undefined : await ctx.repo.findTemplate(organization.id);
      const template = ruled ?? (row ? effectiveTemplate(row) : null);
      if (!template) return null;
      return locksOf(templatePolicy(template), person ? directoryValues(person) : {});
    },
  };
}
