import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import KnownLongFirstSequencer from './test/support/known-long-first-sequencer';

type ProjectTestOptions = NonNullable<TestProjectInlineConfiguration['test']>;

// Four projects: unit (shared + client, client ones in jsdom), server and server-postgres (Fastify
// inject on PGlite and the PostgreSQL server of TEST_DATABASE_URL, see BOTH_DATABASE_SUITES), e2e
// (real server + Debian Chromium).
//
// No verdict may depend on the machine's speed: every timeout is sized for a CI machine three times
// slower than a developer's two cores (a passing test waits only as long as it takes), and waits
// for something to happen poll for it (expect.poll, findBy, waitFor) rather than sleep.

/**
 * Server suites where the two databases can differ (concurrency, locking, triggers, durability):
 * the attack corpus, tenancy, migrations, jobs, realtime, permission resolution, the booking engine,
 * reports, services and calendar sync. They run on PGlite and on the PostgreSQL server of
 * TEST_DATABASE_URL. The other server suites (a feature's routes, validation and permissions, the
 * same on both) run on the server alone when there is one (server-postgres below): the browser
 * journeys run every feature on PGlite, the embedded default, already. About a third less time.
 */
const BOTH_DATABASE_SUITES = [
  'test/tenancy/**/*.test.ts',
  'test/robustness/**/*.test.ts',
  'src/server/{db,jobs,realtime,permissions}/**/*.test.ts',
  'src/server/modules/{declarations,bookings,reports,services,calendar-sync}/**/*.test.ts',
];

/**
 * The malformed-input sweep (every route, bad ids, queries and bodies: a 4xx, never a 500) tests the
 * app's validation, which is the same whatever the database; it was the longest file of the suite
 * on both, so it runs on the server alone (PGlite when there is none).
 */
const ONE_DATABASE_SWEEPS = ['test/robustness/malformed-input.test.ts'];

const SERVER_OPTIONS = {
  globalSetup: ['test/support/server-global-setup.ts'],
  environment: 'node',
  // One module graph per worker instead of one per file: every file imported the whole server
  // again (~4 s a file, half the suite's time). Safe because the server keeps no state in modules
  // across apps: its caches are keyed by the database (WeakMap<db>), and each file builds its own
  // app on its own database.
  isolate: false,
  testTimeout: 120_000,
  hookTimeout: 180_000,
} satisfies ProjectTestOptions;

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    // Every core: the default keeps one free, which on a 2-core CI machine ran the files one at a
    // time.
    maxWorkers: '100%',
    expect: { poll: { timeout: 60_000 } },
    reporters: ['default', './test/support/slowest-files-reporter.ts'],
    sequence: { sequencer: KnownLongFirstSequencer },
    // Every project extends this root (extends: true): without it a project keeps vitest's own
    // defaults, and expect.poll gave up after 1 s.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          // Node loads Fluent's icons with a resolve hook (test/support/icons-resolve-hooks.mjs).
          execArgv: ['--import', './test/support/icons-resolve.mjs'],
          environment: 'node',
          setupFiles: ['test/support/unit-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: BOTH_DATABASE_SUITES,
          exclude: ONE_DATABASE_SWEEPS,
          ...SERVER_OPTIONS,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: ['src/server/**/*.test.ts', ...ONE_DATABASE_SWEEPS],
          exclude: BOTH_DATABASE_SUITES.filter((pattern) => !pattern.startsWith('test/robustness')),
          ...SERVER_OPTIONS,
          env: { TZ: 'UTC', TEST_DATABASES: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.ts'],
          globalSetup: ['test/support/e2e-global-setup.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 300_000,
          // Files side by side, each with its own server, database copy and Chromium: a journey
          // spends most of its time waiting for a page, so two at once on two cores take about
          // half the time of one after the other.
        },
      },
    ],
  },
});
