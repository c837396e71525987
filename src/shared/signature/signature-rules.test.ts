import { describe, expect, it } from 'vitest';
import {
  assignSignature,
  compileRuleSet,
  movesBetween,
  normaliseOrgUnitPath,
  orgUnitContains,
  type RulePerson,
  type RuleSet,
  type SignatureRule,
} from './signature-rules';

const rule = (id: string, kind: SignatureRule['kind'], values: string[], signatureId = `sig-${id}`): SignatureRule => ({
  id,
  name: `Rule ${id}`,
  kind,
  values,
  signatureId,
});
const person = (email: string, extra: Partial<RulePerson> = {}): RulePerson => ({ email, ...extra });

describe('organizational units', () => {
  it('holds the unit and its sub-units, never a unit whose name only starts the same', () => {
    expect(orgUnitContains('/Sales', '/Sales')).toBe(true);
    expect(orgUnitContains('/Sales', '/Sales/EMEA')).toBe(true);
    expect(orgUnitContains('/Sales', '/Sales/EMEA/Paris')).toBe(true);
    expect(orgUnitContains('/Sales', '/SalesOps')).toBe(false);
    expect(orgUnitContains('/Sales', '/')).toBe(false);
    expect(orgUnitContains('/Sales/EMEA', '/Sales')).toBe(false);
  });

  it('reads the root, trailing slashes, a missing leading slash and case as Google does', () => {
    expect(orgUnitContains('/', '/Anything/Deep')).toBe(true);
    expect(orgUnitContains('', '/Support')).toBe(true);
    expect(orgUnitContains('/Sales/', '/Sales/EMEA')).toBe(true);
    expect(orgUnitContains('Sales', '/sales/emea')).toBe(true);
    expect(normaliseOrgUnitPath(' /Sales//EMEA/ ')).toBe('/sales/emea');
    expect(normaliseOrgUnitPath('/')).toBe('/');
  });
});

