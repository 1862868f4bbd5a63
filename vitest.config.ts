import { defineConfig } from 'vitest/config';

// Three suites: unit (shared + client, client ones in jsdom), server (Fastify inject on PGlite, and on
// PostgreSQL too when TEST_DATABASE_URL is set), e2e (real server + Debian Chromium).
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    // Every core: the default keeps one free, which on a 2-core CI machine ran the unit and server
    // files one at a time (646 s there; 491 s with two, most of a server test being waits on a
    // database, a fake service or a timer). The browser files still run one at a time (e2e below).
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test/support/unit-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'test/tenancy/**/*.test.ts', 'test/robustness/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.ts'],
          globalSetup: ['test/support/e2e-global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
