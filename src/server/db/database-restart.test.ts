import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findPostgresBinaries, startPrivatePostgres, type PrivatePostgres } from '../../test-support/private-postgres';
import { signUpOverHttp, startServerProcess, type ServerProcess } from '../../test-support/server-process';
import { describeWhen } from '../../test-support/test-app';

/**
 * The server survives PostgreSQL restarts and crashes under load, answers 503
 * with words and Retry-After while the database is away (never 401, never 500), serves again
 * within 10 s, and on SIGTERM closes kept-alive connections without resetting a request.
 * The test runs its own PostgreSQL server (initdb in a temporary folder), so restarting it
 * disturbs no other suite, and the real server as a child process, so a crash is a crash.
 */
const binaries = findPostgresBinaries();

type Tally = { statuses: Map<number, number>; resets: string[]; refused: number; bad: string[] };

function newTally(): Tally {
  return { statuses: new Map(), resets: [], refused: 0, bad: [] };
}

describeWhen('missing' in binaries ? binaries.missing : undefined, 'the server and a PostgreSQL that goes away', () => {
  let postgres: PrivatePostgres;
  let server: ServerProcess;
  let base: string;
  let dataDir: string;
  let cookie = '';

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-restart-'));
    server = await startServerProcess({
      env: (url) => ({ PUBLIC_URL: url, DATA_DIR: dataDir, DATABASE_URL: postgres.url, REDIS_URL: '' }),
      startTimeoutMs: 60_000,
    });
    base = server.base;
    const signup = await signUpOverHttp(base, {
      email: 'restart@example.com',
      password: 'A long password 1',
      name: 'Re Start',
    });
    expect(signup.status).toBe(201);
    cookie = signup.cookie;
    expect(cookie).not.toBe('');
  }, 120_000);

  afterAll(async () => {
    // RESTART_TEST_LOG=/tmp/file keeps the server's log for a look after a failure.
    if (process.env.RESTART_TEST_LOG) writeFileSync(process.env.RESTART_TEST_LOG, server.log());
    if (server && !server.exited()) server.child.kill('SIGKILL');
    await postgres?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One GET on a kept-alive agent; says whether the request went out on a reused connection. */
  function get(agent: http.Agent, url: string) {
    return new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
      const req = http.get(`${base}${url}`, { agent, headers: { cookie } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }));
        res.on('error', (error) => reject(Object.assign(error, { reused: req.reusedSocket })));
      });
      req.on('error', (error) => reject(Object.assign(error, { reused: req.reusedSocket })));
    });
  }

  /** Eight clients on kept-alive connections, each calling /api/auth/me and /api/health in a loop. */
  function load(tally: Tally) {
    let running = true;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const worker = async () => {
      while (running) {
        for (const url of ['/api/auth/me', '/api/health']) {
          try {
            const res = await get(agent, url);
            tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
            if (res.status === 503 && url === '/api/auth/me') {
              if (res.retryAfter === undefined) tally.bad.push('503 without Retry-After');
              if (!/database/i.test(res.body)) tally.bad.push(`503 without words: ${res.body}`);
            }
          } catch (error) {
            const { code, reused } = error as { code?: string; reused?: boolean };
            // A request sent on a kept-alive connection and then cut is what must never happen; a
            // new connection refused (or reset before the server took it) sent nothing, and a
            // client or load balancer retries it elsewhere.
            if (reused) tally.resets.push(code ?? String(error));
            else tally.refused += 1;
            if (!running) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    return async () => {
      running = false;
      await Promise.all(workers);
      agent.destroy();
    };
  }

  async function secondsUntilServing(): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 20_000) {
      const res = await fetch(`${base}/api/auth/me`, { headers: { cookie } }).catch(() => null);
      if (res?.status === 200) return (Date.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return Infinity;
  }

  it('survives ten restarts (fast and immediate) under load and serves again within 10 s each time', async () => {
    const tally = newTally();
    const stop = load(tally);
    const recoveries: number[] = [];
    try {
      for (let i = 0; i < 10; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await postgres.restart(i % 2 === 0 ? 'fast' : 'immediate');
        recoveries.push(await secondsUntilServing());
        expect(
          server.exited(),
          `the server process ended after restart ${i + 1}: ${server.log().slice(-2000)}`,
        ).toBeNull();
      }
    } finally {
      await stop();
    }
    console.log(
      `recovered after each restart in ${recoveries.map((s) => s.toFixed(2)).join(', ')} s; answers ${JSON.stringify([...tally.statuses])}`,
    );
    for (const seconds of recoveries) expect(seconds).toBeLessThan(10);
    expect(tally.statuses.get(200) ?? 0).toBeGreaterThan(100);
    expect(tally.statuses.get(500) ?? 0).toBe(0);
    expect(tally.statuses.get(401) ?? 0).toBe(0);
    expect(tally.bad).toEqual([]);
    expect(tally.resets).toEqual([]);
  }, 180_000);

  it('answers 503 with words and Retry-After while the database is down, and serves again when it is back', async () => {
    await postgres.stop('immediate');
    try {
      const res = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect((await res.json()) as { error: string }).toMatchObject({
        error: expect.stringMatching(/cannot reach our database/),
      });
      const save = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'restart@example.com', password: 'A long password 1' }),
      });
      expect(save.status).toBe(503);
      // Alive, but not ready: /api/ready names the database, /api/health stays 200.
      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { error: string }).error).toBe('Not ready: the database is not answering.');
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await postgres.start();
    }
    expect(await secondsUntilServing()).toBeLessThan(10);
    expect(server.exited()).toBeNull();
  }, 60_000);

  it('on SIGTERM under load finishes what it holds, resets no kept-alive request and exits within 10 s', async () => {
    const tally = newTally();
    const stop = load(tally);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    server.child.kill('SIGTERM');
    const exitedIn = await server.waitForExit(15_000);
    await stop();
    console.log(
      `exited ${exitedIn} ms after SIGTERM; answers ${JSON.stringify([...tally.statuses])}, refused new connections ${tally.refused}`,
    );
    expect(server.exited()).toEqual({ code: 0, signal: null });
    expect(exitedIn).toBeLessThan(10_000);
    expect(tally.resets).toEqual([]);
    for (const status of tally.statuses.keys()) expect(status).toBe(200);
  }, 60_000);
});
