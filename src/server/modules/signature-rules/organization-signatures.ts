import { AppError, notFound } from '../../errors';
import type { OrganizationSignatureBody } from '../../../shared/api/signature-rules';
import { compileRuleSet } from '../../../shared/signature/signature-rules';
import { nameTaken, type RulesContext } from './rules-context';
import { readSignature, ruleSetOf, signatureView } from './signature-rules-views';

export const MAX_ORGANIZATION_SIGNATURES = 50;

type Body = OrganizationSignatureBody & { requirements: object };

/** The organization's signatures: add, change (the people it gives are pushed again), delete one nobody gets. */
export function createOrganizationSignatures(ctx: RulesContext) {
  const { repo } = ctx;
  return {
    async createSignature(userId: string, body: Body) {
      const orgId = await ctx.managerOf(userId);
      if ((await repo.listSignatures(orgId)).length >= MAX_ORGANIZATION_SIGNATURES)
        throw new AppError(
          'CONFLICT',
          `Your organization has ${MAX_ORGANIZATION_SIGNATURES} signatures, the most we keep. Delete one you no longer use first.`,
        );
      const stored = await ctx.withHostedLogo(userId, body);
      return signatureView(await repo.createSignature(orgId, stored, userId).catch(nameTaken));
    },

    async updateSignature(userId: string, id: string, body: Body) {
      const orgId = await ctx.managerOf(userId);
      const stored = await ctx.withHostedLogo(userId, body);
      const row = await repo.updateSignature(orgId, id, stored, userId).catch(nameTaken);
      if (!row) throw notFound('That signature');
      // The people it gives, already pushed, get it again (as a template change re-pushes).
      const [ruleSet, { people }] = await Promise.all([repo.findRuleSet(orgId), ctx.peopleOf(orgId)]);
      const resolve = compileRuleSet(ruleSetOf(ruleSet));
      await ctx.repushPeople(
        orgId,
        people.filter((p) => resolve(p).signatureId === id),
        userId,
      );
      return signatureView(row);
    },

    async deleteSignature(userId: string, id: string) {
      const orgId = await ctx.managerOf(userId);
      const signature = await repo.findSignature(orgId, id);
      if (!signature) throw notFound('That signature');
      const { name } = readSignature(signature);
      const ruleSet = ruleSetOf(await repo.findRuleSet(orgId));
      const rule = ruleSet.rules.find((r) => r.signatureId === id);
      if (rule)
        throw new AppError('CONFLICT', `The rule "${rule.name}" gives "${name}". Change or delete that rule first.`);
      if (ruleSet.defaultSignatureId === id)
        throw new AppError('CONFLICT', `"${name}" is the default signature. Choose another default first.`);
      await repo.deleteSignature(orgId, id);
      return { ok: true as const };
    },
  };
}
