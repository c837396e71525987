import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { apiCaller, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import type { Person } from '../../../test-support/team-world';
import { until } from '../../../test-support/until';
import {
  TEST_TEMPLATE_DESIGN,
  standInPerson,
  startWorkspaceWorld,
  type WorkspaceWorld,
} from '../../../test-support/workspace-world';
import type { DryRunEntry, WorkspaceOverview } from '../../../shared/api/workspace';
import type { RulePreview, SignatureRulesOverview } from '../../../shared/api/signature-rules';

/**
 * Rules against a Workspace directory (the Google stand-in over real HTTP, both databases): units hold
 * their sub-units, the first rule wins, the push writes each person the signature their rule gives, a
 * saved change pushes the people it moved, and a person who moves unit moves signature at the next sync.
 */
const DOMAIN = 'rules-gws.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { orgUnitPath: '/', isAdmin: true }),
  standInPerson(DOMAIN, 'ben', 'Ben Member', { orgUnitPath: '/' }),
  standInPerson(DOMAIN, 'sal', 'Sal Seller', { orgUnitPath: '/Sales' }),
  standInPerson(DOMAIN, 'emi', 'Emi Europe', { orgUnitPath: '/Sales/EMEA' }),
  standInPerson(DOMAIN, 'ops', 'Oz Operations', { orgUnitPath: '/SalesOps' }),
  standInPerson(DOMAIN, 'sue', 'Sue Support', { orgUnitPath: '/Support', department: 'Support' }),
];

const signatureBody = (name: string, company: string) => ({
  name,
  template: { design: TEST_TEMPLATE_DESIGN, company, website: '', address: '', photoUrl: '', socialLinks: {} },
  editableFields: ['mobile'],
});

