/** Runs every benchmark in turn; each prints its own figures. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const benches = [
  'bench/render.bench.ts',
  'bench/images.bench.ts',
  'bench/image-load.bench.ts',
  'bench/api.bench.ts',
  'bench/hot-path.bench.ts',
  'bench/start.bench.ts',
  'bench/google-push.bench.ts',
  'bench/workspace-budgets.bench.ts',
  'bench/signature-rules.bench.ts',
  'bench/campaign-clicks.bench.ts',
  'bench/campaign-start.bench.ts',
  'bench/bundle-size.ts',
  'bench/keystroke.bench.ts',
  'bench/keystroke-signed-in.bench.ts',
  'bench/lighthouse.ts',
];
for (const file of benches) {
  if (!existsSync(file)) continue;
  console.log(`\n=== ${file} ===`);
  spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
}
