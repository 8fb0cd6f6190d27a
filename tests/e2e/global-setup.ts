import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real server under test, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
  }
}

/** The built app under test: dist/, or E2E_DIST so parallel work can test its own build. */
const DIST_DIR = process.env.E2E_DIST ? resolve(repoRoot, process.env.E2E_DIST) : join(repoRoot, 'dist');
const LOG_FILE = join(repoRoot, 'test-results', process.env.E2E_DIST ? `e2e-server-${basename(DIST_DIR)}.log` : 'e2e-server.log');

/** `npm run test:e2e` has built dist/ already; here the real server is started on a fresh PGlite. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    throw new Error(`${DIST_DIR}/index.html is missing: run \`npm run build\` first (npm run test:e2e does)`);
  }
  await rm(LOG_FILE, { force: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'intercom-e2e-'));
  let server;
  try {
    server = await startServer({
      // The device simulator fails 5% of calls by default; the tests drive failures on purpose instead.
      // No live event trickle: the history's pages must stay as the seed wrote them.
      env: { DATA_DIR: dataDir, SEED: 'small', STATIC_DIR: DIST_DIR, DEVICE_FAILURE_SHARE: '0', EVENT_TRICKLE_PER_MINUTE: '0' },
      logFile: LOG_FILE,
    });
  } catch (error) {
    const log = await readFile(LOG_FILE, 'utf8').catch(() => '');
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- server log (tail) ---\n${log.slice(-4_000)}`);
  }
  project.provide('baseUrl', server.url);

  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
