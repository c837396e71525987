import type { Db } from '../../db/client';
import { createMySignatureRule } from './my-signature-rule';
import { createOrganizationSignatures } from './organization-signatures';
import { createRulesContext, type SignatureRulesDeps } from './rules-context';
import { createRuleSet } from './rule-set';
import { createSignatureResolver as resolverOver } from './signature-resolver';
import { createSignatureRulesRepository } from './signature-rules.repository';
import { createRulePeopleRepository } from './rule-people.repository';

export type { Repush, SignatureRulesDeps } from './rules-context';
export type { SignatureFor } from './signature-resolver';
export type { RulePersonRow } from './rule-people.repository';

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

/**
 * Another module's way to whom the rules place and the rule list (campaigns' audiences, decision 0222):
 * the directory's people once Workspace is connected, the members, and the ordered rules.
 */
export function createRulePlacement(db: Db) {
  const people = createRulePeopleRepository(db);
  const repo = createSignatureRulesRepository(db);
  return {
    isWorkspaceConnected: people.isWorkspaceConnected,
    listDirectoryPeople: people.listDirectoryPeople,
    listMembers: people.listMembers,
    findRuleSet: repo.findRuleSet,
  };
}
export type RulePlacement = ReturnType<typeof createRulePlacement>;
