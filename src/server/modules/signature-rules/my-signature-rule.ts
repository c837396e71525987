import { hasCapability, organizationTier } from '../../../shared/billing/plan-features';
import type { MySignatureRule } from '../../../shared/api/signature-rules';
import type { RulesContext } from './rules-context';
import { createSignatureResolver } from './signature-resolver';

/**
 * The signature a member's rule gives them, for the editor to start a new signature from
 * (decision 0221). Any member may read their own; with no rule, no plan for it, or no
 * organization signature, the answer is null and the editor keeps the organization's defaults.
 */
export function createMySignatureRule(ctx: RulesContext) {
  const signaturesOf = createSignatureResolver(ctx.repo);
  return {
    async mySignatureRule(userId: string): Promise<MySignatureRule> {
      const caller = await ctx.teams.requireMember(userId);
      const orgId = caller.organization.id;
      if (!hasCapability(organizationTier(caller.organization), 'organizationTemplates')) return { signature: null };
      const me = (await ctx.people.listMembers(orgId)).find((m) => m.id === userId);
      if (!me) return { signature: null };
      // With Workspace, the directory entry of the member's address is what the rules see.
      const directory = (await ctx.people.isWorkspaceConnected(orgId))
        ? (await ctx.people.listDirectoryPeople(orgId)).find((p) => p.email === me.email)
        : undefined;
      const { signature, match } = (await signaturesOf(orgId))(directory ?? me);
      if (!signature) return { signature: null };
      const { id, name, template, editableFields, requirements } = signature;
      return {
        signature: { id, name, template, editableFields, requirements },
        ruleName: match.ruleName,
        reason: match.reason,
      };
    },
  };
}
