import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { member, user } from '../../db/schema/auth.schema';
import { workspaceConnection } from '../../db/schema/workspace.schema';
import { makeTestServiceAccount } from '../../google/google-stand-in-token';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { workspaceKeySecret } from '../../google/workspace-key-secret';
import { apiCaller, describeEachDatabase, signUpUser, type TestApp } from '../../../test-support/test-app';
import { join, signUpPerson, type Person } from '../../../test-support/team-world';
import { until } from '../../../test-support/until';
import { standInPerson, startWorkspaceWorld, type WorkspaceWorld } from '../../../test-support/workspace-world';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import type { DryRunEntry, WorkspaceOverview } from '../../../shared/api/workspace';
import { encryptServiceAccountKey } from './workspace-key-crypto';

/**
 * One tenant never reaches another's Google, and a stranger's account never reaches a mailbox
 * (docs/decisions/0131). Against the Google stand-in over real HTTP, on both databases.
 */
const DOMAIN = 'tenancy-gws.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { orgUnitPath: '/', isAdmin: true }),
  standInPerson(DOMAIN, 'ben', 'Ben Member', { title: 'Directory title', orgUnitPath: '/' }),
  standInPerson(DOMAIN, 'sam', 'Sam Stranger', { title: 'Directory title', orgUnitPath: '/' }),
  standInPerson(DOMAIN, 'tom', 'Tom Elsewhere', { title: 'Directory title', orgUnitPath: '/' }),
  standInPerson(DOMAIN, 'uma', 'Uma Unverified', { title: 'Directory title', orgUnitPath: '/' }),
];

