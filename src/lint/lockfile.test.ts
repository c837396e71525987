import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** `npm ci --dry-run` refuses a lock that disagrees with package.json, without installing anything. */
async function npmCiAccepts(lock: string): Promise<boolean> {
  const folder = mkdtempSync(join(tmpdir(), 'lock-check-'));
  folders.push(folder);
  copyFileSync(join(root, 'package.json'), join(folder, 'package.json'));
  writeFileSync(join(folder, 'package-lock.json'), lock);
  const args = ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'];
  return run('npm', args, { cwd: folder }).then(
    () => true,
    () => false,
  );
}

describe('package-lock.json', () => {
  const lock = readFileSync(join(root, 'package-lock.json'), 'utf8');

  it('agrees with package.json, so the Dockerfile and CI can use npm ci', async () => {
    expect(await npmCiAccepts(lock)).toBe(true);
  }, 60_000);

  it('is refused when it lacks an optional platform package (the check catches a planted case)', async () => {
    const planted = JSON.parse(lock) as { packages: Record<string, unknown> };
    delete planted.packages['node_modules/@tailwindcss/oxide-darwin-arm64'];
    expect(await npmCiAccepts(JSON.stringify(planted))).toBe(false);
  }, 60_000);
});
