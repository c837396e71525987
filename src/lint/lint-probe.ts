import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

let eslint: ESLint | undefined;

/**
 * The repository's own lint config on `code`, as if it were the file at `filePath`: "rule: message"
 * lines. The probe files do not exist, so the type-aware rule (proportions.test.ts probes it on a
 * real file) is left out here.
 */
export async function lint(filePath: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

export const only = (rule: string, messages: string[]) => messages.filter((message) => message.startsWith(`${rule}:`));

/** Loading the config takes a while on a busy machine: suites do it once, before their tests' clocks start. */
export const WARM_UP_MS = 300_000;
export const warmUp = () => lint('src/lint/warm-up.ts', 'export {};\n');
