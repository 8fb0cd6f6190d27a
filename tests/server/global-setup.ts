import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { syncDictionaries } from '../../server/repositories/dictionaries';
import { seedDatabase } from '../../server/seed/seed';
import { adminQuery, databaseUrl, postgresTemplateName } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A `dumpDataDir()` archive of a migrated PGlite seeded with `small`. */
    pgliteTemplatePath: string;
    /** Set when TEST_DATABASE_URL is: a migrated and seeded database to copy per test file. */
    postgresTemplate: string | null;
  }
}

/** Migrates and seeds `small` once; every test file starts from a copy of that. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templatePath = join(tmpdir(), `intercom-server-template-${process.pid}.tar.gz`);
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await database.migrate(async (db) => {
      await syncDictionaries(db);
      await seedDatabase(db, 'small');
    });
    const dump = await database.pglite!.dumpDataDir('gzip');
    await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplatePath', templatePath);

  const url = process.env.TEST_DATABASE_URL;
  const templateName = postgresTemplateName();
  if (url) {
    await adminQuery(url, `drop database if exists ${templateName} with (force)`);
    await adminQuery(url, `create database ${templateName}`);
    const template = await openDatabase({ kind: 'postgres', url: databaseUrl(url, templateName) });
    try {
      await template.migrate(async (db) => {
        await syncDictionaries(db);
        await seedDatabase(db, 'small');
      });
    } finally {
      await template.close();
    }
  }
  project.provide('postgresTemplate', url ? templateName : null);

  return async () => {
    await rm(templatePath, { force: true });
    if (url) await adminQuery(url, `drop database if exists ${templateName} with (force)`);
  };
}
