import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createScratchPostgres, describeWhen, NO_POSTGRES } from '../../../test-support/test-app';
import {
  benchPerson,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../../test-support/server-process';

/**
 * Decision 0190: each process keeps session reads for a while, so a change made through one
 * process — a sign-out, a session ended from the database, a new name, a removal from the team —
 * must reach the other process's cache before its next answer. Two real server processes on one
 * PostgreSQL database; every check reads B right after A (or the database) answered, having
 * filled B's cache first.
 */
describeWhen(NO_POSTGRES, 'session cache across two server processes [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-session-cache-'));
    const env = (base: string) => ({ PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: scratch.url, REDIS_URL: '' });
    a = await startServerProcess({ name: 'server A', env });
    b = await startServerProcess({ name: 'server B', env });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (server: ServerProcess, method: string, url: string, cookie: string, body?: unknown) => {
    const res = await fetch(`${server.base}${url}`, {
      method,
      headers: {
        cookie,
        origin: server.base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as { user?: { name: string } } | null };
  };

  /** B answers /me and a signed-in call twice (the second from its cache) for this cookie. */
  async function warm(cookie: string) {
    for (let i = 0; i < 2; i += 1) {
      expect((await call(b, 'GET', '/api/auth/me', cookie)).status).toBe(200);
      expect((await call(b, 'GET', '/api/signatures', cookie)).status).toBe(200);
    }
  }

  async function signUp() {
    const person = benchPerson();
    const { cookie } = await signUpOverHttp(a.base, person, { origin: a.base });
    expect(cookie).not.toBe('');
    return { ...person, cookie };
  }

  it('a sign-out through A ends the session on B at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { cookie } = await signUp();
      await warm(cookie);
      expect((await call(a, 'POST', '/api/auth/logout', cookie, {})).status).toBe(200);
      expect((await call(b, 'GET', '/api/auth/me', cookie)).status).toBe(401);
      expect((await call(b, 'GET', '/api/signatures', cookie)).status).toBe(401);
    }
  }, 120_000);

  it('a session deleted in the database (no process involved) ends on B at once', async () => {
    const { cookie, email } = await signUp();
    await warm(cookie);
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      await admin.query('delete from "session" where user_id = (select id from "user" where email = $1)', [email]);
    } finally {
      await admin.end();
    }
    // A change made outside every process reaches each of them by notification, within milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await call(b, 'GET', '/api/auth/me', cookie)).status).toBe(401);
  }, 60_000);

  it('a new name set through A shows on B at once, and a password change there signs the other device out on B', async () => {
    const person = await signUp();
    const login = await fetch(`${a.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.base },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(login.status).toBe(200);
    const otherDevice = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await warm(person.cookie);
    await warm(otherDevice);
    expect(
      (
        await call(a, 'PUT', '/api/account/profile', person.cookie, {
          name: 'Renamed Person',
          timezone: 'America/New_York',
        })
      ).status,
    ).toBe(200);
    expect((await call(b, 'GET', '/api/auth/me', person.cookie)).body?.user?.name).toBe('Renamed Person');
    const changed = await call(a, 'POST', '/api/account/password', person.cookie, {
      currentPassword: person.password,
      newPassword: 'Another-Password-2',
      confirmPassword: 'Another-Password-2',
    });
    expect(changed).toMatchObject({ status: 200 });
    expect((await call(b, 'GET', '/api/auth/me', otherDevice)).status).toBe(401);
  }, 60_000);
});
