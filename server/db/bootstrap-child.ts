import { isSeedSize } from '../seed/sizes';
import { prepareDatabase } from './bootstrap';
import { openDatabase } from './client';

/** Run by createPgliteDataDir: `bootstrap-child.ts <dataDir> <small|demo|large|none>`. */
const [dataDir, seed] = process.argv.slice(2);
if (!dataDir || seed === undefined || (seed !== 'none' && !isSeedSize(seed))) {
  console.error('usage: bootstrap-child.ts <dataDir> <small|demo|large|none>');
  process.exit(2);
}
const database = await openDatabase({ kind: 'pglite', dataDir });
try {
  await prepareDatabase(database, seed === 'none' ? false : seed);
} finally {
  await database.close();
}
