import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { member, organization } from '../../db/schema/auth.schema';
import { workspaceConnection, workspacePushLog } from '../../db/schema/workspace.schema';
import { makeTestServiceAccount } from '../../google/google-stand-in-token';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { GMAIL_SETTINGS_SCOPE } from '../../google/workspace-client';
import { apiCaller, describeEachDatabase, signUpUser, type TestApp } from '../../../test-support/test-app';
import { until } from '../../../test-support/until';
import type { Person } from '../../../test-support/team-world';
import {
  standInPerson,
  startWorkspaceWorld,
  workAndMobile,
  type WorkspaceWorld,
  TEST_TEMPLATE_DESIGN,
} from '../../../test-support/workspace-world';
import { DAILY_QUEUE } from './workspace.service';
import { ApiError } from '../../../client/lib/api';
import { readAnswer } from '../../../client/lib/api-client';
import { workspaceApi } from '../../../shared/api/workspace';
import { gmailStoredLength } from '../../../shared/signature/gmail-size';

/** A title long enough to pass 9,800 once Gmail stores the signature, short enough to stay under it as sent. */
const TITLE_REPEATS = 1_780;

const DOMAIN = 'acme-gws.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', {
    title: 'Head of Ops',
    department: 'Operations',
    orgUnitPath: '/',
    isAdmin: true,
  }),
  standInPerson(DOMAIN, 'ben', 'Ben Carter', {
    title: 'Account Executive',
    department: 'Sales',
    orgUnitPath: '/Sales',
    phones: workAndMobile('+1 555 0101', '+1 555 0199'),
  }),
  standInPerson(DOMAIN, 'chloe', 'Chloe Dubois', {
    title: 'Marketing Manager',
    department: 'Marketing',
    orgUnitPath: '/Marketing',
  }),
  standInPerson(DOMAIN, 'dan', 'Dan NoMail', { department: 'Sales', orgUnitPath: '/Sales', isMailboxSetup: false }),
  standInPerson(DOMAIN, 'eve', 'Eve Gone', { orgUnitPath: '/', suspended: true }),
];