describeEachDatabase('Signature rules: the Workspace push gives each person their rule’s signature', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let google: WorkspaceWorld['google'];
  let owner: Person;
  let sales: string;
  let support: string;
  const call = apiCaller(() => t.app);
  const overview = async () => (await call('GET', '/api/workspace', owner.cookie)).json() as WorkspaceOverview;
  const rulesOverview = async () =>
    (await call('GET', '/api/signature-rules', owner.cookie)).json() as SignatureRulesOverview;
  const settled = (o: WorkspaceOverview) => o.people.length > 0 && o.people.every((p) => p.pushStatus !== 'pending');
  const stored = async (local: string) => (await google.state.storedSignature(at(local))) ?? '';
  const sync = async () => {
    const before = (await overview()).connection?.lastSyncAt ?? null;
    const res = await call('POST', '/api/workspace/sync', owner.cookie);
    expect(res.statusCode, res.body).toBe(202);
    return until(overview, (o) => o.connection!.lastSyncAt !== before, 'the sync');
  };
  const salesRule = () => ({ id: 'sales', name: 'Sales', kind: 'orgUnit', values: ['/Sales'], signatureId: sales });
  const supportRule = () => ({
    id: 'support',
    name: 'Support desk',
    kind: 'department',
    values: ['Support'],
    signatureId: support,
  });

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Ben Member', email: at('ben') });
    ({ t, google, owner } = world);
    const connect = await call('POST', '/api/workspace/connection', owner.cookie, {
      keyJson: world.account.keyJson,
      adminEmail: at('ada'),
    });
    expect(connect.statusCode, connect.body).toBe(200);
    expect((await sync()).people).toHaveLength(PEOPLE.length);
    sales = (
      await call('POST', '/api/signature-rules/signatures', owner.cookie, signatureBody('Sales', 'Sales Co'))
    ).json().id;
    support = (
      await call('POST', '/api/signature-rules/signatures', owner.cookie, signatureBody('Support', 'Support Desk'))
    ).json().id;
    const saved = await call('PUT', '/api/signature-rules', owner.cookie, {
      rules: [salesRule(), supportRule()],
      defaultSignatureId: null,
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Nobody was pushed yet: the change moves people but pushes none of them.
    expect(saved.json()).toMatchObject({ moved: 3, repushQueued: 0 });
  }, 240_000);
  afterAll(async () => world?.close());

  it('places the directory’s people by unit (sub-units included, never /SalesOps) and department, and says why', async () => {
    const o = await rulesOverview();
    expect(o.source).toBe('workspace');
    const why = Object.fromEntries(o.people.map((p) => [p.email, `${p.match.ruleName}: ${p.match.reason}`]));
    expect(why).toEqual({
      [at('ada')]: 'Default: No rule matched: the default signature',
      [at('ben')]: 'Default: No rule matched: the default signature',
      [at('sal')]: 'Sales: In /Sales',
      [at('emi')]: 'Sales: In /Sales/EMEA, under /Sales',
      [at('ops')]: 'Default: No rule matched: the default signature',
      [at('sue')]: 'Support desk: Department: Support',
    });
    expect(o.people.find((p) => p.email === at('ops'))!.match.signatureName).toBe('Organization template');
  });

  it('previews and pushes each person the signature their rule gives', async () => {
    const dry = await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'all' }, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const html = Object.fromEntries((dry.json().people as DryRunEntry[]).map((e) => [e.email, e.html]));
    expect(html[at('emi')]).toContain('Sales Co');
    expect(html[at('sal')]).toContain('Sales Co');
    expect(html[at('sue')]).toContain('Support Desk');
    expect(html[at('ops')]).not.toContain('Sales Co');
    expect(html[at('ops')]).not.toContain('Support Desk');

    const push = await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'all' } });
    expect(push.statusCode, push.body).toBe(200);
    await until(overview, (o) => settled(o) && o.people.every((p) => p.pushStatus === 'pushed'), 'the push');
    expect(await stored('emi')).toContain('Sales Co');
    expect(await stored('sue')).toContain('Support Desk');
    expect(await stored('ops')).not.toContain('Sales Co');
  });

  it('counts who a rule moves before saving, and the save pushes exactly them', async () => {
    const rules = [
      { id: 'ops', name: 'Operations', kind: 'orgUnit', values: ['/SalesOps'], signatureId: support },
      salesRule(),
      supportRule(),
    ];
    const preview = await call('POST', '/api/signature-rules/preview', owner.cookie, {
      rules,
      defaultSignatureId: null,
    });
    const moved = preview.json() as RulePreview;
    expect(moved.moved).toBe(1);
    expect(moved.people[0]).toMatchObject({
      email: at('ops'),
      to: { ruleName: 'Operations', signatureName: 'Support' },
    });
    const patches = google.state.totalPatches();
    const { version } = await rulesOverview();
    const saved = await call('PUT', '/api/signature-rules', owner.cookie, { rules, defaultSignatureId: null, version });
    expect(saved.json()).toMatchObject({ moved: 1, repushQueued: 1 });
    await until(
      () => stored('ops'),
      (html) => html.includes('Support Desk'),
      'the moved person’s new signature',
    );
    await until(overview, settled, 'the push');
    expect(google.state.totalPatches()).toBe(patches + 1);
  });

  it('changing a signature pushes the people it gives again', async () => {
    const res = await call(
      'PUT',
      `/api/signature-rules/signatures/${sales}`,
      owner.cookie,
      signatureBody('Sales', 'Sales Group'),
    );
    expect(res.statusCode, res.body).toBe(200);
    await until(
      () => stored('emi'),
      (html) => html.includes('Sales Group'),
      'the changed signature',
    );
    await until(
      () => stored('sal'),
      (html) => html.includes('Sales Group'),
      'the changed signature',
    );
    expect(await stored('sue')).toContain('Support Desk');
  });

  it('a person who moves unit in the directory moves signature at the next sync', async () => {
    await google.state.addPeople([
      { ...PEOPLE.find((p) => p.primaryEmail === at('sue'))!, orgUnitPath: '/Sales/EMEA' },
    ]);
    await sync();
    // Still in Support by department, but the unit rule comes first.
    await until(
      () => stored('sue'),
      (html) => html.includes('Sales Group'),
      'the new unit’s signature',
    );
    const sue = (await rulesOverview()).people.find((p) => p.email === at('sue'))!;
    expect(sue.match).toMatchObject({ ruleName: 'Sales', reason: 'In /Sales/EMEA, under /Sales' });
  });
});
