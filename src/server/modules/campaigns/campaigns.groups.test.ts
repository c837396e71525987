import { afterAll, beforeAll, expect, it } from 'vitest';
import { DIRECTORY_SCOPE, GMAIL_SETTINGS_SCOPE, GROUP_MEMBER_SCOPE } from '../../google/workspace-client';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { campaignBody, minutesFromNow, uploadBanner } from '../../../test-support/campaigns';
import { apiCaller, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { until } from '../../../test-support/until';
import {
  connectAndSync,
  standInPerson,
  startWorkspaceWorld,
  TEST_TEMPLATE_DESIGN,
  type WorkspaceWorld,
} from '../../../test-support/workspace-world';
import type { CampaignView } from '../../../shared/api/campaigns';
import type { WorkspaceOverview } from '../../../shared/api/workspace';
import type { SignatureRulesOverview } from '../../../shared/api/signature-rules';

/**
 * A campaign for Google groups (decision 0236) against the Google stand-in, on both databases: the
 * sync reads the members of the groups an audience names with the optional group-member scope; until
 * that scope is granted the sync still succeeds and says so; once granted, the group's members get
 * the banner in Gmail and nobody else does; someone who joins the group gets it at the next sync.
 */
const DOMAIN = 'campaigns-groups.test';
const GROUP = `webinar@${DOMAIN}`;
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { isAdmin: true, groups: [GROUP] }),
  standInPerson(DOMAIN, 'ben', 'Ben Member', { groups: [GROUP, `all@${DOMAIN}`] }),
  standInPerson(DOMAIN, 'cy', 'Cy Colleague', { groups: [`all@${DOMAIN}`] }),
  standInPerson(DOMAIN, 'di', 'Di Designer'),
];
const emails = PEOPLE.map((p) => p.primaryEmail);

