import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../server/db/client';
import type { Backend } from './helpers';
import { adminQuery, databaseUrl } from './postgres';

/** A new, empty database of the backend (not a copy of the seeded template), for the seed's own tests. */
export async function emptyDatabase(backend: Backend): Promise<{ database: Database; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `intercom_test_empty_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
