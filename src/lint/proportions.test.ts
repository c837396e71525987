import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lint, only, root, warmUp, WARM_UP_MS } from './lint-probe';

type AllowList = { files: string[]; rule: Linter.RuleEntry };
// The config is plain JavaScript: read it as it runs, typed here.
const configFile = join(root, 'eslint.config.js');
const { ALLOW_LISTS } = (await import(configFile)) as { ALLOW_LISTS: Record<string, AllowList> };

const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
const functionOf = (bodyLines: number) =>
  `export function long() {\n${Array.from({ length: bodyLines }, (_, i) => `  console.log(${i});`).join('\n')}\n}\n`;

describe('proportions', () => {
  beforeAll(warmUp, WARM_UP_MS);

  it('refuses a non-test file over 300 lines, and lets a test file be longer', async () => {
    expect(only('max-lines', await lint('src/server/probe.ts', lines(301)))).toHaveLength(1);
    expect(only('max-lines', await lint('src/server/probe.ts', lines(300)))).toEqual([]);
    expect(only('max-lines', await lint('src/server/probe.test.ts', lines(400)))).toEqual([]);
  });

  it('refuses a function over 120 lines', async () => {
    expect(only('max-lines-per-function', await lint('src/client/lib/probe.ts', functionOf(119)))).toHaveLength(1);
    expect(only('max-lines-per-function', await lint('src/client/lib/probe.ts', functionOf(118)))).toEqual([]);
  });

  // Each allow-list names files that break its rule today; one that no longer does leaves the list.
  it.each(Object.entries(ALLOW_LISTS))(
    'every file on the %s allow-list still needs it',
    (name, { files, rule }) => {
      const ruleId = name.startsWith('max-lines') ? name : 'no-restricted-imports';
      const linter = new Linter({ configType: 'flat' });
      const config = [
        { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, rules: { [ruleId]: rule } },
      ];
      const stale = files.filter((file) => {
        const text = readFileSync(join(root, file), 'utf8');
        return linter.verify(text, config, { filename: join(root, file) }).length === 0;
      });
      expect(stale).toEqual([]);
    },
    180_000,
  );
});

describe('floating promises (type-aware)', () => {
  const probe = join(root, 'src/lint/zz-floating-probe.ts');
  const probeProject = join(root, 'src/lint/zz-floating-probe.tsconfig.json');
  afterAll(() => [probe, probeProject].forEach((file) => rmSync(file, { force: true })));

  it('refuses a promise nobody awaits, and accepts one handed to void', async () => {
    const code = 'async function save(): Promise<void> {}\nexport function run() {\n  save();\n  void save();\n}\n';
    writeFileSync(probe, code);
    // The repository's rules on a program of the probe alone: the project service would type the
    // whole tree first (over a minute on a busy machine), which `npm run lint` does anyway.
    writeFileSync(
      probeProject,
      JSON.stringify({ extends: '../../tsconfig.json', include: [], files: ['zz-floating-probe.ts'] }),
    );
    const eslint = new ESLint({
      cwd: root,
      overrideConfig: {
        files: ['src/lint/zz-floating-probe.ts'],
        languageOptions: { parserOptions: { projectService: false, project: probeProject, tsconfigRootDir: root } },
      },
    });
    const [result] = await eslint.lintFiles([probe]);
    const floating = (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-floating-promises');
    expect(floating.map((m) => m.line)).toEqual([3]);
  }, 180_000);
});