describe('the first rule that matches decides', () => {
  const ruleSet: RuleSet = {
    rules: [
      rule('paris', 'orgUnit', ['/Sales/EMEA/Paris']),
      rule('sales', 'orgUnit', ['/Sales']),
      rule('support', 'department', ['Support', 'Help desk']),
      rule('webinar', 'group', ['webinar@acme.test']),
      rule('hand', 'people', ['lee@acme.test', 'user-42']),
    ],
    defaultSignatureId: 'sig-default',
  };

  it('gives a sub-unit the more specific rule only because it comes first', () => {
    expect(assignSignature(person('a@acme.test', { orgUnitPath: '/Sales/EMEA/Paris' }), ruleSet)).toEqual({
      signatureId: 'sig-paris',
      ruleId: 'paris',
      ruleName: 'Rule paris',
      reason: 'In /Sales/EMEA/Paris',
    });
    const reversed = { ...ruleSet, rules: [ruleSet.rules[1]!, ruleSet.rules[0]!, ...ruleSet.rules.slice(2)] };
    expect(assignSignature(person('a@acme.test', { orgUnitPath: '/Sales/EMEA/Paris' }), reversed)).toMatchObject({
      ruleId: 'sales',
      reason: 'In /Sales/EMEA/Paris, under /Sales',
    });
  });

  it('matches a unit, a department, a group and a hand-picked address or id, each with its reason', () => {
    expect(assignSignature(person('b@acme.test', { orgUnitPath: '/Sales/EMEA' }), ruleSet)).toMatchObject({
      signatureId: 'sig-sales',
      reason: 'In /Sales/EMEA, under /Sales',
    });
    expect(
      assignSignature(person('c@acme.test', { orgUnitPath: '/SalesOps', department: ' help DESK ' }), ruleSet),
    ).toMatchObject({ signatureId: 'sig-support', reason: 'Department: help DESK' });
    expect(
      assignSignature(person('d@acme.test', { groups: ['all@acme.test', 'Webinar@Acme.test'] }), ruleSet),
    ).toMatchObject({ signatureId: 'sig-webinar', reason: 'Member of Webinar@Acme.test' });
    expect(assignSignature(person('LEE@acme.test'), ruleSet)).toMatchObject({
      signatureId: 'sig-hand',
      reason: 'Picked by hand',
    });
    expect(assignSignature(person('x@acme.test', { id: 'user-42' }), ruleSet)).toMatchObject({ ruleId: 'hand' });
  });

  it('gives the default to everyone no rule names, and says so', () => {
    const nobody = person('z@acme.test', { orgUnitPath: '/SalesOps', department: 'Sales', groups: ['all@acme.test'] });
    expect(assignSignature(nobody, ruleSet)).toEqual({
      signatureId: 'sig-default',
      ruleId: null,
      ruleName: 'Default',
      reason: 'No rule matched: the default signature',
    });
    expect(assignSignature(nobody, { rules: [], defaultSignatureId: null }).signatureId).toBeNull();
  });

  it('lets a person matched by several rules take the first only', () => {
    const everything = person('lee@acme.test', {
      orgUnitPath: '/Sales',
      department: 'Support',
      groups: ['webinar@acme.test'],
    });
    expect(assignSignature(everything, ruleSet).ruleId).toBe('sales');
    expect(assignSignature(everything, { ...ruleSet, rules: ruleSet.rules.slice(2) }).ruleId).toBe('support');
    expect(assignSignature(everything, { ...ruleSet, rules: ruleSet.rules.slice(3) }).ruleId).toBe('webinar');
    expect(assignSignature(everything, { ...ruleSet, rules: ruleSet.rules.slice(4) }).ruleId).toBe('hand');
  });

  it('never matches on what a person lacks or on blank values', () => {
    const blank: RuleSet = {
      rules: [rule('u', 'orgUnit', ['  ']), rule('d', 'department', ['']), rule('p', 'people', [' '])],
      defaultSignatureId: 'sig-default',
    };
    expect(assignSignature(person('e@acme.test', { orgUnitPath: '/x', department: '' }), blank).ruleId).toBeNull();
    expect(assignSignature(person('e@acme.test'), ruleSet).ruleId).toBeNull();
    // A person without an id is not picked by a list that names an id.
    expect(assignSignature(person('f@acme.test', { id: null }), ruleSet).ruleId).toBeNull();
  });
});

describe('who moves when the rules change', () => {
  const people = [
    person('a@acme.test', { orgUnitPath: '/Sales/EMEA' }),
    person('b@acme.test', { orgUnitPath: '/Sales' }),
    person('c@acme.test', { orgUnitPath: '/SalesOps' }),
    person('d@acme.test', { orgUnitPath: '/Support', department: 'Support' }),
  ];
  const before: RuleSet = { rules: [rule('support', 'department', ['Support'])], defaultSignatureId: null };

  it('counts the people whose signature changes, with where they come from and go', () => {
    const after: RuleSet = { rules: [rule('sales', 'orgUnit', ['/Sales']), ...before.rules], defaultSignatureId: null };
    const moves = movesBetween(people, before, after);
    expect(moves.map((m) => m.person.email)).toEqual(['a@acme.test', 'b@acme.test']);
    expect(moves[0]!.from).toMatchObject({ ruleId: null, signatureId: null });
    expect(moves[0]!.to).toMatchObject({ ruleId: 'sales', signatureId: 'sig-sales' });
  });

  it('counts nobody when only the reason changes, and everyone on the default when it changes', () => {
    const sameSignature: RuleSet = {
      rules: [rule('support-unit', 'orgUnit', ['/Support'], 'sig-support'), ...before.rules],
      defaultSignatureId: null,
    };
    expect(movesBetween(people, before, sameSignature)).toEqual([]);
    expect(movesBetween(people, before, { ...before, defaultSignatureId: 'sig-new' })).toHaveLength(3);
  });
});

