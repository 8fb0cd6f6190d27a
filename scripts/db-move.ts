// npm run db:move -- --from ./data --to postgres://user:password@host:5432/db
// Copies the server's PGlite database (DATA_DIR, or its pglite/ directory; stop the server that uses
// it first: PGlite has no lock) into a new, empty PostgreSQL database, then compares every table's
// row count and checksum (docs/operations.md, "Growing").
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/client';
import { isPgliteDataDir } from '../server/db/bootstrap';
import { MoveRefused, moveDatabase } from '../server/db/move';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
const usage = 'usage: npm run db:move -- --from <PGlite data dir> --to postgres://user:password@host:port/database';
if (!values.from || !values.to) {
  console.error(usage);
  process.exit(2);
}
// The server's DATA_DIR holds the database in pglite/; either may be given.
const sourceDir = isPgliteDataDir(values.from) ? values.from : join(values.from, 'pglite');
if (!isPgliteDataDir(sourceDir)) {
  console.error(`${values.from} is neither a PGlite data directory nor a DATA_DIR holding one in pglite/\n${usage}`);
  process.exit(2);
}
if (!/^postgres(ql)?:\/\//.test(values.to)) {
  console.error(`--to must be a postgres:// URL\n${usage}`);
  process.exit(2);
}

const source = await openDatabase({ kind: 'pglite', dataDir: sourceDir });
const target = await openDatabase({ kind: 'postgres', url: values.to, poolSize: 2 });
try {
  const report = await moveDatabase(source, target, (line) => console.log(`  ${line}`));
  console.log(`copied ${report.rows} rows of ${report.tables.length} tables in ${(report.copyMs / 1000).toFixed(1)} s;`);
  console.log(`every table's row count and checksum match (checked in ${(report.checkMs / 1000).toFixed(1)} s).`);
  console.log(`Start the server with DATABASE_URL=${values.to.replace(/:[^:@/]*@/, ':***@')}`);
} catch (error) {
  console.error(error instanceof MoveRefused ? `refused: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await Promise.all([source.close(), target.close()]);
}