describeEachDatabase('Google Workspace: connect, sync, template and locks, push, audit', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let google: WorkspaceWorld['google'];
  let account: WorkspaceWorld['account'];
  let owner: Person;
  let ben: Person;
  const call = apiCaller(() => t.app);
  type Overview = {
    people: { email: string; pushStatus: string; hasGmail: boolean; linked: boolean; pushError: string | null }[];
    audit: { personEmail: string; result: string; actor: string }[];
    connection: { lastSyncResult: string | null } | null;
  };
  const overview = async () => (await call('GET', '/api/workspace', owner.cookie)).json() as Overview;
  const settled = (o: Overview) => o.people.length > 0 && o.people.every((p) => p.pushStatus !== 'pending');

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Ben Carter', email: at('ben') });
    ({ t, google, account, owner, member: ben } = world);
  }, 60_000);
  afterAll(async () => world?.close());

  it('connect: a broken key, a scope not granted and a non-admin are refused with words; a good key is kept encrypted and never shown', async () => {
    const gmailOnly = makeTestServiceAccount(DOMAIN, [GMAIL_SETTINGS_SCOPE]);
    await google.state.grant(gmailOnly.client);
    const refusals: [keyJson: string, adminEmail: string, error: RegExp][] = [
      ['not json', at('ada'), /key/i],
      [gmailOnly.keyJson, at('ada'), /scope/i],
      [account.keyJson, at('chloe'), /admin/i],
      [account.keyJson, 'nobody', /admin/i],
    ];
    for (const [keyJson, adminEmail, error] of refusals) {
      const refused = await call('POST', '/api/workspace/connection', owner.cookie, { keyJson, adminEmail });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatch(error);
    }

    const ok = await call('POST', '/api/workspace/connection', owner.cookie, {
      keyJson: account.keyJson,
      adminEmail: at('ada'),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ connected: true, clientId: account.client.clientId });
    expect(ok.body).not.toContain('PRIVATE KEY');

    const page = await call('GET', '/api/workspace', owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json().connection).toMatchObject({
      clientId: account.client.clientId,
      adminEmail: at('ada'),
      testMode: false,
    });
    expect(page.json().scopes).toEqual([
      'https://www.googleapis.com/auth/gmail.settings.basic',
      'https://www.googleapis.com/auth/admin.directory.user.readonly',
    ]);
    expect(page.body).not.toContain('PRIVATE KEY');
    const [row] = await t.database.db
      .select()
      .from(workspaceConnection)
      .where(eq(workspaceConnection.organizationId, owner.organizationId));
    expect(row!.encryptedKey).toMatch(/^v1\./);
    expect(row!.encryptedKey).not.toContain('PRIVATE');

    const check = await call('POST', '/api/workspace/connection/check', owner.cookie);
    expect(check.json()).toMatchObject({ ok: true });
  });

  it('a member is refused the admin page with words', async () => {
    const res = await call('GET', '/api/workspace', ben.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/owner or an admin/);
  });

  it('sync reads active people (suspended left out), marks who has no Gmail and links accounts', async () => {
    const res = await call('POST', '/api/workspace/sync', owner.cookie);
    expect(res.statusCode).toBe(202);
    const o = await until(overview, (v) => v.people.length === 4 && !!v.connection?.lastSyncResult, 'the sync');
    expect(o.people.map((p) => p.email)).toEqual([at('ada'), at('ben'), at('chloe'), at('dan')]);
    expect(o.people.find((p) => p.email === at('dan'))!.hasGmail).toBe(false);
    expect(o.people.find((p) => p.email === at('ben'))!.linked).toBe(true);
    expect(o.connection!.lastSyncResult).toMatch(/4 people read.*1 without Gmail/);
  });

  it('dry run shows HTML and size; push writes each once, skips no-Gmail, leaves unchanged ones alone, and audits', async () => {
    const dry = await call('POST', '/api/workspace/push', owner.cookie, {
      target: { kind: 'department', value: 'Sales' },
      dryRun: true,
    });
    expect(dry.statusCode).toBe(200);
    const entries = dry.json().people as { email: string; html: string; chars: number; hasGmail: boolean }[];
    expect(entries.map((e) => e.email)).toEqual([at('ben'), at('dan')]);
    expect(entries[0]!.html).toContain('Ben Carter');
    expect(entries[0]!.html).toContain('+1 555 0101');
    // Counted as Gmail stores it (the render's manifest), not as the HTML handed over.
    expect(entries[0]!.chars).toBe(gmailStoredLength(entries[0]!.html));
    expect(entries[0]!.chars).toBeGreaterThan(entries[0]!.html.length);
    expect(google.state.totalPatches()).toBe(0);

    const push = await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'all' } });
    expect(push.statusCode).toBe(200);
    expect(push.json()).toMatchObject({ dryRun: false, queued: 4 });
    const o = await until(overview, settled, 'the push');
    const status = Object.fromEntries(o.people.map((p) => [p.email, p.pushStatus]));
    expect(status).toEqual({
      [at('ada')]: 'pushed',
      [at('ben')]: 'pushed',
      [at('chloe')]: 'pushed',
      [at('dan')]: 'skipped',
    });
    expect(o.people.find((p) => p.email === at('dan'))!.pushError).toMatch(/Mail service not enabled/);
    expect(google.state.patchesFor(at('ben'))).toBe(1);
    expect(await google.state.storedSignature(at('ben'))).toContain('Ben Carter');
    expect(google.state.tokenRequestsFor(at('ben'))).toBe(1);

    await call('POST', '/api/workspace/push', owner.cookie, {
      target: { kind: 'selection', emails: [at('ben'), at('chloe')] },
    });
    await until(
      overview,
      (v) => settled(v) && v.audit.filter((a) => a.result === 'unchanged').length === 2,
      'the second push',
    );
    expect(google.state.patchesFor(at('ben'))).toBe(1);
    expect(google.state.patchesFor(at('chloe'))).toBe(1);
    expect(google.state.tokenRequestsFor(at('ben'))).toBe(1);
    const rows = await t.database.db
      .select()
      .from(workspacePushLog)
      .where(eq(workspacePushLog.organizationId, owner.organizationId));
    expect(
      rows
        .filter((r) => r.result === 'pushed')
        .map((r) => r.personEmail)
        .sort(),
    ).toEqual([at('ada'), at('ben'), at('chloe')]);
    expect(rows.find((r) => r.personEmail === at('dan'))!.result).toBe('skipped');
    expect(rows.every((r) => r.actor === `Olivia Owner (${owner.email})`)).toBe(true);
    expect(rows.find((r) => r.result === 'pushed')!.htmlChars).toBeGreaterThan(100);
  });

  it('the template locks fields: a person sees why, cannot change a locked one, and an edit of an unlocked one is pushed', async () => {
    const save = await call('PUT', '/api/workspace/template', owner.cookie, {
      template: {
        design: TEST_TEMPLATE_DESIGN,
        company: 'Acme GWS',
        website: 'https://acme.example',
        address: '',
        photoUrl: '',
        socialLinks: {},
      },
      editableFields: ['mobile'],
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().repushQueued).toBe(3);
    await until(
      overview,
      (v) => settled(v) && v.audit.filter((a) => a.actor === 'Template change' && a.result === 'pushed').length === 3,
      'the template re-push',
    );
    expect(await google.state.storedSignature(at('ben'))).toContain('Acme GWS');

    const mine = await call('GET', '/api/workspace/me', ben.cookie);
    expect(mine.statusCode).toBe(200);
    const view = mine.json().person;
    expect(view.editable).toEqual(['mobile']);
    expect(view.locked.title).toMatch(/directory/);
    expect(view.locked.company).toMatch(/template/);
    expect(view.values).toMatchObject({ title: 'Account Executive', mobile: '+1 555 0199', company: 'Acme GWS' });

    const locked = await call('PUT', '/api/workspace/me', ben.cookie, { title: 'Chief Everything' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatch(/Job Title is locked/);

    const before = google.state.patchesFor(at('ben'));
    const edit = await call('PUT', '/api/workspace/me', ben.cookie, { mobile: '+44 20 7946 0000' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().person.html).toContain('+44 20 7946 0000');
    await until(
      async () => google.state.storedSignature(at('ben')),
      (s) => !!s?.includes('+44 20 7946 0000'),
      'the re-push of the edit',
    );
    expect(google.state.patchesFor(at('ben'))).toBe(before + 1);

    const install = await call('POST', '/api/workspace/me/install', ben.cookie);
    expect(install.statusCode).toBe(200);
    expect(install.json().result).toBe('unchanged');
  });

  it("the client's helper reads every Workspace answer through workspaceApi; a field the server adds passes through; bad bodies get the schema's words", async () => {
    const o = readAnswer(workspaceApi.overview, 200, (await call('GET', '/api/workspace', owner.cookie)).json());
    expect(o.people.length).toBe(4);
    expect(o.template.template.company).toBe('Acme GWS');
    expect(o.audit.length).toBeGreaterThan(0);
    const dry = await call('POST', '/api/workspace/push', owner.cookie, {
      target: { kind: 'selection', emails: [at('ben')] },
      dryRun: true,
    });
    const preview = readAnswer(workspaceApi.push, dry.statusCode, dry.json());
    expect(preview.dryRun && preview.people[0]!.email).toBe(at('ben'));
    const mine = readAnswer(workspaceApi.mine, 200, (await call('GET', '/api/workspace/me', ben.cookie)).json());
    expect(mine.person?.editable).toEqual(['mobile']);
    const check = await call('POST', '/api/workspace/connection/check', owner.cookie);
    expect(readAnswer(workspaceApi.check, check.statusCode, check.json()).ok).toBe(true);
    const sync = await call('POST', '/api/workspace/sync', owner.cookie);
    expect(sync.statusCode).toBe(202);
    expect(readAnswer(workspaceApi.sync, 202, sync.json()).message).toMatch(/directory|waiting/);
    const typedOverview = async () =>
      readAnswer(workspaceApi.overview, 200, (await call('GET', '/api/workspace', owner.cookie)).json());
    await until(typedOverview, (v) => v.connection?.lastSyncAt !== o.connection?.lastSyncAt, 'the sync');

    // Views are loose: a send-as address added to an entry reaches the screen.
    const withSendAs = readAnswer(workspaceApi.push, 200, {
      dryRun: true,
      people: [{ ...(preview.dryRun ? preview.people[0] : {}), sendAsEmail: 'sales@acme.example' }],
    });
    expect(withSendAs.dryRun && withSendAs.people[0]!['sendAsEmail']).toBe('sales@acme.example');
    expect(() => readAnswer(workspaceApi.overview, 200, { people: 'none' })).toThrow(ApiError);

    const noTarget = await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'nobody' } });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json()).toMatchObject({
      code: 'VALIDATION',
      error: 'Please choose who to push to: everyone, a department, an organizational unit or a selection',
    });
    expect(noTarget.json().errors['target.kind']).toMatch(/Please choose who to push to/);
    const noAdmin = await call('POST', '/api/workspace/connection', owner.cookie, { keyJson: '{}' });
    expect(noAdmin.statusCode).toBe(400);
    expect(noAdmin.json().errors.adminEmail).toBe('Please enter the address of a Workspace admin');
    expect(noAdmin.headers['cache-control']).toBe('no-store');
  });

  it('a 429 is retried and succeeds; a 400 fails at once with words', async () => {
    /** The next signature PATCH fails with this answer; Ben saves a new mobile. Answers his PATCHes before. */
    const failNextPushOfBen = async (status: number, reason: string, message: string, mobile: string) => {
      google.state.injectFailures('sendAs.patch', 1, { status, reason, message });
      const patchesBefore = google.state.patchesFor(at('ben'));
      await call('PUT', '/api/workspace/me', ben.cookie, { mobile });
      return patchesBefore;
    };
    const before = await failNextPushOfBen(429, 'rateLimitExceeded', 'Rate Limit Exceeded', '+1 555 7000');
    await until(
      async () => google.state.storedSignature(at('ben')),
      (s) => !!s?.includes('+1 555 7000'),
      'the retried push',
      60_000,
    );
    // The 429 answer and the retry that succeeded: two PATCH requests, one stored signature.
    expect(google.state.patchesFor(at('ben'))).toBe(before + 2);

    const beforeBad = await failNextPushOfBen(400, 'invalidArgument', 'Invalid signature', '+1 555 8000');
    const o = await until(
      overview,
      (v) => v.people.find((p) => p.email === at('ben'))!.pushStatus === 'failed',
      'the failed push',
    );
    expect(o.people.find((p) => p.email === at('ben'))!.pushError).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(google.state.patchesFor(at('ben'))).toBe(beforeBad + 1);
  });

  it('the daily schedule syncs and re-pushes: unchanged signatures are not sent again, a failed one is', async () => {
    const before = { ada: google.state.patchesFor(at('ada')), ben: google.state.patchesFor(at('ben')) };
    await t.app.services.jobs.send(DAILY_QUEUE, {});
    const o = await until(
      overview,
      (v) => settled(v) && v.audit.filter((a) => a.actor === 'Schedule').length >= 3,
      'the scheduled re-push',
    );
    const scheduled = Object.fromEntries(
      o.audit.filter((a) => a.actor === 'Schedule').map((a) => [a.personEmail, a.result]),
    );
    expect(scheduled).toMatchObject({ [at('ada')]: 'unchanged', [at('chloe')]: 'unchanged', [at('ben')]: 'pushed' });
    expect(google.state.patchesFor(at('ada'))).toBe(before.ada);
    expect(google.state.patchesFor(at('ben'))).toBe(before.ben + 1);
    expect(await google.state.storedSignature(at('ben'))).toContain('+1 555 8000');
  });

  it('a signature over the limit as Gmail stores it is refused before any call to Google', async () => {
    const long = at('long');
    await google.state.addPeople([
      {
        primaryEmail: long,
        fullName: 'Lena Long',
        givenName: 'Lena',
        familyName: 'Long',
        // Under 10,000 characters as handed over, over 9,800 once Gmail has stored it.
        title: 'Very '.repeat(TITLE_REPEATS),
        orgUnitPath: '/',
      },
    ]);
    await call('POST', '/api/workspace/sync', owner.cookie);
    await until(overview, (v) => v.people.some((p) => p.email === long), 'the sync of the long one');
    const dry = await call('POST', '/api/workspace/push', owner.cookie, {
      target: { kind: 'selection', emails: [long] },
      dryRun: true,
    });
    const entry = dry.json().people[0] as { email: string; tooLong: boolean; html: string; chars: number };
    expect(entry).toMatchObject({ email: long, tooLong: true });
    console.info(`long entry: ${entry.html.length} as handed over, ${entry.chars} as stored`);
    expect(entry.html.length).toBeLessThanOrEqual(9_800);
    expect(entry.chars).toBeGreaterThan(9_800);
    // The dry run read what Gmail holds now; the push itself calls Google for nothing.
    const listsBefore = google.state.counters.requests['sendAs.list'];
    const tokensBefore = google.state.tokenRequestsFor(long);
    await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'selection', emails: [long] } });
    const o = await until(
      overview,
      (v) => v.people.find((p) => p.email === long)!.pushStatus === 'failed',
      'the refusal',
    );
    expect(o.people.find((p) => p.email === long)!.pushError).toMatch(
      /once Gmail stores it; Gmail takes at most 10,000 and we stop at 9,800/,
    );
    expect(google.state.patchesFor(long)).toBe(0);
    expect(google.state.counters.requests['sendAs.list']).toBe(listsBefore);
    expect(google.state.tokenRequestsFor(long)).toBe(tokensBefore);
  });

  it('/metrics shows the Workspace queues', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toMatch(/signaturepro_job_queue_depth\{queue="workspace-push"\} \d+/);
    expect(res.body).toMatch(/signaturepro_job_oldest_pending_age_seconds\{queue="workspace-sync"\} \d+/);
  });

  it('disconnect deletes the key; Install in Gmail then explains copy and paste', async () => {
    const res = await call('DELETE', '/api/workspace/connection', owner.cookie);
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(workspaceConnection)
      .where(eq(workspaceConnection.organizationId, owner.organizationId));
    expect(rows).toEqual([]);
    expect((await overview()).connection).toBeNull();
    const install = await call('POST', '/api/workspace/me/install', ben.cookie);
    expect(install.statusCode).toBe(409);
    expect(install.json().error).toMatch(/Copy to Gmail/);
  });

  it('a Standard organization is refused with words (403)', async () => {
    const std = await signUpUser(t.app, { name: 'Sam Standard' });
    const [m] = await t.database.db.select().from(member).where(eq(member.userId, std.user.id));
    await t.database.db.update(organization).set({ plan: 'standard' }).where(eq(organization.id, m!.organizationId));
    for (const [method, url] of [
      ['GET', '/api/workspace'],
      ['POST', '/api/workspace/sync'],
      ['GET', '/api/workspace/me'],
      ['POST', '/api/workspace/me/install'],
    ] as const) {
      const res = await call(method, url, std.cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatch(/Google Workspace push is part of the Pro plan/);
    }
  });
});