describe('many people', () => {
  // Correctness at scale only: timing is printed by bench/, never asserted where the machine's load decides.
  it('resolves 10,000 people through 50 rules', () => {
    const rules = Array.from({ length: 50 }, (_, n) => rule(`r${n}`, n % 2 ? 'orgUnit' : 'department', [`/U${n}`]));
    const people = Array.from({ length: 10_000 }, (_, n) =>
      person(`p${n}@acme.test`, { orgUnitPath: `/U${n % 60}/Team`, department: `D${n % 7}` }),
    );
    const resolve = compileRuleSet({ rules, defaultSignatureId: 'sig-default' });
    const matched = people.map(resolve);
    // Odd units up to 49 have a rule; the rest fall to the default.
    expect(matched.filter((m) => m.ruleId !== null)).toHaveLength(
      people.filter((_, n) => n % 60 < 50 && (n % 60) % 2).length,
    );
  });
});

describe('the look-up tables agree with asking each rule in turn', () => {
  // The plain reading of the rules: each in order, the first whose value holds the person decides.
  const fold = (v: string) => v.trim().toLowerCase();
  const firstByHand = (p: RulePerson, rules: readonly SignatureRule[]) =>
    rules.find((r) => {
      const values = r.values.filter((v) => v.trim() !== '');
      if (r.kind === 'orgUnit') return !!p.orgUnitPath && values.some((v) => orgUnitContains(v, p.orgUnitPath!));
      if (r.kind === 'department') return !!p.department && values.some((v) => fold(v) === fold(p.department!));
      if (r.kind === 'group') return (p.groups ?? []).some((g) => values.some((v) => fold(v) === fold(g)));
      return values.some((v) => fold(v) === fold(p.email) || (p.id != null && fold(v) === fold(p.id)));
    })?.id ?? null;

  it('places every one of 2,000 varied people as the rule-by-rule reading does', () => {
    let seed = 7;
    const pick = <T>(xs: readonly T[]) => xs[((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 16) % xs.length]!;
    const units = ['/Sales', '/sales/EMEA/', 'Sales/EMEA/Paris', '/SalesOps', '/Support', ' /support//Tier2 '];
    const words = ['Support', ' help desk', 'Sales', 'SALES', ''];
    const groupsOf = ['all@acme.test', 'Webinar@acme.test', 'sales@acme.test', 'none@acme.test'];
    const rules = Array.from({ length: 40 }, (_, n) => {
      const kind = pick(['orgUnit', 'department', 'group', 'people'] as const);
      const from = kind === 'orgUnit' ? units : kind === 'department' ? words : kind === 'group' ? groupsOf : [];
      const values =
        kind === 'people' ? [`P${n}@acme.test`, `id-${n * 3}`] : Array.from({ length: 1 + (n % 3) }, () => pick(from));
      return rule(`r${n}`, kind, values);
    });
    // The root holds everyone with a unit: last, so that the rules before it decide for someone.
    rules.push(rule('root', 'orgUnit', ['/']));
    const resolve = compileRuleSet({ rules, defaultSignatureId: 'sig-default' });
    const placed = new Set<string>();
    for (let n = 0; n < 2000; n++) {
      const p = person(`p${n % 150}@ACME.test`, {
        id: n % 5 ? `id-${n % 130}` : null,
        orgUnitPath: n % 9 ? pick([...units, '/Sales/EMEA/Paris/Left Bank', '/Other']) : null,
        department: n % 4 ? pick(words) : null,
        groups: Array.from({ length: n % 3 }, () => pick(groupsOf)),
      });
      const got = resolve(p);
      expect(got.ruleId, JSON.stringify(p)).toBe(firstByHand(p, rules));
      expect(got.reason).not.toBe('');
      placed.add(rules.find((r) => r.id === got.ruleId)?.kind ?? 'default');
    }
    // Each kind of rule and the default decided for someone, so the comparison covered every kind of match.
    expect([...placed].sort()).toEqual(['default', 'department', 'group', 'orgUnit', 'people']);
  });
});
