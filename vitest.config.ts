import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { alias } from './build-aliases';

/**
 * The files that take longest (1–3 minutes each on the 2-core CI machine). A fresh clone has no
 * timings cached, and vitest then runs the largest files first: these short-but-slow ones came
 * last, and one worker ran alone through the end of the run.
 */
const SLOW_FIRST = [
  'tests/e2e/accessibility.test.ts',
  'tests/e2e/offline-chaos.test.ts',
  'tests/e2e/pwa.test.ts',
  'tests/e2e/device-wizard.test.ts',
  'tests/server/seed-keys.test.ts',
  'tests/server/balancer.test.ts',
  'tests/server/seed-large.test.ts',
  'tests/server/fuzz.test.ts',
  'tests/server/db-move.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) => {
      const index = SLOW_FIRST.indexOf(relative(import.meta.dirname, file.moduleId));
      return index < 0 ? SLOW_FIRST.length : index;
    };
    // Projects stay in vitest's order; Array#sort is stable, so within one the rest keep it too.
    return sorted.sort((a, b) => projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: SlowFirstSequencer },
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
