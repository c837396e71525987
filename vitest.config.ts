import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const UNIT_FILES = 'src/**/*.test.{ts,tsx}';

/**
 * Test files that change what a module or the global scope holds (mocks, spies, stubbed globals,
 * fake timers, a browser-like environment) run each in a fresh module graph; every other unit file
 * shares its worker's graph with the files before it, which saves re-importing the server for each
 * file (decision 0211). Read from the files themselves, so a new mock cannot leak by being forgotten.
 */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers|resetModules)\b|@vitest-environment/;
const isolatedUnitFiles = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
  .filter(
    (file) =>
      /\.test\.tsx?$/.test(file) &&
      // The lint tests build ESLint from eslint.config.js, which reads the source tree when it loads.
      (file.startsWith('src/lint/') || NEEDS_ISOLATION.test(readFileSync(file, 'utf8'))),
  );

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [UNIT_FILES],
          exclude: isolatedUnitFiles,
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: PGlite and argon2 are CPU-bound, more workers only queue.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: isolatedUnitFiles,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A browser test file mostly waits (for the page, the server, a poll): two at a time keep
          // both cores busy; three saturated them (decisions 0212, 0276). Each file has its own
          // server, port, data folder and browser.
          maxWorkers: 2,
          // A page that answers in 3 s on a busy machine is not a failure: polls wait up to 10 s
          // (vitest's default, 1 s, failed browser tests that waited for a page while CI was loaded).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
