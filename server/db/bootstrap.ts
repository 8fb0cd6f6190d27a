import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncDictionaries } from '../repositories/dictionaries';
import { isDatabaseEmpty, seedDatabase } from '../seed/seed';
import type { SeedSize } from '../seed/sizes';
import type { Database } from './client';

/** Migrations, then the dictionaries, then the seed if the database holds no data yet. */
export async function prepareDatabase(database: Database, seed: SeedSize | false): Promise<void> {
  await database.migrate(async (db) => {
    await syncDictionaries(db);
    if (seed && (await isDatabaseEmpty(db))) await seedDatabase(db, seed);
  });
}

export function isPgliteDataDir(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

const CHILD = fileURLToPath(new URL('./bootstrap-child.ts', import.meta.url));

/**
 * Creates, migrates and seeds a new PGlite data directory in a child process. initdb and the
 * seed grow PGlite's WebAssembly heap by several hundred MB, which a WebAssembly heap never gives
 * back; the server then opens the finished directory with a small heap.
 */
export async function createPgliteDataDir(dataDir: string, seed: SeedSize | false): Promise<void> {
  const execArgv = process.execArgv.some((arg) => arg.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', 'tsx'];
  const child = fork(CHILD, [dataDir, seed === false ? 'none' : seed], { execArgv, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`creating the PGlite data directory ${dataDir} failed (exit code ${code})`);
}
