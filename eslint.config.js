import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['account', 'auth', 'billing', 'contact', 'editor', 'legal', 'marketing', 'system'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'src/server/db/migrations/**', '**/__snapshots__/**'] },
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
  // src/shared runs in the browser and in Node: it may import neither side.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**', '**/server/**', 'node:*', 'fs', 'path'], message: 'src/shared runs in the browser and in Node: no client, server or Node imports.' }] },
      ],
    },
  },
  // The browser never imports server code.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The client must not import server code.' }] }],
    },
  },
  // A feature never imports another feature: shared widgets live in components/ and lib/.
  ...FEATURES.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The client must not import server code.' },
            {
              group: FEATURES.filter((f) => f !== feature).map((f) => `**/features/${f}/**`),
              message: 'A feature never imports another feature; move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
);
