import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseOptions } from '../db/client';
import { syncDictionaries } from '../repositories/dictionaries';
import { isDatabaseEmpty, resetDatabase, seedDatabase, type SeedReport } from './seed';
import { DEFAULT_SEED, isSeedSize } from './sizes';

const USAGE = `Usage: npm run seed -- [--size small|demo|large] [--seed N] [--reset]
                       [--database-url postgres://…] [--data-dir ./data] [--report seed.json]

Migrates the database and fills it with generated data. PostgreSQL when --database-url
(or DATABASE_URL) is given, else PGlite in <data-dir>/pglite (DATA_DIR, default ./data).
Refuses a database that already holds data unless --reset is given (which deletes it).
Prints the time of each step; --report also writes them, with the rows of each table, as JSON.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: 'demo' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      reset: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      report: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const size = values.size;
  const seed = Number(values.seed);
  if (!isSeedSize(size) || !Number.isInteger(seed)) throw new Error(USAGE);

  const url = values['database-url'] ?? process.env.DATABASE_URL;
  const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  const options: DatabaseOptions = url ? { kind: 'postgres', url, poolSize: 2 } : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') };
  console.log(`Seeding ${size} (seed ${seed}) into ${url ? 'PostgreSQL' : `PGlite in ${dataDir}`}…`);

  const started = performance.now();
  const database = await openDatabase(options);
  let report: SeedReport | null = null;
  try {
    await database.migrate(async (db) => {
      await syncDictionaries(db);
      if (!(await isDatabaseEmpty(db))) {
        if (!values.reset) throw new Error('The database already holds data; add --reset to replace it.');
        await resetDatabase(db);
      }
      report = await seedDatabase(db, size, seed, { log: (line) => console.log(line) });
    });
  } finally {
    await database.close();
  }
  const finished = report as SeedReport | null;
  const totalMs = performance.now() - started;
  const rows = Object.values(finished?.rows ?? {}).reduce((sum, count) => sum + count, 0);
  console.log(`Done in ${(totalMs / 1000).toFixed(1)} s: ${rows} rows.`);
  if (values.report && finished) await writeFile(values.report, JSON.stringify({ ...finished, totalMs }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
