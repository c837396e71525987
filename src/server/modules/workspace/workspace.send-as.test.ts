import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { workspacePushLog } from '../../db/schema/workspace.schema';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { apiCaller, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import { until } from '../../../test-support/until';
import type { Person } from '../../../test-support/team-world';
import {
  connectAndSync,
  standInPerson,
  startWorkspaceWorld,
  type WorkspaceWorld,
} from '../../../test-support/workspace-world';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import type { DryRunEntry, WorkspaceOverview } from '../../../shared/api/workspace';

/**
 * Each send-as address is given one signature (docs/decisions/0118). Against the
 * Google stand-in (real HTTP on loopback) and the app's own jobs runner, on both databases.
 */
const DOMAIN = 'alias-gws.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { title: 'Head of Ops', orgUnitPath: '/', isAdmin: true }),
  // Mia has a SignaturePro account and two aliases in Gmail; only "ventas" has a signature for it.
  standInPerson(DOMAIN, 'mia', 'Mia Moreno', {
    title: 'Sales Lead',
    department: 'Sales',
    orgUnitPath: '/',
    aliases: [at('ventas'), at('press')],
  }),
  // Noah has no account: the organization's version on the primary, his alias left alone.
  standInPerson(DOMAIN, 'noah', 'Noah Nobody', { title: 'Support', orgUnitPath: '/', aliases: [at('support')] }),
];

