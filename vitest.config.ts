import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { alias } from './build-aliases';

/**
 * Vitest's default is one worker less than the cores: one on a 2-core CI machine, which leaves a
 * core idle while a test waits on PostgreSQL, a server or Chromium. Two workers at least.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);
/**
 * The server files wait on PostgreSQL, PGlite's file I/O and child processes more than they compute:
 * three workers on 2 cores ran the suite in 654 s against 724 s with two, every test passing.
 */
const SERVER_WORKERS = Math.max(3, availableParallelism());

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          maxWorkers: WORKERS,
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          // A component test renders whole screens (MUI, the router, a query client): on an idle 2-core
          // machine the slowest take 4.9–5.4 s, at vitest's 5 s default, without anything being wrong.
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          maxWorkers: SERVER_WORKERS,
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Two files at a time, each worker on a server and database of its own (global-setup.ts):
          // a file waits on pages, servers and PostgreSQL about two thirds of its time. Three were
          // 9 % faster on an idle machine, but offline-chaos timed out twice in a full run with them.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // CI gets one run on a loaded 2-core machine: a test that fails once for timing is run
          // once more (and the report still shows it); a real failure fails twice.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's 1 s default is shorter than a reload takes to boot the app on a loaded CI machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
