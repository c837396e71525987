import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { createTeamWorld, setOrganizationPlan, signUpPerson, type TeamWorld } from '../../../test-support/team-world';
import { TEST_TEMPLATE_DESIGN } from '../../../test-support/workspace-world';
import type { RulePreview, SignatureRulesOverview } from '../../../shared/api/signature-rules';

/**
 * Organization signatures and their rules, without Google Workspace: the rules place the members by
 * their team or by hand. Owners and admins only, one organization's never another's, on both databases.
 */
const signatureBody = (name: string, company = name) => ({
  name,
  template: {
    design: TEST_TEMPLATE_DESIGN,
    company,
    website: 'https://acme.example',
    address: '',
    photoUrl: '',
    socialLinks: {},
  },
  editableFields: ['mobile'],
  requirements: { requiredPhone: true },
});

describeEachDatabase('Signature rules: signatures, order, moves, tenancy', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);
  let world: TeamWorld;
  let sales: string;
  let support: string;

  const overviewOf = async (cookie: string) => {
    const res = await call('GET', '/api/signature-rules', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SignatureRulesOverview;
  };
  const salesRule = () => ({
    id: 'rule-sales',
    name: 'Sales team',
    kind: 'department',
    values: ['sales'],
    signatureId: sales,
  });

  beforeAll(async () => {
    world = await createTeamWorld(t);
    const a = await call('POST', '/api/signature-rules/signatures', world.owner.cookie, signatureBody('Sales'));
    expect(a.statusCode, a.body).toBe(201);
    sales = a.json().id;
    const b = await call('POST', '/api/signature-rules/signatures', world.admin.cookie, signatureBody('Support'));
    expect(b.statusCode, b.body).toBe(201);
    support = b.json().id;
  });

  it('answers an address that is not a signature id in words, never by asking the database', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(
        method,
        '/api/signature-rules/signatures/xyz',
        world.owner.cookie,
        method === 'PUT' ? {} : undefined,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.id).toBe('No organization signature has that address. Open it from the list.');
    }
  });

  it('keeps each signature as a policy: design, shared values, editable fields and requirements', async () => {
    const { signatures, source, people, version } = await overviewOf(world.owner.cookie);
    expect(source).toBe('members');
    expect(version).toBe(0);
    expect(signatures.map((s) => s.name)).toEqual(['Sales', 'Support']);
    expect(signatures[0]).toMatchObject({
      template: { company: 'Sales', design: { primaryColor: '#0b5cab' } },
      editableFields: ['mobile'],
      requirements: { requiredTitle: false, requiredPhone: true, requiredAddress: false },
    });
    // No rules yet: everyone has the organization's one policy, and the table says so.
    expect(people.map((p) => p.match.reason)).toEqual(people.map(() => 'No rule matched: the default signature'));
    expect(people[0]!.match.signatureName).toBe('Organization defaults');
  });

  it('counts who a change moves before it is saved, saves nothing while counting, then saves in order', async () => {
    const team = await call('PUT', `/api/signature-rules/members/${world.member.user.id}/team`, world.owner.cookie, {
      team: 'Sales',
    });
    expect(team.statusCode, team.body).toBe(200);
    const body = { rules: [salesRule()], defaultSignatureId: support };
    const preview = await call('POST', '/api/signature-rules/preview', world.owner.cookie, body);
    expect(preview.statusCode, preview.body).toBe(200);
    const moved = preview.json() as RulePreview;
    // Mia by her team, Olivia and Adam to the default.
    expect(moved.moved).toBe(3);
    const mia = moved.people.find((p) => p.email === world.member.email.toLowerCase())!;
    expect(mia.from).toMatchObject({ ruleName: 'Default', signatureName: 'Organization defaults' });
    expect(mia.to).toMatchObject({ ruleName: 'Sales team', reason: 'Department: Sales', signatureName: 'Sales' });
    expect((await overviewOf(world.owner.cookie)).version).toBe(0);

    const saved = await call('PUT', '/api/signature-rules', world.owner.cookie, { ...body, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 1, moved: 3 });
    const after = await overviewOf(world.admin.cookie);
    expect(after.rules.map((r) => r.id)).toEqual(['rule-sales']);
    const row = after.people.find((p) => p.id === world.member.user.id)!;
    expect(row.match).toMatchObject({ ruleName: 'Sales team', signatureName: 'Sales' });
    expect(row.department).toBe('Sales');
    const owner = after.people.find((p) => p.id === world.owner.user.id)!;
    expect(owner.match).toMatchObject({ ruleName: 'Default', signatureName: 'Support' });
  });

  it('puts a hand-picked rule above the team rule: first match wins, and only Mia moves', async () => {
    const { version } = await overviewOf(world.owner.cookie);
    const picked = { id: 'rule-mia', name: 'Mia', kind: 'people', values: [world.member.email], signatureId: support };
    const body = { rules: [picked, salesRule()], defaultSignatureId: support };
    const preview = (
      await call('POST', '/api/signature-rules/preview', world.owner.cookie, body)
    ).json() as RulePreview;
    expect(preview.people.map((p) => p.email)).toEqual([world.member.email.toLowerCase()]);
    const saved = await call('PUT', '/api/signature-rules', world.owner.cookie, { ...body, version });
    expect(saved.json()).toMatchObject({ version: version + 1, moved: 1 });
    const row = (await overviewOf(world.owner.cookie)).people.find((p) => p.id === world.member.user.id)!;
    expect(row.match).toMatchObject({ ruleName: 'Mia', reason: 'Picked by hand' });
    // The other order gives the team rule first again.
    const back = await call('PUT', '/api/signature-rules', world.owner.cookie, {
      rules: [salesRule(), picked],
      defaultSignatureId: support,
      version: version + 1,
    });
    expect(back.json()).toMatchObject({ moved: 1 });
  });

  it('refuses a save made from an older list, in words, and keeps the newer one', async () => {
    const { version, rules } = await overviewOf(world.owner.cookie);
    const stale = await call('PUT', '/api/signature-rules', world.admin.cookie, {
      rules: [],
      defaultSignatureId: null,
      version: version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/Another owner or admin changed the rules/);
    expect((await overviewOf(world.owner.cookie)).rules).toEqual(rules);
    // Two admins saving from the same list at once: one wins, the other is told.
    const both = await Promise.all(
      [world.owner, world.admin].map((who) =>
        call('PUT', '/api/signature-rules', who.cookie, { rules, defaultSignatureId: support, version }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await overviewOf(world.owner.cookie)).version).toBe(version + 1);
  });

  it('answers bad input with the field in words, never a 5xx', async () => {
    const unit = await call('POST', '/api/signature-rules/preview', world.owner.cookie, {
      rules: [{ id: 'u', name: 'EMEA', kind: 'orgUnit', values: ['Sales'], signatureId: sales }],
      defaultSignatureId: null,
    });
    expect(unit.statusCode).toBe(400);
    expect(unit.body).toContain('An organizational unit starts with /, like /Sales');
    const empty = await call('POST', '/api/signature-rules/preview', world.owner.cookie, {
      rules: [{ id: 'e', name: 'Nobody', kind: 'department', values: [' '], signatureId: sales }],
      defaultSignatureId: null,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Please say who the rule applies to');
    const unknown = await call('POST', '/api/signature-rules/preview', world.owner.cookie, {
      rules: [{ ...salesRule(), signatureId: '00000000-0000-4000-8000-000000000000' }],
      defaultSignatureId: null,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'rules.0.signatureId': 'Please choose a signature from the list' });
    const twin = await call('POST', '/api/signature-rules/signatures', world.owner.cookie, signatureBody('Sales'));
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error).toBe('A signature with this name already exists. Please choose another name.');
    const unnamed = await call('POST', '/api/signature-rules/signatures', world.owner.cookie, signatureBody(' '));
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.body).toContain('Please name the signature');
    // The logo goes to every mailbox the signature gives: ours, re-hosted, or refused with words (decision 0162).
    const privateLogo = signatureBody('Private logo');
    privateLogo.template.photoUrl = 'https://169.254.169.254/latest/logo.png';
    const refused = await call('POST', '/api/signature-rules/signatures', world.owner.cookie, privateLogo);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['template.photoUrl']).toMatch(/private or local network/);
    const ownLogo = signatureBody('Own logo');
    ownLogo.template.photoUrl = '/objects/7f3c9a2e-4b1d-4e8a-9c6f-2d5e8b1a7c40.png';
    const kept = await call('POST', '/api/signature-rules/signatures', world.owner.cookie, ownLogo);
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().template.photoUrl).toBe(ownLogo.template.photoUrl);
    expect(
      (await call('DELETE', `/api/signature-rules/signatures/${kept.json().id}`, world.owner.cookie)).statusCode,
    ).toBe(200);
  });

  it('refuses to delete a signature a rule or the default gives, and deletes one nobody gets', async () => {
    const { version } = await overviewOf(world.owner.cookie);
    const only = { rules: [salesRule()], defaultSignatureId: support, version };
    expect((await call('PUT', '/api/signature-rules', world.owner.cookie, only)).statusCode).toBe(200);
    const inUse = await call('DELETE', `/api/signature-rules/signatures/${sales}`, world.owner.cookie);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toBe('The rule "Sales team" gives "Sales". Change or delete that rule first.');
    const isDefault = await call('DELETE', `/api/signature-rules/signatures/${support}`, world.owner.cookie);
    expect(isDefault.statusCode).toBe(409);
    expect(isDefault.json().error).toBe('"Support" is the default signature. Choose another default first.');
    const spare = await call('POST', '/api/signature-rules/signatures', world.owner.cookie, signatureBody('Spare'));
    const gone = await call('DELETE', `/api/signature-rules/signatures/${spare.json().id}`, world.owner.cookie);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await overviewOf(world.owner.cookie)).signatures.map((s) => s.name)).toEqual(['Sales', 'Support']);
  });

  it('refuses a member in words, on every route', async () => {
    const words = "Only the organization's owner or an admin can manage the organization's signatures and rules.";
    const { cookie } = world.member;
    const answers = await Promise.all([
      call('GET', '/api/signature-rules', cookie),
      call('POST', '/api/signature-rules/signatures', cookie, signatureBody('Mine')),
      call('PUT', `/api/signature-rules/signatures/${sales}`, cookie, signatureBody('Sales', 'Hijacked')),
      call('DELETE', `/api/signature-rules/signatures/${sales}`, cookie),
      call('POST', '/api/signature-rules/preview', cookie, { rules: [], defaultSignatureId: null }),
      call('PUT', '/api/signature-rules', cookie, { rules: [], defaultSignatureId: null, version: 3 }),
      call('PUT', `/api/signature-rules/members/${world.member.user.id}/team`, cookie, { team: 'Boss' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toBe(words);
    }
    expect((await overviewOf(world.owner.cookie)).signatures[0]!.template.company).toBe('Sales');
  });

  it("never lets a second organization read or change the first's signatures, rules or teams", async () => {
    const { cookie } = world.other;
    const theirs = await overviewOf(cookie);
    expect(theirs.signatures).toEqual([]);
    expect(theirs.rules).toEqual([]);
    expect(theirs.people.map((p) => p.email)).toEqual([world.other.email.toLowerCase()]);
    const change = await call('PUT', `/api/signature-rules/signatures/${sales}`, cookie, signatureBody('Sales', 'X'));
    expect(change.statusCode).toBe(404);
    expect(change.json().error).toBe('That signature was not found.');
    expect((await call('DELETE', `/api/signature-rules/signatures/${support}`, cookie)).statusCode).toBe(404);
    const borrow = await call('PUT', '/api/signature-rules', cookie, {
      rules: [{ ...salesRule(), values: ['anything'] }],
      defaultSignatureId: support,
      version: 0,
    });
    expect(borrow.statusCode).toBe(400);
    const team = await call('PUT', `/api/signature-rules/members/${world.member.user.id}/team`, cookie, { team: 'X' });
    expect(team.statusCode).toBe(404);
    const first = await overviewOf(world.owner.cookie);
    expect(first.signatures.map((s) => s.template.company)).toEqual(['Sales', 'Support']);
    expect(first.people.find((p) => p.id === world.member.user.id)!.department).toBe('Sales');
  });

  it("tells each member the signature their rule gives, for the editor's new signature; another organization's none", async () => {
    const mine = async (cookie: string) => {
      const res = await call('GET', '/api/signature-rules/me', cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await mine(world.member.cookie)).toMatchObject({
      signature: { id: sales, name: 'Sales', template: { company: 'Sales' }, editableFields: ['mobile'] },
      ruleName: 'Sales team',
      reason: 'Department: Sales',
    });
    expect(await mine(world.owner.cookie)).toMatchObject({ signature: { name: 'Support' }, ruleName: 'Default' });
    expect(await mine(world.other.cookie)).toEqual({ signature: null });
  });

  describe('plans', () => {
    it('refuses an organization whose plan has no organization templates, in words', async () => {
      const free = await signUpPerson(t, 'Fran Free');
      await setOrganizationPlan(t.database.db, free.organizationId, { plan: 'standard' });
      const res = await call('POST', '/api/signature-rules/signatures', free.cookie, signatureBody('Sales'));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(
        'Organization templates and signatures by group are part of the Pro plan ($199/month). Upgrade under Plan & Billing.',
      );
      expect((await call('GET', '/api/signature-rules', free.cookie)).statusCode).toBe(403);
      expect((await call('GET', '/api/signature-rules/me', free.cookie)).json()).toEqual({ signature: null });
    });
  });
});