describeEachDatabase('Google Workspace: tenants and strangers', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let google: WorkspaceWorld['google'];
  let owner: Person;
  let ben: Person;
  const call = apiCaller(() => t.app);
  const overviewOf = async (who: { cookie: string }) =>
    (await call('GET', '/api/workspace', who.cookie)).json() as WorkspaceOverview;

  /** A signature the person made in the editor, with a line nobody else has. */
  const ownSignature = async (who: { cookie: string; email: string }, secret: string) => {
    const res = await call('POST', '/api/signatures', who.cookie, {
      ...createEmptySignature({ name: secret, title: secret, email: who.email, mobile: '+1 555 9999' }),
      label: secret,
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Ben Member', email: at('ben') });
    ({ t, google, owner, member: ben } = world);
    const connect = await call('POST', '/api/workspace/connection', owner.cookie, {
      keyJson: world.account.keyJson,
      adminEmail: at('ada'),
    });
    expect(connect.statusCode, connect.body).toBe(200);
  }, 60_000);
  afterAll(async () => world?.close());

  /** A key file with the victim's client_email and client_id, signed by a private key the forger made. */
  const forgedKey = () => {
    const forger = makeTestServiceAccount(DOMAIN);
    return JSON.stringify({
      ...(JSON.parse(forger.keyJson) as object),
      client_email: world.account.client.clientEmail,
      client_id: world.account.client.clientId,
    });
  };

  it("a forged key carrying another tenant's client_email is refused while that tenant's token is fresh", async () => {
    // The victim's tokens are warm: a sync read the directory a moment ago.
    await call('POST', '/api/workspace/sync', owner.cookie);
    await until(
      () => overviewOf(owner),
      (o) => o.people.length === PEOPLE.length,
      "the victim's sync",
    );
    const attacker = await signUpPerson(t, 'Mallory Attacker');
    const directoryReads = google.state.counters.requests.directory;
    const refused = await call('POST', '/api/workspace/connection', attacker.cookie, {
      keyJson: forgedKey(),
      adminEmail: at('ada'),
    });
    // The domain is the victim's: refused before any call to Google (docs/decisions/0141). A forged
    // key that gets past that rule (stored before it) is the next test's: Google refuses it.
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatch(/already connected to another SignaturePro organization/);
    expect(google.state.counters.requests.directory).toBe(directoryReads);
    expect((await overviewOf(attacker)).connection).toBeNull();
  });

  it('a forged key already stored (written before this rule) reads nothing: sync and "Check connection" sign anew', async () => {
    const attacker = await signUpPerson(t, 'Mallory Stored');
    await t.database.db.insert(workspaceConnection).values({
      organizationId: attacker.organizationId,
      clientEmail: world.account.client.clientEmail,
      clientId: world.account.client.clientId,
      adminEmail: at('ada'),
      encryptedKey: encryptServiceAccountKey(workspaceKeySecret(t.config), attacker.organizationId, forgedKey()),
    });
    const directoryReads = google.state.counters.requests.directory;
    const check = await call('POST', '/api/workspace/connection/check', attacker.cookie);
    expect(check.json()).toMatchObject({ ok: false });
    await call('POST', '/api/workspace/sync', attacker.cookie);
    const o = await until(
      () => overviewOf(attacker),
      (v) => !!v.connection?.lastSyncResult,
      "the attacker's sync",
    );
    expect(o.connection!.lastSyncOk).toBe(false);
    expect(o.people).toEqual([]);
    expect(google.state.counters.requests.directory).toBe(directoryReads);
    // The victim is untouched and still connected.
    expect((await call('POST', '/api/workspace/connection/check', owner.cookie)).json()).toMatchObject({ ok: true });
  });

  it("a stranger with a matching address (unverified, or verified in another organization) never reaches a mailbox or a dry run; a verified member's own signature does", async () => {
    // Sam: his own account, never verified. Tom: verified, but a member of his own organization.
    const sam = await signUpUser(t.app, { name: 'Sam Stranger', email: at('sam') });
    await ownSignature(sam, 'SAM-PRIVATE');
    const tom = await signUpPerson(t, 'Tom Elsewhere');
    await t.database.db
      .update(user)
      .set({ email: at('tom') })
      .where(eq(user.id, tom.user.id));
    await ownSignature({ ...tom, email: at('tom') }, 'TOM-PRIVATE');
    // Uma joined Olivia's organization but never verified her address.
    const umaSignup = await signUpUser(t.app, { name: 'Uma Unverified', email: at('uma') });
    const [umaRow] = await t.database.db.select().from(member).where(eq(member.userId, umaSignup.user.id));
    const uma = await join(
      t,
      owner,
      { ...umaSignup, memberId: umaRow!.id, organizationId: umaRow!.organizationId },
      'member',
    );
    await ownSignature(uma, 'UMA-PRIVATE');
    await ownSignature(ben, 'BEN-OWN');

    const before = (await overviewOf(owner)).connection!.lastSyncAt;
    await call('POST', '/api/workspace/sync', owner.cookie);
    const o = await until(
      () => overviewOf(owner),
      (v) => v.connection!.lastSyncAt !== before,
      'the sync',
    );
    const linked = Object.fromEntries(o.people.map((p) => [p.email, p.linked]));
    expect(linked).toEqual({
      [at('ada')]: false,
      [at('ben')]: true,
      [at('sam')]: false,
      [at('tom')]: false,
      [at('uma')]: false,
    });

    const dry = await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'all' }, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const entries = dry.json().people as DryRunEntry[];
    const html = (email: string) =>
      entries
        .filter((e) => e.email === email)
        .map((e) => e.html)
        .join('\n');
    expect(dry.body).not.toMatch(/SAM-PRIVATE|TOM-PRIVATE|UMA-PRIVATE/);
    for (const who of ['sam', 'tom', 'uma']) {
      expect(html(at(who))).toContain('Directory title');
      expect(entries.filter((e) => e.email === at(who)).map((e) => e.label)).toEqual([null]);
    }
    expect(html(at('ben'))).toContain('+1 555 9999');

    const push = await call('POST', '/api/workspace/push', owner.cookie, { target: { kind: 'all' } });
    expect(push.statusCode, push.body).toBe(200);
    await until(
      () => overviewOf(owner),
      (v) => v.people.every((p) => p.pushStatus === 'pushed'),
      'the push',
    );
    for (const who of ['sam', 'tom', 'uma']) {
      const stored = await google.state.storedSignature(at(who));
      expect(stored).toContain('Directory title');
      expect(stored).not.toMatch(/PRIVATE/);
    }
    expect(await google.state.storedSignature(at('ben'))).toContain('+1 555 9999');

    // Uma cannot see or edit the directory row that carries her address until she verifies it.
    const mine = await call('GET', '/api/workspace/me', uma.cookie);
    expect(mine.json().person).toBeNull();

    // Ben leaves: from the next render on, his own signature is no longer used (no sync needed).
    await t.database.db.delete(member).where(eq(member.userId, ben.user.id));
    const after = await call('POST', '/api/workspace/push', owner.cookie, {
      target: { kind: 'selection', emails: [at('ben')] },
      dryRun: true,
    });
    // What would be written (`html`), not what his Gmail still holds from before (`current`).
    const next = (after.json().people as DryRunEntry[]).map((e) => e.html).join('\n');
    expect(next).toContain('Ben Member');
    expect(next).not.toContain('+1 555 9999');
    expect(after.body).not.toContain('BEN-OWN');
  });
});
