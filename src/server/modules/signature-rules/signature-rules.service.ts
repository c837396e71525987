import type { Db } from '../../db/client';
import { compileRuleSet, type RuleMatch, type RulePerson } from '../../../shared/signature/signature-rules';
import { createOrganizationSignatures } from './organization-signatures';
import { createRulesContext, type SignatureRulesDeps } from './rules-context';
import { createRuleSet } from './rule-set';
import { createSignatureRulesRepository } from './signature-rules.repository';
import { readSignature, ruleSetOf, type StoredSignature } from './signature-rules-views';

export type { Repush, SignatureRulesDeps } from './rules-context';

/**
 * Several organization signatures and the ordered rules that give them (docs/decisions/0220, 0221):
 * the signatures (organization-signatures) and the rules (rule-set), sharing one context
 * (rules-context): who may act, whom the rules place, and the push that follows a change.
 */
export function createSignatureRulesService(deps: SignatureRulesDeps) {
  const ctx = createRulesContext(deps);
  return { ...createOrganizationSignatures(ctx), ...createRuleSet(ctx) };
}

export type SignatureRulesService = ReturnType<typeof createSignatureRulesService>;

/** The organization signature one person gets (null: the organization's one policy), and which rule gave it. */
export type SignatureFor = (person: RulePerson) => { signature: StoredSignature | null; match: RuleMatch };

/**
 * Another module's way to the rules (the Workspace push, a member's new signature): the
 * organization's signatures and rules read once, then each person resolved by the one pure function
 * (decision 0220), so a push to thousands reads the rules once.
 */
export function createSignatureResolver(db: Db) {
  const repository = createSignatureRulesRepository(db);
  return async function signaturesOf(organizationId: string): Promise<SignatureFor> {
    const [rows, row] = await Promise.all([
      repository.listSignatures(organizationId),
      repository.findRuleSet(organizationId),
    ]);
    const byId = new Map(rows.map((r) => [r.id, readSignature(r)]));
    const resolve = compileRuleSet(ruleSetOf(row));
    return (person) => {
      const match = resolve(person);
      return { signature: (match.signatureId && byId.get(match.signatureId)) || null, match };
    };
  };
}
