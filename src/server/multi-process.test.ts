import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmptySignature } from '../shared/signature/signature-schema';
import { startSmtpTestServer, type SmtpTestServer } from '../test-support/smtp-server';
import { createScratchPostgres, describeWhen } from '../test-support/test-app';
import { freePort } from '../test-support/free-port';
import { startServerProcess, type ServerProcess } from '../test-support/server-process';

/**
 * Two server processes (the real server.ts, as child processes) on one
 * PostgreSQL database, one Redis (a key prefix of the test's own) and one object store share one
 * truth: sessions, rate limits and lockouts, uploaded images, the mail outbox. A SIGKILL of one
 * loses no acknowledged write while the other keeps serving; a SIGTERM under load (signups with
 * argon2, image uploads, saves) cuts no request and loses no mail.
 *
 * Storage: main has no S3 server for tests yet, so both processes use disk storage in one shared
 * DATA_DIR (DATA_DIR/objects), the way two processes on one host or on a shared volume would.
 */
const PG_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function missingServices(): Promise<string[]> {
  const missing: string[] = [];
  const client = new pg.Client({ connectionString: PG_SERVER, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    missing.push(`PostgreSQL is not reachable at ${PG_SERVER} (${(error as Error).message}); set TEST_DATABASE_URL`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    missing.push(`Redis is not reachable at ${REDIS_URL} (${(error as Error).message}); set TEST_REDIS_URL`);
  } finally {
    redis.disconnect();
  }
  return missing;
}

const missing = await missingServices();

const startServer = (name: string, env: Record<string, string>) => startServerProcess({ name: `server ${name}`, env });

// Read as loosely as Fastify's inject().json() in the other tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: string; json: () => any };

/** One request on an agent (kept-alive when the agent is); an error says whether the socket was reused. */
function send(
  agent: http.Agent | undefined,
  base: string,
  method: string,
  url: string,
  options: { cookie?: string; body?: Buffer | string; contentType?: string; ip?: string } = {},
): Promise<Answer & { setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    const req = http.request(`${base}${url}`, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          body,
          json: () => JSON.parse(body),
          setCookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []),
        });
      });
      res.on('error', (error) => reject(Object.assign(error, { reused: req.reusedSocket })));
    });
    req.on('error', (error) => reject(Object.assign(error, { reused: req.reusedSocket })));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const json = (value: unknown) => JSON.stringify(value);
const cookieOf = (setCookie: string[]) => setCookie.map((c) => c.split(';')[0]).join('; ');

