import { defineConfig, type ViteUserConfig } from 'vitest/config';
import type { TestUserConfig } from 'vitest/node';
import { defaultTestPostgres, isPostgresReachable } from './tests/support/test-postgres.ts';

const serverTests: TestUserConfig = {
  include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts'],
  environment: 'node',
  pool: 'forks',
  // A worker keeps its modules from one file to the next (decision 0046): each file still builds
  // its own app and database, and the server's module graph is imported once per worker, not
  // once per file (a quarter of the suite's time went on imports).
  isolate: false,
  // Two files at once on two cores: much of a file's time is spent waiting (timers, the
  // PostgreSQL server, child processes), which the other file fills.
  maxWorkers: 2,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // expect.poll's own default (1 s) is shorter than an e-mail's way through the outbox on a busy
  // machine; a poll still ends as soon as its condition holds.
  expect: { poll: { timeout: 10_000, interval: 50 } },
  globalSetup: ['tests/support/pglite-snapshot.ts'],
};

/**
 * `npm test` in one run: the server tests on PGlite and, when PostgreSQL answers at
 * TEST_DATABASE_URL's default, again on PostgreSQL (project server-postgres); the browser tests
 * once, on PostgreSQL when it answers, else on PGlite. With TEST_DATABASE_URL set, the server
 * project itself runs on that PostgreSQL (as `TEST_DATABASE_URL=… vitest run --project server`).
 */
export default defineConfig(async (): Promise<ViteUserConfig> => {
  const chosen = process.env.TEST_DATABASE_URL;
  const postgres =
    chosen || ((await isPostgresReachable(defaultTestPostgres)) ? defaultTestPostgres : '');
  return {
    test: {
      reporters: process.env.CI
        ? [
            'default',
            ['json', { outputFile: 'test-results/vitest.json' }],
            './tests/support/database-summary-reporter.ts',
          ]
        : ['default', './tests/support/database-summary-reporter.ts'],
      projects: [
        { test: { ...serverTests, name: 'server' } },
        ...(!chosen && postgres
          ? [
              {
                test: {
                  ...serverTests,
                  name: 'server-postgres',
                  env: { TEST_DATABASE_URL: postgres },
                },
              },
            ]
          : []),
        {
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.spec.ts'],
            environment: 'node',
            pool: 'forks',
            maxWorkers: 1,
            fileParallelism: false,
            testTimeout: 60_000,
            hookTimeout: 120_000,
            expect: { poll: { timeout: 10_000, interval: 50 } },
            env: { TEST_DATABASE_URL: postgres },
            // A browser test that fails once under CI load is run again, and marked "retry" in the log.
            retry: process.env.CI ? 1 : 0,
            globalSetup: ['tests/e2e/global-setup.ts'],
          },
        },
      ],
    },
  };
});
