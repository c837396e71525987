/**
 * The build a bench compares against, made from another commit in a worktree of its own (under the
 * system's temporary folder, kept between runs), so that "before" and "after" run side by side in
 * one run on the same machine at the same moment. `BEFORE=<commit>` names it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const git = (args: string[], cwd = process.cwd()) => {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
};

/** The folder of a checkout of `ref` (sources only, sharing this tree's node_modules), made on first use. */
export function baseTree(ref: string): { dir: string; commit: string } {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = path.join(os.tmpdir(), `sp-bench-base-${commit.slice(0, 12)}`);
  if (!existsSync(dir)) {
    git(['worktree', 'add', '--detach', dir, commit]);
    symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  }
  return { dir, commit };
}

/** The folder of a built tree of `ref` (npm run build done), made on first use. */
export function baseBuild(ref: string): { dir: string; commit: string } {
  const { dir, commit } = baseTree(ref);
  if (!existsSync(path.join(dir, 'dist/build-stamp.json'))) {
    console.log(`Building ${commit.slice(0, 12)} in ${dir} (once) …`);
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: dir, stdio: 'ignore' });
    if (built.status !== 0) throw new Error(`the build of ${commit.slice(0, 12)} failed`);
  }
  return { dir, commit };
}
