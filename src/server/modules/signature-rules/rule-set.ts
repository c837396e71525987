import { AppError, notFound } from '../../errors';
import type { RulePreview, RuleSetBody, SignatureRulesOverview } from '../../../shared/api/signature-rules';
import { compileRuleSet, movesBetween, type RuleSet } from '../../../shared/signature/signature-rules';
import { assertKnownSignatures, ruleSetFromBody, type RulesContext } from './rules-context';
import { matchView, ruleSetOf, signatureView } from './signature-rules-views';

/** At most this many moved people are listed by name in a preview; the count is always whole. */
export const PREVIEW_LIST_LIMIT = 200;

const staleList = () =>
  new AppError(
    'CONFLICT',
    'Another owner or admin changed the rules since you opened them. Reload to see their change, then make yours again.',
  );

const groupsOf = (ruleSet: RuleSet) =>
  new Set(ruleSet.rules.filter((r) => r.kind === 'group').flatMap((r) => r.values.map((v) => v.trim().toLowerCase())));
/** Whether the new list names a Google group the old one did not. */
const newGroupsIn = (before: RuleSet, after: RuleSet) => {
  const known = groupsOf(before);
  return [...groupsOf(after)].some((g) => !known.has(g));
};

/** The ordered rules: who each person gets and why, how many a change moves, the save, members' teams. */
export function createRuleSet(ctx: RulesContext) {
  const { repo } = ctx;
  return {
    async overview(userId: string): Promise<SignatureRulesOverview> {
      const orgId = await ctx.managerOf(userId);
      const [{ rows, names }, row, { connected, people, policyName }] = await Promise.all([
        ctx.namesOf(orgId),
        repo.findRuleSet(orgId),
        ctx.peopleOf(orgId),
      ]);
      const ruleSet = ruleSetOf(row);
      const resolve = compileRuleSet(ruleSet);
      return {
        signatures: rows.map(signatureView),
        rules: ruleSet.rules.map((r) => ({ ...r, values: [...r.values] })),
        defaultSignatureId: ruleSet.defaultSignatureId,
        version: row?.version ?? 0,
        source: connected ? 'workspace' : 'members',
        policyName,
        people: people.map((p) => ({
          id: p.id,
          email: p.email,
          name: p.name,
          orgUnitPath: p.orgUnitPath,
          department: p.department,
          match: matchView(resolve(p), names, policyName),
        })),
      };
    },

    async preview(userId: string, body: RuleSetBody): Promise<RulePreview> {
      const orgId = await ctx.managerOf(userId);
      const [{ names }, row, { people, policyName }] = await Promise.all([
        ctx.namesOf(orgId),
        repo.findRuleSet(orgId),
        ctx.peopleOf(orgId),
      ]);
      assertKnownSignatures(body, names);
      const moves = movesBetween(people, ruleSetOf(row), ruleSetFromBody(body));
      return {
        moved: moves.length,
        people: moves.slice(0, PREVIEW_LIST_LIMIT).map((m) => ({
          email: m.person.email,
          name: m.person.name,
          from: matchView(m.from, names, policyName),
          to: matchView(m.to, names, policyName),
        })),
      };
    },

    async save(userId: string, body: RuleSetBody & { version: number }) {
      const orgId = await ctx.managerOf(userId);
      const [{ names }, row, { people, connected }] = await Promise.all([
        ctx.namesOf(orgId),
        repo.findRuleSet(orgId),
        ctx.peopleOf(orgId),
      ]);
      assertKnownSignatures(body, names);
      if ((row?.version ?? 0) !== body.version) throw staleList();
      const next = ruleSetFromBody(body);
      const moves = movesBetween(people, ruleSetOf(row), next);
      const values = { rules: [...next.rules], defaultSignatureId: next.defaultSignatureId };
      // Conditional on the version read: of two saves from the same list, one wins (decision 0221).
      const version = await repo.saveRuleSet(orgId, values, body.version, userId);
      if (version === null) throw staleList();
      const moved = moves.map((m) => m.person);
      const repushQueued = await ctx.repushPeople(orgId, moved, userId);
      // A group nobody has read yet has no members here: the sync reads it, then pushes whom it moves.
      if (connected && newGroupsIn(ruleSetOf(row), next)) await ctx.readGroups?.(userId);
      return { version, moved: moves.length, repushQueued };
    },

    async setTeam(userId: string, memberUserId: string, team: string) {
      const orgId = await ctx.managerOf(userId);
      if (!(await ctx.people.setMemberTeam(orgId, memberUserId, team))) throw notFound('That member');
      return { ok: true as const };
    },
  };
}