async function pngBytes(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 120, height: 80, channels: 4, background: { r: seed % 255, g: 100, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
}

describeWhen(missing.join('; '), 'two server processes on one PostgreSQL, one Redis and one object store', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let dataDir: string;
  let smtpPort: number;
  let sink: SmtpTestServer | null = null;
  let env: Record<string, string>;
  let a: ServerProcess;
  let b: ServerProcess;
  const spawned: ServerProcess[] = [];
  const prefix = `sp:mp:${randomUUID()}:`;

  beforeAll(async () => {
    scratch = await createScratchPostgres(PG_SERVER);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-multi-'));
    // Mail goes to an SMTP server that is not there yet: the outbox keeps it until one is.
    smtpPort = await freePort();
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SESSION_SECRET: 'multi-process-secret-multi-process-secret',
      PUBLIC_URL: 'http://127.0.0.1:5000',
      S3_BUCKET: '',
    };
    // The first start migrates the new database; the second finds it migrated.
    a = await startServer('A', env);
    b = await startServer('B', env);
    spawned.push(a, b);
  }, 180_000);

  afterAll(async () => {
    if (process.env.MULTI_PROCESS_TEST_LOG)
      writeFileSync(process.env.MULTI_PROCESS_TEST_LOG, spawned.map((s) => `== ${s.name}\n${s.log()}`).join('\n'));
    for (const server of spawned) if (!server.exited()) server.child.kill('SIGKILL');
    await Promise.all(spawned.map((s) => s.waitForExit(5_000)));
    await sink?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }, 60_000);

  async function signUp(on: ServerProcess, email = `mp-${randomUUID()}@example.com`, password = 'A long password 1') {
    const res = await send(undefined, on.base, 'POST', '/api/auth/signup', {
      body: json({ email, password, name: 'Multi Process', termsAccepted: true }),
    });
    expect(res.status, res.body).toBe(201);
    return { email, password, cookie: cookieOf(res.setCookie) };
  }

  it('a session made on one process works on the other, and signing out on one ends it on both', async () => {
    const person = await signUp(a);
    const onB = await send(undefined, b.base, 'GET', '/api/auth/me', { cookie: person.cookie });
    expect(onB.status).toBe(200);
    expect(onB.json().user.email).toBe(person.email);
    const created = await send(undefined, b.base, 'POST', '/api/signatures', {
      cookie: person.cookie,
      body: json(createEmptySignature({ name: 'Made on B' })),
    });
    expect(created.status, created.body).toBe(201);
    const listedOnA = await send(undefined, a.base, 'GET', '/api/signatures', { cookie: person.cookie });
    expect(listedOnA.json().map((s: { name: string }) => s.name)).toEqual(['Made on B']);

    expect(
      (await send(undefined, b.base, 'POST', '/api/auth/logout', { cookie: person.cookie, body: '{}' })).status,
    ).toBe(200);
    expect((await send(undefined, a.base, 'GET', '/api/auth/me', { cookie: person.cookie })).status).toBe(401);
  }, 60_000);

  it('a login lockout earned through A refuses on B, even with the right password', async () => {
    const person = await signUp(a);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await send(undefined, i % 2 ? b.base : a.base, 'POST', '/api/auth/login', {
        body: json({ email: person.email, password: 'not the password' }),
      });
      expect(wrong.status).toBe(401);
    }
    const right = await send(undefined, b.base, 'POST', '/api/auth/login', {
      body: json({ email: person.email, password: person.password }),
    });
    expect(right.status).toBe(429);
    expect(right.json().error).toMatch(/Too many failed login attempts/);
  }, 60_000);

  it('an image uploaded through A is served by B', async () => {
    const person = await signUp(a);
    const slot = await send(undefined, a.base, 'POST', '/api/objects/upload', { cookie: person.cookie, body: '{}' });
    expect(slot.status).toBe(200);
    const { uploadURL } = slot.json() as { uploadURL: string };
    const put = await send(undefined, a.base, 'PUT', uploadURL, {
      cookie: person.cookie,
      body: await pngBytes(1),
      contentType: 'image/png',
    });
    expect(put.status, put.body).toBe(200);
    const attached = await send(undefined, a.base, 'PUT', '/api/signatures/image', {
      cookie: person.cookie,
      body: json({ imageURL: `${env.PUBLIC_URL}${uploadURL}`, signatureId: 'temp' }),
    });
    expect(attached.status, attached.body).toBe(200);
    const { objectPath } = attached.json() as { objectPath: string };
    const fromB = await fetch(`${b.base}${objectPath}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    const fromA = await fetch(`${a.base}${objectPath}`);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  }, 60_000);

  it('both processes drain one outbox: mail queued while the SMTP server was away is sent once each', async () => {
    const people = [];
    for (let i = 0; i < 6; i += 1) people.push(await signUp(i % 2 ? b : a));
    // Every mail so far (these six and the earlier tests' sign-ups) waits in the outbox.
    const { rows } = await pgQuery<{ id: string; recipient: string }>(
      `select id, recipient from mail_outbox where status <> 'sent'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(people.length);
    sink = await startSmtpTestServer(smtpPort);
    // The retries have backed off (2 s, 10 s, 30 s…) while the server was away; make them due now, as
    // the next retry would, so both processes' polls (every 2 s) race for the same rows.
    await pgQuery(`update mail_outbox set next_attempt_at = now() where status = 'pending'`);
    await sink.waitForCount(rows.length, 30_000);
    // Both keep polling every 2 s; give them time to send something twice if they were going to.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const ids = sink.mails.map((m) => m.parsed.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of rows)
      expect(
        ids.filter((id) => id === `<${row.id}@127.0.0.1>`),
        row.recipient,
      ).toHaveLength(1);
    for (const person of people) expect(sink.mails.filter((m) => m.envelopeTo.includes(person.email))).toHaveLength(1);
  }, 90_000);

  async function pgQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      return await client.query<T>(text, values);
    } finally {
      await client.end();
    }
  }

  it('a SIGKILL of A loses no save A acknowledged, and B keeps serving', async () => {
    const person = await signUp(b);
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await send(undefined, b.base, 'POST', '/api/signatures', {
        cookie: person.cookie,
        body: json(createEmptySignature({ name: `Sig ${i}` })),
      });
      ids.push(res.json().id as string);
    }
    const acknowledged = new Map<string, number>();
    const onB = new Map<number, number>();
    let running = true;
    const agentA = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const agentB = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const savers = ids.map(async (id) => {
      for (let n = 1; running; n += 1) {
        try {
          const res = await send(agentA, a.base, 'PUT', `/api/signatures/${id}`, {
            cookie: person.cookie,
            body: json({ title: `v${n}` }),
          });
          if (res.status === 200) acknowledged.set(id, n);
        } catch {
          return; // A is gone.
        }
      }
    });
    const readers = Array.from({ length: 4 }, async () => {
      while (running) {
        const res = await send(agentB, b.base, 'GET', '/api/auth/me', { cookie: person.cookie }).catch(() => ({
          status: -1,
        }));
        onB.set(res.status, (onB.get(res.status) ?? 0) + 1);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    a.child.kill('SIGKILL');
    await a.waitForExit(5_000);
    await Promise.all(savers);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    running = false;
    await Promise.all(readers);
    agentA.destroy();
    agentB.destroy();

    expect(a.exited()?.signal).toBe('SIGKILL');
    expect(acknowledged.size).toBe(ids.length);
    const saved = (await send(undefined, b.base, 'GET', '/api/signatures', { cookie: person.cookie })).json() as {
      id: string;
      title: string;
    }[];
    for (const id of ids) {
      const title = saved.find((s) => s.id === id)?.title ?? '';
      // The last acknowledged save, or one sent after it that landed before the kill.
      expect(Number(title.slice(1)), `signature ${id}`).toBeGreaterThanOrEqual(acknowledged.get(id)!);
    }
    console.log(
      `saves acknowledged by A before SIGKILL: ${[...acknowledged.values()].reduce((x, y) => x + y, 0)}; answers on B ${json([...onB])}`,
    );
    expect([...onB.keys()]).toEqual([200]);
    expect(onB.get(200)).toBeGreaterThan(10);
  }, 90_000);

  it('SIGTERM under load (sign-ups, uploads, saves): no request cut or answered 5xx, every queued mail sent once, exit within 10 s', async () => {
    // A replacement for the killed A takes over; B is the one that stops.
    const c = await startServer('C', env);
    spawned.push(c);
    const person = await signUp(c);
    const signature = (
      await send(undefined, c.base, 'POST', '/api/signatures', {
        cookie: person.cookie,
        body: json(createEmptySignature({ name: 'Busy' })),
      })
    ).json().id as string;
    const image = await pngBytes(7);
    const statuses = new Map<string, number>();
    const cut: string[] = [];
    const signedUp: string[] = [];
    let retriedElsewhere = 0;
    let running = true;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 12 });
    const count = (what: string, status: number) =>
      statuses.set(`${what} ${status}`, (statuses.get(`${what} ${status}`) ?? 0) + 1);

    /** Sends to B; a connection B refuses (it stopped accepting) goes to C, as a load balancer would. */
    async function call(what: string, method: string, url: string, options: Parameters<typeof send>[4] = {}) {
      try {
        const res = await send(agent, b.base, method, url, options);
        count(what, res.status);
        return res;
      } catch (error) {
        const { reused, code } = error as { reused?: boolean; code?: string };
        if (reused) {
          cut.push(`${what}: ${code ?? String(error)}`);
          return null;
        }
        retriedElsewhere += 1;
        const res = await send(undefined, c.base, method, url, options);
        count(`${what} (on C)`, res.status);
        return res;
      }
    }

    const workers = [
      // Sign-ups hash a password with argon2 and queue a verification mail.
      ...Array.from({ length: 2 }, async () => {
        while (running) {
          const email = `term-${randomUUID()}@example.com`;
          const res = await call('signup', 'POST', '/api/auth/signup', {
            body: json({ email, password: 'A long password 1', name: 'Term', termsAccepted: true }),
          });
          if (res?.status === 201) signedUp.push(email);
        }
      }),
      // Image uploads: the bytes, then re-encoding with sharp.
      ...Array.from({ length: 2 }, async () => {
        while (running) {
          const slot = await call('upload slot', 'POST', '/api/objects/upload', { cookie: person.cookie, body: '{}' });
          if (slot?.status !== 200) continue;
          const { uploadURL } = slot.json() as { uploadURL: string };
          const put = await call('upload bytes', 'PUT', uploadURL, {
            cookie: person.cookie,
            body: image,
            contentType: 'image/png',
          });
          if (put?.status !== 200) continue;
          await call('upload attach', 'PUT', '/api/signatures/image', {
            cookie: person.cookie,
            body: json({ imageURL: `${env.PUBLIC_URL}${uploadURL}`, signatureId: 'temp' }),
          });
        }
      }),
      ...Array.from({ length: 4 }, async () => {
        for (let n = 0; running; n += 1) {
          await call('save', 'PUT', `/api/signatures/${signature}`, {
            cookie: person.cookie,
            body: json({ title: `t${n}` }),
          });
          await call('me', 'GET', '/api/auth/me', { cookie: person.cookie });
        }
      }),
    ];

    await new Promise((resolve) => setTimeout(resolve, 2_500));
    b.child.kill('SIGTERM');
    const exitedIn = await b.waitForExit(15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await Promise.all(workers);
    agent.destroy();
    console.log(
      `B exited ${exitedIn} ms after SIGTERM with ${json(b.exited())}; answers ${json([...statuses])}; new connections sent to C ${retriedElsewhere}`,
    );

    expect(b.exited()).toEqual({ code: 0, signal: null });
    expect(exitedIn).toBeLessThan(10_000);
    expect(cut).toEqual([]);
    for (const [what, n] of statuses) expect(Number(what.split(' ').pop()), `${what} x${n}`).toBeLessThan(400);
    expect([...statuses.keys()].some((k) => k.startsWith('signup 201'))).toBe(true);
    expect([...statuses.keys()].some((k) => k.startsWith('upload attach 200'))).toBe(true);

    // Every sign-up B or C acknowledged had its verification mail queued; B's unsent ones go out through C.
    expect(signedUp.length).toBeGreaterThan(0);
    const deadline = Date.now() + 30_000;
    const delivered = (email: string) => sink!.mails.filter((m) => m.envelopeTo.includes(email)).length;
    while (signedUp.some((email) => delivered(email) === 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const email of signedUp) expect(delivered(email), email).toBe(1);
    const { rows } = await pgQuery<{ n: number }>(`select count(*)::int as n from mail_outbox where status <> 'sent'`);
    expect(rows[0]!.n).toBe(0);
  }, 120_000);
});
