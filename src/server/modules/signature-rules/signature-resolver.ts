import { compileRuleSet, type RuleMatch, type RulePerson } from '../../../shared/signature/signature-rules';
import type { SignatureRulesRepository } from './signature-rules.repository';
import { readSignature, ruleSetOf, type StoredSignature } from './signature-rules-views';

/** The organization signature one person gets (null: the organization's one policy), and which rule gave it. */
export type SignatureFor = (person: RulePerson) => { signature: StoredSignature | null; match: RuleMatch };

/**
 * The organization's signatures and rules read once, then each person resolved by the one pure
 * function (decision 0220): a push to thousands reads the rules once.
 */
export function createSignatureResolver(repository: Pick<SignatureRulesRepository, 'listSignatures' | 'findRuleSet'>) {
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
