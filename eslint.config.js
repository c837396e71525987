import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under src/client/features and src/server/modules is a zone: a new one is covered without editing this file.
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const FEATURES = foldersOf('./src/client/features');
const MODULES = foldersOf('./src/server/modules');

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];
const TEST_SUPPORT = {
  group: ['**/test-support', '**/test-support/**'],
  message: 'Test support (src/test-support) is for tests only; production code must not import it.',
};
const NO_SERVER = { group: ['**/server/**'], message: 'The client must not import server code.' };

/**
 * The client's floors (decision 0200): each imports only the floors below it. A floor is reached
 * through relative paths only (`../api/…`, `../../components/…`), never through shared/.
 */
const FLOORS = ['lib', 'api', 'components', 'features', 'app'];
const floorRule = (floor) => {
  const above = FLOORS.slice(FLOORS.indexOf(floor) + 1).concat('site');
  return {
    regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
    message: `Client floors go one way, lib → api → components → features → app/site: ${floor}/ must not import ${above.join(', ')}.`,
  };
};

/**
 * Server: only *.repository.ts and src/server/db reach the database. Its own rule
 * (typescript-eslint's copy of no-restricted-imports), so it holds beside the zones below.
 */
const NO_DB = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*'],
    message: 'Only *.repository.ts and src/server/db reach the database (drizzle-orm); call a repository.',
  },
  {
    regex: '(^|/)db/schema(/|$)',
    message: 'Only *.repository.ts and src/server/db import the tables (db/schema); call a repository.',
  },
];
/** The one named exception: Better Auth's Drizzle adapter is handed the tables (modules/auth/auth.ts). */
const AUTH_ADAPTER = 'src/server/modules/auth/auth.ts';
/** Files that still query the database outside a repository (decision 0200); the list only shrinks. */
const DB_ACCESS_ALLOWED = [
  'src/server/jobs/job-lock.ts',
  'src/server/modules/analytics/analytics.service.ts',
  'src/server/modules/auth/credentials.ts',
  'src/server/modules/teams/invitation-limits.ts',
  'src/server/observability/queue-stats.ts',
  'src/server/rate-limit/quotas.ts',
];

/** A module reaches another only through that module's service (`../billing/billing.service`). */
const MODULE_REACH = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?![^/]*\\.service$)',
  message: "A module reaches another only through that module's *.service.ts.",
};
/** Files that still reach into another module's other files (decision 0200); the list only shrinks. */
const MODULE_REACH_ALLOWED = [
  'src/server/modules/account/account.module.ts',
  'src/server/modules/account/account.repository.ts',
  'src/server/modules/account/account.service.ts',
  'src/server/modules/auth/auth.repository.ts',
  'src/server/modules/signatures/signatures.repository.ts',
  'src/server/modules/teams/teams.module.ts',
  'src/server/modules/workspace/workspace-connect.ts',
  'src/server/modules/workspace/workspace-context.ts',
  'src/server/modules/workspace/workspace-mine.ts',
  'src/server/modules/workspace/workspace-push.ts',
  'src/server/modules/workspace/workspace.module.ts',
];

