import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, its own port), so a test
 * may stop, restart and kill it without disturbing the machine's server that other suites use.
 */
export type PrivatePostgres = {
  url: string;
  port: number;
  /** pg_ctl stop with the given mode, then start again; resolves once it accepts connections. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
};

/** The folder of initdb and pg_ctl, or null with the reason when this machine has none. */
export function findPostgresBinaries(): { dir: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return { missing: `no PostgreSQL server binaries in ${root} (apt-get install postgresql)` };
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return { dir };
  }
  return { missing: `no initdb/pg_ctl under ${root}` };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const found = findPostgresBinaries();
  if ('missing' in found) throw new Error(found.missing);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'sp-pg-'));
  const dataDir = path.join(folder, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: as root, run its tools as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(folder, Number(stdout.trim()), Number(gid.trim()));
    chmodSync(folder, 0o700);
  }
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(found.dir, name), ...args])
      : run(path.join(found.dir, name), args);
  await tool('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=100`;
  const start = async () => {
    await tool('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(folder, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await tool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  await start();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async restart(mode) {
      await stop(mode);
      await start();
    },
    async destroy() {
      if (stopped) return;
      stopped = true;
      await stop('immediate').catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
