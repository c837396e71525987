import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestServiceAccount } from '../../google/google-stand-in-token';
import { startGoogleStandIn } from '../../../test-support/google-stand-in-harness';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { startServerProcess, type ServerProcess } from '../../../test-support/server-process';
import { createScratchPostgres, describeWhen, NO_POSTGRES } from '../../../test-support/test-app';

/**
 * Two server processes (the real server.ts) on one PostgreSQL push the
 * signatures of 200 people through the Google stand-in (50 ms latency): each person's signature is
 * patched exactly once. Then a template change re-pushes everyone, one process is SIGKILLed
 * mid-push and started again: nobody is patched twice and nobody is forgotten.
 */
const DOMAIN = 'two-procs.test';
const COUNT = 200;

const startServer = (name: string, env: Record<string, string>) => startServerProcess({ name: `server ${name}`, env });

async function api(base: string, method: string, url: string, cookie?: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text), setCookie: res.headers.getSetCookie() };
}

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 120_000, everyMs = 50) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describeWhen(NO_POSTGRES, 'Workspace push across two server processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  let env: Record<string, string>;
  let cookie = '';
  const people: StandInPerson[] = Array.from({ length: COUNT }, (_, i) => ({
    primaryEmail: `person${String(i).padStart(3, '0')}@${DOMAIN}`,
    fullName: `Person ${i}`,
    givenName: 'Person',
    familyName: String(i),
    title: i % 2 ? 'Engineer' : 'Designer',
    department: i % 3 ? 'Product' : 'Sales',
    orgUnitPath: '/',
    isAdmin: i === 0,
  }));
  const admin = people[0]!.primaryEmail;

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    google = await startGoogleStandIn({ people, latencyMs: 50 });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-gws-multi-'));
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      SESSION_SECRET: 'workspace-multi-process-secret-0123456789',
      PUBLIC_URL: 'http://127.0.0.1:5000',
      GOOGLE_TOKEN_URL: google.endpoints.tokenUrl,
      GOOGLE_GMAIL_API_URL: google.endpoints.gmailApiUrl,
      GOOGLE_DIRECTORY_API_URL: google.endpoints.directoryApiUrl,
      JOB_LEASE_SECONDS: '4',
      S3_BUCKET: '',
      REDIS_URL: '',
    };
    servers.push(await startServer('A', env));
    servers.push(await startServer('B', env));
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) if (!s.exited()) s.child.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await google?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const pending = async (base: string) => {
    const o = (await api(base, 'GET', '/api/workspace', cookie)).json() as { people: { pushStatus: string }[] };
    return o.people.filter((p) => p.pushStatus === 'pending' || p.pushStatus === 'never').length;
  };

  it(`pushes ${COUNT} people from two processes, each patched exactly once`, async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const signup = await api(a.base, 'POST', '/api/auth/signup', undefined, {
      email: `owner@${DOMAIN}`,
      password: 'A long password 1',
      name: 'Owner',
      termsAccepted: true,
    });
    expect(signup.status, signup.text).toBe(201);
    cookie = signup.setCookie.map((c) => c.split(';')[0]).join('; ');
    // Seats for everyone: a push covers at most the seats paid for (docs/decisions/0137).
    const seats = new pg.Client({ connectionString: scratch.url });
    await seats.connect();
    await seats.query('update organization set seats = $1', [COUNT]);
    await seats.end();

    const account = makeTestServiceAccount(DOMAIN);
    await google.state.grant(account.client);
    const connect = await api(b.base, 'POST', '/api/workspace/connection', cookie, {
      keyJson: account.keyJson,
      adminEmail: admin,
    });
    expect(connect.status, connect.text).toBe(200);
    expect((await api(a.base, 'POST', '/api/workspace/sync', cookie)).status).toBe(202);
    await until(
      async () => (await api(b.base, 'GET', '/api/workspace', cookie)).json().people.length === COUNT,
      'the sync',
    );

    const started = Date.now();
    const push = await api(a.base, 'POST', '/api/workspace/push', cookie, { target: { kind: 'all' } });
    expect(push.json()).toMatchObject({ queued: COUNT });
    await until(() => google.state.totalPatches() >= COUNT, 'the patches', 120_000, 10);
    const seconds = (Date.now() - started) / 1000;
    await until(async () => (await pending(b.base)) === 0, 'the statuses');
    // Time for a duplicate to show if one were going to happen.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const counts = people.map((p) => google.state.patchesFor(p.primaryEmail));
    expect(counts.filter((c) => c !== 1)).toEqual([]);
    expect(google.state.totalPatches()).toBe(COUNT);
    console.log(
      `two processes, ${COUNT} people, stand-in latency 50 ms: ${seconds.toFixed(1)} s (${Math.round((COUNT / seconds) * 60)} people per minute); token requests ${google.state.totalTokenRequests()}`,
    );
  }, 240_000);

  it('a SIGKILL mid-push: after a restart every person has the new signature, none patched twice', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    google.state.latencyMs = 150;
    const before = google.state.totalPatches();
    const save = await api(b.base, 'PUT', '/api/workspace/template', cookie, {
      template: {
        design: {
          template: 'minimal',
          primaryColor: '#aa3300',
          secondaryColor: '#555555',
          fontFamily: 'Georgia',
          layout: 'horizontal',
          animateLogo: 'false',
          photoShape: 'round',
          logoBacking: 'none',
        },
        company: 'After The Kill Ltd',
        website: '',
        address: '',
        photoUrl: '',
        socialLinks: {},
      },
      editableFields: [],
    });
    expect(save.status, save.text).toBe(200);
    expect(save.json().repushQueued).toBe(COUNT);
    await until(() => google.state.totalPatches() >= before + 30, 'some patches of the second round', 60_000, 5);
    a.child.kill('SIGKILL');
    await until(() => a.exited() !== null, 'A to die', 10_000, 10);
    const atKill = google.state.totalPatches() - before;
    servers.push(await startServer('A2', env));
    await until(() => google.state.totalPatches() >= before + COUNT, 'every person patched again', 180_000, 20);
    await until(async () => (await pending(b.base)) === 0, 'the statuses after the restart', 120_000, 200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const counts = people.map((p) => google.state.patchesFor(p.primaryEmail));
    expect(counts.filter((c) => c !== 2)).toEqual([]);
    for (const p of people)
      expect(await google.state.storedSignature(p.primaryEmail), p.primaryEmail).toContain('After The Kill Ltd');
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const { rows } = await client.query<{ result: string; n: number }>(
      `select result, count(*)::int as n from workspace_push_log where actor = 'Template change' group by result`,
    );
    await client.end();
    console.log(
      `SIGKILL after ${atKill} of ${COUNT} second-round patches; audit of the second round: ${JSON.stringify(rows)}`,
    );
    expect(rows.find((r) => r.result === 'pushed')?.n).toBeGreaterThanOrEqual(COUNT - 10);
  }, 300_000);
});
