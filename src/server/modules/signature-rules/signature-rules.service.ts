import type { Db } from '../../db/client';
import { createMySignatureRule } from './my-signature-rule';
import { createOrganizationSignatures } from './organization-signatures';
import { createRulesContext, type SignatureRulesDeps } from './rules-context';
import { createRuleSet } from './rule-set';
import { createSignatureResolver as resolverOver } from './signature-resolver';
import { createSignatureRulesRepository } from './signature-rules.repository';

export type { Repush, SignatureRulesDeps } from './rules-context';
export type { SignatureFor } from './signature-resolver';

/**
 * Several organization signatures and the ordered rules that give them (docs/decisions/0220, 0221):
 * the signatures (organization-signatures), the rules (rule-set) and a member's own (my-signature-rule),
 * sharing one context (rules-context): who may act, whom the rules place, the push that follows a change.
 */
export function createSignatureRulesService(deps: SignatureRulesDeps) {
  const ctx = createRulesContext(deps);
  return { ...createOrganizationSignatures(ctx), ...createRuleSet(ctx), ...createMySignatureRule(ctx) };
}

export type SignatureRulesService = ReturnType<typeof createSignatureRulesService>;

/** Another module's way to the rules (the Workspace push): which organization signature each person gets. */
export const createSignatureResolver = (db: Db) => resolverOver(createSignatureRulesRepository(db));
