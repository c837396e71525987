import { createOrganizationSignatures } from './organization-signatures';
import { createRulesContext, type SignatureRulesDeps } from './rules-context';
import { createRuleSet } from './rule-set';

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
