/**
 * Which of the organization's signatures each person gets (docs/decisions/0220-signature-rules.md):
 * an ordered list of rules, the first that matches wins, and a default for everyone no rule names.
 * Pure: the server's push, its preview of "who moves", and the editor's starting signature all call it.
 */

/** What a rule looks at: a Workspace organizational unit (sub-units included), a department (or team), a Google group, or people picked by hand. */
export const RULE_KINDS = ['orgUnit', 'department', 'group', 'people'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const RULE_KIND_LABELS: Record<RuleKind, string> = {
  orgUnit: 'Organizational unit',
  department: 'Department or team',
  group: 'Google group',
  people: 'People picked by hand',
};

export type SignatureRule = {
  id: string;
  name: string;
  kind: RuleKind;
  /** Any one of them matching is enough: units (`/Sales`), departments, group addresses, or person ids and addresses. */
  values: readonly string[];
  /** The organization signature the rule gives. */
  signatureId: string;
};

export type RuleSet = {
  /** In order: the first rule that matches a person decides. */
  rules: readonly SignatureRule[];
  /** Who no rule matches gets this one; null: the organization's one policy (the Workspace template or the defaults). */
  defaultSignatureId: string | null;
};

/** What rules can see of a person: a Workspace directory entry, or a member of the organization without Workspace. */
export type RulePerson = {
  /** The person's id (a directory entry's or a member's user id): a hand-picked list may name it instead of the address. */
  id?: string | null;
  email: string;
  orgUnitPath?: string | null;
  /** The directory's department; for a member without Workspace, their team. */
  department?: string | null;
  /** Addresses of the Google groups the person belongs to (read only with the optional group scope). */
  groups?: readonly string[] | null;
};

export type RuleMatch = {
  signatureId: string | null;
  /** The rule that matched, or null for the default. */
  ruleId: string | null;
  ruleName: string;
  /** Why, in words, for the per-person table. */
  reason: string;
};

export const DEFAULT_RULE_NAME = 'Default';

const fold = (value: string) => value.trim().toLowerCase();

/**
 * A unit path as Google writes it: one leading slash, no trailing one, compared without case (Google
 * refuses two units whose names differ only in case). `''` and `'/'` are the root.
 */
export function normaliseOrgUnitPath(path: string): string {
  const trimmed = fold(path).replace(/\/+/g, '/').replace(/\/$/, '');
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** `/Sales` holds `/Sales` and `/Sales/EMEA`, never `/SalesOps`; the root holds everyone. */
export function orgUnitContains(unit: string, path: string): boolean {
  const u = normaliseOrgUnitPath(unit);
  const p = normaliseOrgUnitPath(path);
  return u === '/' || p === u || p.startsWith(`${u}/`);
}

/** A person's fields as rules compare them, normalised once per person however many rules look. */
type Prepared = {
  person: RulePerson;
  path: string | null;
  department: string | null;
  email: string;
  id: string | null;
  groups: readonly string[];
};

type Matcher = (p: Prepared) => string | null;

/** One rule as a test that answers why it matched (the first of its values that does), or null. */
function matcherOf(rule: SignatureRule): Matcher {
  const values = rule.values.map((v) => v.trim()).filter((v) => v !== '');
  switch (rule.kind) {
    case 'orgUnit': {
      const units = values.map((v) => {
        const path = normaliseOrgUnitPath(v);
        return { shown: v, path, prefix: path === '/' ? '/' : `${path}/` };
      });
      return ({ person, path }) => {
        if (path === null) return null;
        const unit = units.find((u) => path === u.path || path.startsWith(u.prefix));
        if (!unit) return null;
        return path === unit.path ? `In ${person.orgUnitPath}` : `In ${person.orgUnitPath}, under ${unit.shown}`;
      };
    }
    case 'department': {
      const wanted = new Set(values.map(fold));
      return ({ person, department }) =>
        department !== null && wanted.has(department) ? `Department: ${person.department!.trim()}` : null;
    }
    case 'group': {
      const wanted = new Set(values.map(fold));
      return ({ groups }) => {
        const group = groups.find((g) => wanted.has(fold(g)));
        return group ? `Member of ${group}` : null;
      };
    }
    case 'people': {
      const wanted = new Set(values.map(fold));
      return ({ email, id }) => (wanted.has(email) || (id !== null && wanted.has(id)) ? 'Picked by hand' : null);
    }
  }
}

const NONE = Number.POSITIVE_INFINITY;

/** Each value a rule names, mapped to the first rule (by position) that names it. */
function firstRuleByValue(rules: readonly SignatureRule[], kind: RuleKind, key: (value: string) => string) {
  const first = new Map<string, number>();
  rules.forEach((rule, index) => {
    if (rule.kind !== kind) return;
    for (const value of rule.values) {
      if (value.trim() === '') continue;
      const k = key(value);
      if (!first.has(k)) first.set(k, index);
    }
  });
  return first;
}

/** A unit and every unit above it, the root last: `/a/b` → `/a/b`, `/a`, `/`. */
function unitsHolding(path: string): string[] {
  const holding = [path];
  for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1)) holding.push(path.slice(0, cut));
  if (path !== '/') holding.push('/');
  return holding;
}