describeEachDatabase('Google Workspace: each send-as address is given one signature', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let google: WorkspaceWorld['google'];
  let owner: Person;
  let mia: Person;
  const call = apiCaller(() => t.app);
  let english: { id: string };
  let spanish: { id: string };
  const overview = async () => (await call('GET', '/api/workspace', owner.cookie)).json() as WorkspaceOverview;
  const settled = (o: WorkspaceOverview) => o.people.length > 0 && o.people.every((p) => p.pushStatus !== 'pending');
  const miaRow = (o: WorkspaceOverview) => o.people.find((p) => p.email === at('mia'))!;
  const logOf = async () =>
    t.database.db
      .select()
      .from(workspacePushLog)
      .where(
        and(eq(workspacePushLog.organizationId, owner.organizationId), eq(workspacePushLog.personEmail, at('mia'))),
      );
  const pushMia = async () => {
    const before = (await logOf()).length;
    const res = await call('POST', '/api/workspace/push', owner.cookie, {
      target: { kind: 'selection', emails: [at('mia')] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return until(
      async () => ({ o: await overview(), log: await logOf() }),
      ({ o, log }) => settled(o) && log.length >= before + 2,
      "Mia's push",
    ).then(({ o, log }) => ({ o, rows: log.slice(0) }));
  };
  const latest = (rows: Awaited<ReturnType<typeof logOf>>, address: string) =>
    rows.filter((r) => r.sendAsEmail === address).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Mia Moreno', email: at('mia') });
    ({ t, google, owner, member: mia } = world);

    const create = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/signatures', mia.cookie, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    const fields = (mobile: string) =>
      createEmptySignature({ name: 'Mia M.', title: 'Her own title', email: at('mia'), mobile });
    english = await create({ ...fields('+1 555 0001'), label: 'English' });
    spanish = await create({ ...fields('+34 600 000 000'), label: 'Español', sendAsEmail: at('ventas') });
    // An address Gmail does not list for her: nothing is written there.
    await create({ ...fields('+1 555 0003'), label: 'Old alias', sendAsEmail: at('gone') });

    await connectAndSync(world, at('ada'), 3);
  }, 60_000);
  afterAll(async () => world?.close());

  it('the dry run lists one entry per (person, address): default on the primary, the "Used for" signature on its alias, locks applied', async () => {
    const dry = await call('POST', '/api/workspace/push', owner.cookie, {
      target: { kind: 'selection', emails: [at('mia'), at('noah')] },
      dryRun: true,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    const entries = dry.json().people as DryRunEntry[];
    expect(entries.map((e) => [e.email, e.sendAsEmail, e.label])).toEqual([
      [at('mia'), at('mia'), 'English'],
      [at('mia'), at('ventas'), 'Español'],
      [at('mia'), at('gone'), 'Old alias'],
      [at('noah'), at('noah'), null],
    ]);
    const [primary, ventas] = entries;
    // Mobile is editable (default template): her own value. Name and title are locked: the directory's.
    expect(primary!.html).toContain('+1 555 0001');
    expect(primary!.html).toContain('Mia Moreno');
    expect(primary!.html).toContain('Sales Lead');
    expect(primary!.html).not.toContain('Her own title');
    expect(ventas!.html).toContain('+34 600 000 000');
    expect(ventas!.html).toContain(at('ventas'));
    expect(ventas!.html).toContain('Sales Lead');
    expect(google.state.totalPatches()).toBe(0);
  });

  it('a push writes each address its own signature, leaves addresses without one alone, and audits per address', async () => {
    const res = await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'all' } });
    expect(res.statusCode, res.body).toBe(200);
    const o = await until(overview, (v) => settled(v) && v.people.every((p) => p.pushStatus === 'pushed'), 'the push');

    expect(google.state.patchesFor(at('mia'))).toBe(1);
    expect(google.state.patchesFor(at('ventas'))).toBe(1);
    expect(await google.state.storedSignature(at('mia'))).toContain('+1 555 0001');
    const ventas = await google.state.storedSignature(at('ventas'));
    expect(ventas).toContain('+34 600 000 000');
    expect(ventas).not.toContain('+1 555 0001');
    // Aliases with no signature, and an address Gmail does not list, are left alone.
    expect(google.state.patchesFor(at('press'))).toBe(0);
    expect(google.state.patchesFor(at('gone'))).toBe(0);
    expect(google.state.patchesFor(at('support'))).toBe(0);
    expect(google.state.patchesFor(at('noah'))).toBe(1);
    expect(await google.state.storedSignature(at('noah'))).toContain('Noah Nobody');

    expect(miaRow(o).addresses).toEqual([
      expect.objectContaining({ sendAsEmail: at('mia'), label: 'English', status: 'pushed', error: null }),
      expect.objectContaining({ sendAsEmail: at('ventas'), label: 'Español', status: 'pushed', error: null }),
    ]);
    const rows = await logOf();
    expect(
      rows
        .filter((r) => r.result === 'pushed')
        .map((r) => r.sendAsEmail)
        .sort(),
    ).toEqual([at('mia'), at('ventas')]);
    expect(
      o.audit.some((a) => a.personEmail === at('mia') && a.sendAsEmail === at('ventas') && a.result === 'pushed'),
    ).toBe(true);
  });

  it('a second push sends nothing: each address is found unchanged', async () => {
    const { rows } = await pushMia();
    expect(google.state.patchesFor(at('mia'))).toBe(1);
    expect(google.state.patchesFor(at('ventas'))).toBe(1);
    expect(latest(rows, at('mia'))!.result).toBe('unchanged');
    expect(latest(rows, at('ventas'))!.result).toBe('unchanged');
  });

  it('a change to the alias signature patches only the alias', async () => {
    const edit = await call('PUT', `/api/signatures/${spanish.id}`, mia.cookie, { mobile: '+34 611 111 111' });
    expect(edit.statusCode, edit.body).toBe(200);
    const { rows } = await pushMia();
    expect(google.state.patchesFor(at('mia'))).toBe(1);
    expect(google.state.patchesFor(at('ventas'))).toBe(2);
    expect(await google.state.storedSignature(at('ventas'))).toContain('+34 611 111 111');
    expect(latest(rows, at('mia'))!.result).toBe('unchanged');
    expect(latest(rows, at('ventas'))!.result).toBe('pushed');
  });

  it('a job that runs again after writing the primary (a process that died) patches only the alias still missing', async () => {
    await call('PUT', `/api/signatures/${english.id}`, mia.cookie, { mobile: '+1 555 0002' });
    await call('PUT', `/api/signatures/${spanish.id}`, mia.cookie, { mobile: '+34 622 222 222' });
    const dry = await call('POST', '/api/workspace/push', owner.cookie, {
      target: { kind: 'selection', emails: [at('mia')] },
      dryRun: true,
    });
    const primaryHtml = (dry.json().people as DryRunEntry[]).find((e) => e.sendAsEmail === at('mia'))!.html;
    // What a first attempt left behind: the primary already holds the new signature, the alias the old one.
    await google.state.store.setSignature(at('mia'), at('mia'), primaryHtml);
    const { rows } = await pushMia();
    expect(google.state.patchesFor(at('mia'))).toBe(1);
    expect(google.state.patchesFor(at('ventas'))).toBe(3);
    expect(await google.state.storedSignature(at('ventas'))).toContain('+34 622 222 222');
    expect(latest(rows, at('mia'))!.result).toBe('unchanged');
    expect(latest(rows, at('ventas'))!.result).toBe('pushed');
  });

  it("a 400 on the alias fails that address with Google's words; the primary stays pushed", async () => {
    await call('PUT', `/api/signatures/${spanish.id}`, mia.cookie, { mobile: '+34 633 333 333' });
    google.state.injectFailures('sendAs.patch', 1, {
      status: 400,
      reason: 'invalidArgument',
      message: 'Invalid signature',
    });
    await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'selection', emails: [at('mia')] } });
    const o = await until(overview, (v) => miaRow(v).pushStatus === 'failed', 'the failed alias');
    expect(miaRow(o).pushError).toContain(at('ventas'));
    expect(miaRow(o).addresses).toEqual([
      expect.objectContaining({ sendAsEmail: at('mia'), status: 'pushed' }),
      expect.objectContaining({
        sendAsEmail: at('ventas'),
        status: 'failed',
        error: expect.stringMatching(/Invalid signature|invalid/i),
      }),
    ]);
    expect(google.state.patchesFor(at('mia'))).toBe(1);
    expect(latest(await logOf(), at('ventas'))!.result).toBe('failed');
  });

  it('an alias whose signature no longer names it is left alone and drops out of the statuses', async () => {
    const clear = await call('PUT', `/api/signatures/${spanish.id}`, mia.cookie, { sendAsEmail: null });
    expect(clear.statusCode, clear.body).toBe(200);
    const before = google.state.patchesFor(at('ventas'));
    const { o } = await (async () => {
      await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'selection', emails: [at('mia')] } });
      return { o: await until(overview, (v) => miaRow(v).pushStatus === 'pushed', 'the push without the alias') };
    })();
    expect(miaRow(o).addresses.map((a) => a.sendAsEmail)).toEqual([at('mia')]);
    expect(google.state.patchesFor(at('ventas'))).toBe(before);
  });
});
