import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox.schema';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { recordGoogleCalls } from '../../../test-support/google-calls';
import { startSmtpTestServer } from '../../../test-support/smtp-server';
import { apiCaller, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import { until } from '../../../test-support/until';
import { standInPerson, startWorkspaceWorld, type WorkspaceWorld } from '../../../test-support/workspace-world';

/**
 * A systemic failure mid-push (docs/decisions/0133): the key is revoked while 60 people are being
 * pushed. The run stops within 3 calls to Google after Google's first refusal, the connection is
 * marked stopped, the owner is mailed once, and nothing is tried again until "Check connection" passes.
 */
const DOMAIN = 'acme-stop.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const MANY = 60;
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { isAdmin: true }),
  ...Array.from({ length: MANY - 1 }, (_, i) => standInPerson(DOMAIN, `p${String(i).padStart(2, '0')}`, `Person ${i}`)),
];
/** The 10th patch Google receives is the moment the key is deleted in the Cloud console. */
const REVOKE_AT_PATCH = 10;

describeEachDatabase('Google Workspace: a systemic failure stops the run', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpTestServer>>;
  const call = apiCaller(() => t.app);
  type Overview = {
    people: { email: string; pushStatus: string; pushError: string | null }[];
    connection: { stoppedAt: string | null; stoppedReason: string | null; lastSyncResult: string | null } | null;
  };
  const overview = async () => (await call('GET', '/api/workspace', world.owner.cookie)).json() as Overview;
  const settled = (o: Overview) => o.people.length === MANY && o.people.every((p) => p.pushStatus !== 'pending');
  const stoppedMails = async () =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'workspace-stopped')));

  beforeAll(async () => {
    sink = await startSmtpTestServer();
    world = await startWorkspaceWorld(
      kind,
      DOMAIN,
      PEOPLE,
      { name: 'Mo Member', email: 'mo@elsewhere.test' },
      { env: { SMTP_URL: sink.url }, latencyMs: 10 },
    );
    t = world.t;
    const connected = await call('POST', '/api/workspace/connection', world.owner.cookie, {
      keyJson: world.account.keyJson,
      adminEmail: at('ada'),
    });
    expect(connected.statusCode).toBe(200);
    await call('POST', '/api/workspace/sync', world.owner.cookie);
    await until(overview, (o) => o.people.length === MANY, 'the sync');
  }, 120_000);
  afterAll(async () => {
    await world?.close();
    await sink?.close();
  });

  it('a key revoked mid-push: ≤ 3 calls after the first refusal, the connection stopped, one mail; nothing more until a check passes', async () => {
    const { google, account } = world;
    const countBy = google.state.countBy.bind(google.state);
    google.state.countBy = (map, key) => {
      countBy(map, key);
      if (map === 'patches' && google.state.totalPatches() === REVOKE_AT_PATCH)
        void google.state.revoke(account.client.clientEmail);
    };
    const calls = recordGoogleCalls(google.url);
    const push = await call('POST', '/api/workspace/push', world.owner.cookie, { target: { kind: 'all' } });
    expect(push.json()).toEqual({ dryRun: false, pushId: expect.any(String), queued: MANY });
    const o = await until(overview, settled, 'the push to settle', 60_000);

    const tokenRefused = calls.afterFirstFailure((c) => c.url === '/token' && c.status === 400);
    expect(tokenRefused.failedAt).toBeGreaterThan(0);
    expect(tokenRefused.after).toBeLessThanOrEqual(3);
    const pushed = o.people.filter((p) => p.pushStatus === 'pushed').length;
    expect(pushed).toBeGreaterThanOrEqual(REVOKE_AT_PATCH - 1);
    expect(pushed).toBeLessThan(MANY);

    const reason =
      'Google no longer accepts this service account key: it was deleted or replaced. Create a new JSON key for the service account and connect again. Google said: “invalid_grant: Invalid JWT Signature.”';
    expect(o.connection).toMatchObject({ stoppedReason: reason });
    const held = o.people.filter((p) => p.pushStatus === 'failed');
    expect(held.length).toBe(MANY - pushed);
    for (const p of held)
      expect(p.pushError).toBe(`Not pushed: pushes are stopped until "Check connection" passes. ${reason}`);

    // One mail, to the owner (the member is not an admin), saying why and what resumes.
    const isAlert = (m: (typeof sink.mails)[number]) =>
      /^Signatures are no longer pushed to Gmail for /.test(m.parsed.subject ?? '');
    const mail = await sink.waitFor(isAlert);
    expect(mail.envelopeTo).toEqual([world.owner.user.email]);
    expect(mail.parsed.text).toContain(reason);
    expect(mail.parsed.text).toContain('Check connection');
    expect(await stoppedMails()).toHaveLength(1);

    // Stopped: a new push, a sync and the schedule reach Google not once.
    const before = calls.sent();
    const again = await call('POST', '/api/workspace/push', world.owner.cookie, { target: { kind: 'all' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`Not pushed: pushes are stopped until "Check connection" passes. ${reason}`);
    await call('POST', '/api/workspace/sync', world.owner.cookie);
    await until(overview, (v) => /^Not read: pushes are stopped/.test(v.connection?.lastSyncResult ?? ''), 'the sync');
    expect(calls.sent()).toBe(before);
    calls.restore();

    // A check that still fails keeps it stopped and mails nobody again.
    const failing = await call('POST', '/api/workspace/connection/check', world.owner.cookie);
    expect(failing.json()).toMatchObject({ ok: false });
    expect((await overview()).connection?.stoppedAt).not.toBeNull();

    // The admin fixes it (here: the key is valid again); the check passes and the stopped pushes resume.
    await google.state.grant({ ...account.client, revoked: false });
    const passing = await call('POST', '/api/workspace/connection/check', world.owner.cookie);
    expect(passing.json()).toMatchObject({ ok: true });
    const resumed = await until(
      overview,
      (v) => v.people.every((p) => p.pushStatus === 'pushed'),
      'the stopped pushes to resume',
      60_000,
    );
    expect(resumed.connection).toMatchObject({ stoppedAt: null, stoppedReason: null });
    expect(await stoppedMails()).toHaveLength(1);
    expect(sink.mails.filter(isAlert)).toHaveLength(1);
  }, 180_000);
});
