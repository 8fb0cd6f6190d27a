import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { probeRoles, renderRoleTable, routeCollector, withRoleTable } from './role-table';

/** `npm run docs:roles`: the role table of docs/api.md, regenerated from the app on a fresh small seed. */
const collector = routeCollector();
const app = await buildApp({
  database: { kind: 'pglite', dataDir: null },
  seed: 'small',
  jobs: { enabled: false },
  mcUploads: { enabled: false },
  onRoute: collector.onRoute,
});
try {
  const table = renderRoleTable(await probeRoles(app, collector.routes));
  const path = join(import.meta.dirname, '../../docs/api.md');
  const before = await readFile(path, 'utf8');
  const after = withRoleTable(before, table);
  if (after === before) console.log('docs/api.md: the role table is up to date');
  else {
    await writeFile(path, after);
    console.log(`docs/api.md: the role table rewritten (${collector.routes.length} routes)`);
  }
} finally {
  await app.close();
}