/** Non-test files over 300 lines today (decision 0200); the list only shrinks. */
const OVER_LINE_LIMIT = [
  'src/client/features/editor/signature-switcher.tsx',
  'src/client/features/editor/use-signature-draft.ts',
  'src/shared/api/workspace.ts',
];
/** Files with a function over 120 lines today (decision 0200); the list only shrinks. */
const OVER_FUNCTION_LIMIT = [
  'src/client/features/account/billing-tab.tsx',
  'src/client/features/account/workspace-people.tsx',
  'src/client/features/auth/verify-email-page.tsx',
  'src/client/features/contact/contact-form.tsx',
  'src/client/features/editor/patch-queue.ts',
  'src/client/features/editor/signature-switcher.tsx',
  'src/client/features/editor/social-tab.tsx',
  'src/client/features/editor/use-autosave.ts',
  'src/client/features/editor/use-export-actions.ts',
  'src/client/features/editor/use-signature-draft.ts',
  'src/server/google/workspace-client.ts',
  'src/server/jobs/job-runner.ts',
  'src/server/modules/account/account.repository.ts',
  'src/server/modules/account/account.service.ts',
  'src/server/modules/auth/auth.repository.ts',
  'src/server/modules/auth/auth.service.ts',
  'src/server/modules/auth/email-verification.service.ts',
  'src/server/modules/billing/billing-checkout.service.ts',
  'src/server/modules/billing/billing-manage.service.ts',
  'src/server/modules/teams/invitations.service.ts',
  'src/server/modules/teams/teams.repository.ts',
  'src/server/modules/uploads/uploads.repository.ts',
  'src/server/modules/uploads/uploads.service.ts',
  'src/server/modules/workspace/workspace-context.ts',
  'src/server/modules/workspace/workspace-push-job.ts',
  'src/server/modules/workspace/workspace-sync.ts',
  'src/server/modules/workspace/workspace.repository.ts',
  'src/server/payments/stripe-payment-provider.ts',
  'src/server/payments/test-payment-provider.ts',
  'src/test-support/stripe-stand-in.ts',
];

/** Zones: the last matching zone decides a file's forbidden imports. */
const ZONES = [
  { files: ['src/server/**/*.ts', 'src/lint/**/*.ts'], patterns: [] },
  // Tests may set up another module's rows and services directly.
  ...MODULES.map((name) => ({
    files: [`src/server/modules/${name}/**/*.ts`],
    ignores: MODULE_REACH_ALLOWED,
    patterns: [MODULE_REACH],
    testPatterns: [],
  })),
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
  // Tests may drive a floor through the floors above it.
  ...['lib', 'api', 'components'].map((floor) => ({
    files: [`src/client/${floor}/**/*.{ts,tsx}`],
    patterns: [NO_SERVER, floorRule(floor)],
    testPatterns: [NO_SERVER],
  })),
  // A feature never imports another feature: shared widgets live in components/ and lib/.
  ...FEATURES.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    patterns: [
      NO_SERVER,
      floorRule('features'),
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

/** For src/lint: each allow-list, with the rule it lifts, is checked to still be needed. */
export const ALLOW_LISTS = {
  'max-lines': { files: OVER_LINE_LIMIT, rule: ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  'max-lines-per-function': {
    files: OVER_FUNCTION_LIMIT,
    rule: ['error', { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true }],
  },
  'database access': { files: DB_ACCESS_ALLOWED, rule: ['error', { patterns: NO_DB }] },
  'module reach': { files: MODULE_REACH_ALLOWED, rule: ['error', { patterns: [MODULE_REACH] }] },
};

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
  ...ZONES.flatMap(({ files, ignores = [], patterns, testPatterns = patterns }) => [
    {
      files,
      ignores: [...TEST_FILES, ...ignores],
      rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, TEST_SUPPORT] }] },
    },
    {
      files: files.map((glob) => [glob, '**/*.test.{ts,tsx}']),
      ignores,
      rules: { 'no-restricted-imports': testPatterns.length > 0 ? ['error', { patterns: testPatterns }] : 'off' },
    },
  ]),
  // The database only through repositories; tests set up their rows directly.
  {
    files: ['src/server/**/*.ts'],
    ignores: [...TEST_FILES, 'src/server/**/*.repository.ts', 'src/server/db/**', AUTH_ADAPTER, ...DB_ACCESS_ALLOWED],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: NO_DB }] },
  },
  // Proportions: a file a reader can hold, a function a reader can follow (decision 0200).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, ...OVER_LINE_LIMIT],
    rules: { 'max-lines': ALLOW_LISTS['max-lines'].rule },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, ...OVER_FUNCTION_LIMIT],
    rules: { 'max-lines-per-function': ALLOW_LISTS['max-lines-per-function'].rule },
  },
  // A promise nobody awaits loses its error (type-aware: the TypeScript project answers what is a promise).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // React Router's navigate may return a promise that only settles the transition: nothing to handle.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
    },
  },
);
