import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under src/client/features is a zone: a new feature is covered without editing this file.
const FEATURES = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];
const TEST_SUPPORT = {
  group: ['**/test-support', '**/test-support/**'],
  message: 'Test support (src/test-support) is for tests only; production code must not import it.',
};
const NO_SERVER = { group: ['**/server/**'], message: 'The client must not import server code.' };

/** Zones: the last matching zone decides a file's forbidden imports. */
const ZONES = [
  { files: ['src/server/**/*.ts', 'src/lint/**/*.ts'], patterns: [] },
  // src/shared runs in the browser and in Node: it may import neither side.
  {
    files: ['src/shared/**/*.ts'],
    patterns: [
      {
        group: ['**/client/**', '**/server/**', 'node:*', 'fs', 'path'],
        message: 'src/shared runs in the browser and in Node: no client, server or Node imports.',
      },
    ],
  },
  // The browser never imports server code.
  { files: ['src/client/**/*.{ts,tsx}'], patterns: [NO_SERVER] },
  // A feature never imports another feature: shared widgets live in components/ and lib/.
  ...FEATURES.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    patterns: [
      NO_SERVER,
      {
        // Both spellings: through the features folder and as a sibling (`../billing/…`).
        group: FEATURES.filter((f) => f !== feature).flatMap((f) => [
          `**/features/${f}`,
          `**/features/${f}/**`,
          `../${f}`,
          `../${f}/**`,
        ]),
        message: 'A feature never imports another feature; move shared code to components/ or lib/.',
      },
    ],
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'src/server/db/migrations/**',
      '**/__snapshots__/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
      // Sanitisers must name control characters to strip them.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import zones. Production files of every zone also may not import test support
  // (src/test-support); tests of the zone may (an inner array means: all of these globs match).
  ...ZONES.flatMap(({ files, patterns }) => [
    {
      files,
      ignores: TEST_FILES,
      rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, TEST_SUPPORT] }] },
    },
    {
      files: files.map((glob) => [glob, '**/*.test.{ts,tsx}']),
      rules: { 'no-restricted-imports': patterns.length > 0 ? ['error', { patterns }] : 'off' },
    },
  ]),
);
