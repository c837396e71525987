import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';

const root = path.resolve(import.meta.dirname, '../..');

export type ProcessExit = { code: number | null; signal: string | null };

/** The real server (src/server/server.ts) as a child process, listening on 127.0.0.1. */
export type ServerProcess = {
  name: string;
  /** http://127.0.0.1:<port> */
  base: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  log(): string;
  /** How it ended, or null while it runs. */
  exited(): ProcessExit | null;
  /** Waits up to `timeoutMs` for it to end (it is not signalled); answers how long that took. */
  waitForExit(timeoutMs: number): Promise<number>;
  /** SIGTERM, then SIGKILL if it is still running after `graceMs`; resolves once it has ended. */
  stop(graceMs?: number): Promise<void>;
};

export type ServerProcessOptions = {
  /** Names it in start-up errors: `${name} exited at start-up`. */
  name?: string;
  /** Its environment on top of ours; a function when a value needs the base URL (PUBLIC_URL). */
  env: Record<string, string> | ((base: string) => Record<string, string>);
  nodeEnv?: 'test' | 'production';
  startTimeoutMs?: number;
  /** Also copy its stderr to ours as it comes (the benchmarks show the server's warnings). */
  echoStderr?: boolean;
  /**
   * A built server to run instead of the sources (`node <dir>/dist/server/server.js` in `<dir>`):
   * the benchmarks run this tree's build beside another checkout's; `nodeArgs` go before it (--cpu-prof).
   */
  built?: { dir: string; nodeArgs?: string[] };
};

/** True once /api/ready says the jobs runner has started (whatever else it says). */
async function jobsStarted(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/ready`);
    return ((await res.json()) as { checks?: { jobs?: string } }).checks?.jobs === 'ok';
  } catch {
    return false;
  }
}

/**
 * Spawns the server on a free port, as `npm start` runs it (tsx, no bundling), and resolves once
 * GET /api/health answers 200 and its jobs runner has started (it starts after the server answers,
 * decision 0193); fails with its log if it exits or is not started in time. The
 * environment always gets NODE_ENV, PORT, HOST=127.0.0.1 and LOG_LEVEL=warn.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const { name = 'the server', nodeEnv = 'test', startTimeoutMs = 90_000 } = options;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = typeof options.env === 'function' ? options.env(base) : options.env;
  let log = '';
  let exit: ProcessExit | null = null;
  const args = options.built
    ? [...(options.built.nodeArgs ?? []), path.join(options.built.dir, 'dist/server/server.js')]
    : ['--import', 'tsx', 'src/server/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: options.built?.dir ?? root,
    env: { ...process.env, ...env, NODE_ENV: nodeEnv, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
    if (options.echoStderr) process.stderr.write(chunk);
  });
  const ended = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (exit) throw new Error(`${name} exited at start-up: ${log}`);
    if (
      (await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )) &&
      (await jobsStarted(base))
    )
      break;
    if (Date.now() > deadline) throw new Error(`${name} did not start: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name,
    base,
    child,
    log: () => log,
    exited: () => exit,
    async waitForExit(timeoutMs) {
      const started = Date.now();
      while (!exit && Date.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 20));
      return Date.now() - started;
    },
    async stop(graceMs = 15_000) {
      if (exit) return;
      child.kill('SIGTERM');
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, graceMs))]);
      if (!exit) child.kill('SIGKILL');
      await ended;
    },
  };
}

/** Signs up over real HTTP at `base`; answers the status and the session cookie ('' when none was set). */
export async function signUpOverHttp(
  base: string,
  person: { email: string; password: string; name: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; cookie: string }> {
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ...person, termsAccepted: true }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, cookie };
}

/** A new person for the benchmarks: a fresh address each time, one password. */
export function benchPerson(): { email: string; password: string; name: string } {
  return { email: `bench-${randomUUID()}@example.com`, password: 'Bench-password-1', name: 'Bench' };
}