/**
 * The rules made ready once, for many people (a push, a preview of thousands). Each value a rule
 * names goes into a map to the first rule naming it, so a person is placed by a few look-ups (their
 * units up to the root, department, groups, address and id) whatever the number of rules, and the
 * winner is the lowest rule found. Units and departments repeat across a directory: each distinct
 * one is normalised and looked up once. Only the winning rule is then asked why it matched.
 */
export function compileRuleSet(ruleSet: RuleSet): (person: RulePerson) => RuleMatch {
  const { rules } = ruleSet;
  const fallback: RuleMatch = {
    signatureId: ruleSet.defaultSignatureId,
    ruleId: null,
    ruleName: DEFAULT_RULE_NAME,
    reason: 'No rule matched: the default signature',
  };
  if (rules.length === 0) return () => fallback;
  const reasons = rules.map(matcherOf);
  const unitRule = firstRuleByValue(rules, 'orgUnit', normaliseOrgUnitPath);
  const departmentRule = firstRuleByValue(rules, 'department', fold);
  const groupRule = firstRuleByValue(rules, 'group', fold);
  const pickedRule = firstRuleByValue(rules, 'people', fold);

  const byPath = new Map<string, { path: string; rule: number }>();
  const placePath = (raw: string) => {
    let known = byPath.get(raw);
    if (known === undefined) {
      const path = normaliseOrgUnitPath(raw);
      let rule = NONE;
      if (unitRule.size > 0) for (const unit of unitsHolding(path)) rule = Math.min(rule, unitRule.get(unit) ?? NONE);
      known = { path, rule };
      byPath.set(raw, known);
    }
    return known;
  };
  const byDepartment = new Map<string, { department: string; rule: number }>();
  const placeDepartment = (raw: string) => {
    let known = byDepartment.get(raw);
    if (known === undefined) {
      const department = fold(raw);
      known = { department, rule: departmentRule.get(department) ?? NONE };
      byDepartment.set(raw, known);
    }
    return known;
  };

  return (person) => {
    const unit = person.orgUnitPath ? placePath(person.orgUnitPath) : null;
    const department = person.department ? placeDepartment(person.department) : null;
    const email = fold(person.email);
    const id = person.id != null ? fold(person.id) : null;
    const groups = person.groups ?? [];
    let winner = Math.min(unit?.rule ?? NONE, department?.rule ?? NONE, pickedRule.get(email) ?? NONE);
    if (id !== null) winner = Math.min(winner, pickedRule.get(id) ?? NONE);
    if (groupRule.size > 0) for (const g of groups) winner = Math.min(winner, groupRule.get(fold(g)) ?? NONE);
    if (winner === NONE) return fallback;
    const rule = rules[winner]!;
    const prepared: Prepared = {
      person,
      path: unit?.path ?? null,
      department: department?.department ?? null,
      email,
      id,
      groups,
    };
    const reason = reasons[winner]!(prepared) ?? '';
    return { signatureId: rule.signatureId, ruleId: rule.id, ruleName: rule.name, reason };
  };
}

/** The signature one person gets, and which rule gave it and why. */
export function assignSignature(person: RulePerson, ruleSet: RuleSet): RuleMatch {
  return compileRuleSet(ruleSet)(person);
}

export type RuleMove<P extends RulePerson = RulePerson> = { person: P; from: RuleMatch; to: RuleMatch };

/**
 * Who would get another signature if `after` replaced `before`: shown before a change is saved. A
 * person whose rule changes but whose signature stays is not moved (their Gmail would not change).
 */
export function movesBetween<P extends RulePerson>(
  people: readonly P[],
  before: RuleSet,
  after: RuleSet,
): RuleMove<P>[] {
  const was = compileRuleSet(before);
  const willBe = compileRuleSet(after);
  const moves: RuleMove<P>[] = [];
  for (const person of people) {
    const from = was(person);
    const to = willBe(person);
    if (from.signatureId !== to.signatureId) moves.push({ person, from, to });
  }
  return moves;
}