describeEachDatabase('Campaigns for Google groups: read by the sync, pushed to their members', (kind) => {
  let world: WorkspaceWorld;
  let banner: string;
  const call = apiCaller(() => world.t.app);
  const overview = async () => (await call('GET', '/api/workspace', world.owner.cookie)).json() as WorkspaceOverview;
  const stored = () => Promise.all(emails.map(async (e) => (await world.google.state.storedSignature(e)) ?? ''));
  const holding = async () => (await stored()).map((html) => html.includes('Group webinar'));
  const patches = () => emails.map((e) => world.google.state.patchesFor(e));
  /** Asks for a sync and answers its line once it is recorded. */
  const synced = async (request = true) => {
    const before = (await overview()).connection?.lastSyncAt ?? '';
    if (request) await call('POST', '/api/workspace/sync', world.owner.cookie);
    const after = await until(overview, (o) => (o.connection?.lastSyncAt ?? '') > before, 'a sync', 120_000);
    return after.connection!;
  };

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Ben Member', email: `ben@${DOMAIN}` });
    await connectAndSync(world, `ada@${DOMAIN}`, PEOPLE.length);
    const push = await call('POST', '/api/workspace/push', world.owner.cookie, { target: { kind: 'all' } });
    expect(push.statusCode, push.body).toBe(200);
    await until(overview, (o) => o.people.every((p) => p.pushStatus === 'pushed'), 'the first push');
    banner = await uploadBanner(world.t, world.owner.cookie);
  }, 240_000);
  afterAll(async () => {
    await world?.close();
  });

  it('refuses a group audience, and a group that is not an address, in words', async () => {
    const alone = await signUpUser(world.t.app, { name: 'Nora Nobody' });
    const body = campaignBody(banner, minutesFromNow(-1), minutesFromNow(60), {
      audience: { kind: 'groups', groups: [GROUP] },
    });
    const unconnected = await call('POST', '/api/campaigns', alone.cookie, body);
    expect(unconnected.statusCode).toBe(400);
    expect(unconnected.json().errors.audience).toBe(
      'Google groups come from Google Workspace: connect it on this page first, or choose everyone or rules.',
    );
    const bad = await call('POST', '/api/campaigns', world.owner.cookie, {
      ...body,
      audience: { kind: 'groups', groups: ['webinar'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('Please enter Google group addresses');
  });

  it('without the group scope the sync succeeds and says the groups were not read; nobody gets the banner', async () => {
    const before = (await overview()).connection?.lastSyncAt ?? '';
    const res = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(-1), minutesFromNow(60), {
        altText: 'Group webinar',
        audience: { kind: 'groups', groups: [GROUP.toUpperCase()] },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json() as CampaignView;
    expect([view.audienceWords, view.audience]).toEqual([
      `Google groups: ${GROUP}`,
      { kind: 'groups', groups: [GROUP] },
    ]);
    // Saving it queued a sync, which reads the groups.
    const conn = await until(overview, (o) => (o.connection?.lastSyncAt ?? '') > before, 'the sync', 120_000);
    expect(conn.connection!.lastSyncOk).toBe(true);
    expect(conn.connection!.lastSyncResult).toContain('Google groups not read');
    expect(conn.people).toHaveLength(PEOPLE.length);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await holding()).toEqual([false, false, false, false]);
  }, 180_000);

  it('once the scope is granted the members get the banner in Gmail, once each, and nobody else', async () => {
    await world.google.state.grant({
      ...world.account.client,
      scopes: [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE, GROUP_MEMBER_SCOPE],
    });
    const before = patches();
    const conn = await synced();
    expect(conn.lastSyncOk).toBe(true);
    expect(conn.lastSyncResult).toContain('1 Google group read (2 people changed groups)');
    await until(holding, (h) => h[0]! && h[1]!, 'the banner for the group', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await holding()).toEqual([true, true, false, false]);
    expect(patches().map((n, i) => n - before[i]!)).toEqual([1, 1, 0, 0]);
    // Ben's own editor and Copy to Gmail see it too: he is placed by his directory entry.
    const locks = await call('GET', '/api/signatures/locks', world.member.cookie);
    expect(locks.json().banner.html).toContain('alt="Group webinar"');
  }, 180_000);

  it('someone who joins the group in the directory gets the banner at the next sync; the others are not pushed again', async () => {
    await world.google.state.addPeople([{ ...PEOPLE[3]!, groups: [GROUP] }]);
    const before = patches();
    const conn = await synced();
    expect(conn.lastSyncResult).toContain('1 Google group read (1 person changed groups)');
    await until(holding, (h) => h[3]!, 'the banner for Di', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await holding()).toEqual([true, true, false, true]);
    expect(patches().map((n, i) => n - before[i]!)).toEqual([0, 0, 0, 1]);
  }, 180_000);

  it('a rule for a Google group nobody has read yet queues a sync, which places the group’s members', async () => {
    const ALL = `all@${DOMAIN}`;
    const signature = await call('POST', '/api/signature-rules/signatures', world.owner.cookie, {
      name: 'Everyone list',
      template: {
        design: TEST_TEMPLATE_DESIGN,
        company: 'All Co',
        website: '',
        address: '',
        photoUrl: '',
        socialLinks: {},
      },
      editableFields: ['mobile'],
    });
    expect(signature.statusCode, signature.body).toBe(201);
    const before = (await overview()).connection?.lastSyncAt ?? '';
    const saved = await call('PUT', '/api/signature-rules', world.owner.cookie, {
      rules: [{ id: 'all', name: 'All list', kind: 'group', values: [ALL], signatureId: signature.json().id }],
      defaultSignatureId: null,
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const conn = await until(overview, (o) => (o.connection?.lastSyncAt ?? '') > before, 'the sync', 120_000);
    expect(conn.connection!.lastSyncResult).toContain('2 Google groups read');
    const rules = (await call('GET', '/api/signature-rules', world.owner.cookie)).json() as SignatureRulesOverview;
    const why = Object.fromEntries(rules.people.map((p) => [p.email, p.match.reason]));
    expect(why[`ben@${DOMAIN}`]).toBe(`Member of ${ALL}`);
    expect(why[`cy@${DOMAIN}`]).toBe(`Member of ${ALL}`);
    expect(why[`ada@${DOMAIN}`]).not.toContain(ALL);
  }, 180_000);
});
