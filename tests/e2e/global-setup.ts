import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteDataDir } from '../../server/db/bootstrap';
import { copySeededDataDir, repoRoot, startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The real servers under test, one per worker, e.g. http://127.0.0.1:41234 (no trailing slash):
     * the files of one worker share one server and database, as they would one after another.
     */
    baseUrls: string[];
    /** A PGlite data dir migrated and seeded `small`, for `copySeededDataDir` (never opened itself). */
    seededDataDir: string;
  }
}

/** The built app under test: dist/, or E2E_DIST so parallel work can test its own build. */
const DIST_DIR = process.env.E2E_DIST ? resolve(repoRoot, process.env.E2E_DIST) : join(repoRoot, 'dist');
const logFile = (index: number) =>
  join(repoRoot, 'test-results', `e2e-server${process.env.E2E_DIST ? `-${basename(DIST_DIR)}` : ''}${index === 0 ? '' : `-${index + 1}`}.log`);

/** A server on a PGlite of its own, seeded `small`; its log's tail is in the error when it fails to start. */
async function startOne(index: number, seeded: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const log = logFile(index);
  await rm(log, { force: true });
  const dataDir = await copySeededDataDir(seeded, 'intercom-e2e-');
  try {
    const server = await startServer({
      // The device simulator fails 5% of calls by default; the tests drive failures on purpose instead.
      // No live event trickle: the history's pages must stay as the seed wrote them.
      env: { DATA_DIR: dataDir, SEED: 'small', STATIC_DIR: DIST_DIR, DEVICE_FAILURE_SHARE: '0', EVENT_TRICKLE_PER_MINUTE: '0' },
      logFile: log,
    });
    return {
      url: server.url,
      stop: async () => {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    const tail = await readFile(log, 'utf8').catch(() => '');
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- server log (tail) ---\n${tail.slice(-4_000)}`);
  }
}

/** `npm run test:e2e` has built dist/ already; here one real server per worker is started, each on a fresh PGlite. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    throw new Error(`${DIST_DIR}/index.html is missing: run \`npm run build\` first (npm run test:e2e does)`);
  }
  // Seeded once for the run: every server of it (these, and the files that start their own) opens a copy.
  const seeded = await mkdtemp(join(tmpdir(), 'intercom-e2e-seeded-'));
  await createPgliteDataDir(seeded, 'small');
  project.provide('seededDataDir', seeded);
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.allSettled(Array.from({ length: workers }, (_, index) => startOne(index, seeded)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await rm(seeded, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide('baseUrls', servers.map((server) => server.url));
  return stopAll;
}
