import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/db/bootstrap';
import { openDatabase, queryRows, type Database, type Db } from '../../server/db/client';
import { publicTables, tableChecksum } from '../../server/db/tables';
import { adminQuery, databaseUrl } from './postgres';

/*
 * The backup of docs/operations.md («Growing», step 5): `pg_dump -Fc` of a database taken while it
 * is written to, restored with `pg_restore` into a new database. Everything committed before the
 * dump started is in the copy, table by table: equal checksums for the tables the load does not
 * touch, equal rows up to the dump's start for the ones it appends to.
 */

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.log('backup-restore: not run, TEST_DATABASE_URL is not set (pg_dump needs PostgreSQL)');

/** The tables the write load appends to, with the column that orders them. */
const APPENDED = [
  { table: 'device_history_events', key: 'id' },
  { table: 'login_attempts', key: 'id' },
] as const;

/** Checksums of every table, and of the appended ones up to `upTo` (their largest key at the dump's start). */
async function snapshot(db: Db, upTo: Record<string, number>): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const sums: Record<string, string> = {};
    for (const table of await publicTables(tx)) {
      const appended = APPENDED.find((entry) => entry.table === table);
      sums[table] = await tableChecksum(tx, table, appended ? sql`r.${sql.identifier(appended.key)} <= ${upTo[table] ?? 0}` : undefined);
    }
    return sums;
  });
}

describe.runIf(adminUrl)('a PostgreSQL backup taken under write load', () => {
  const source = `intercom_backup_${randomBytes(5).toString('hex')}`;
  const restored = `${source}_restored`;
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    await adminQuery(adminUrl!, `create database ${source}`);
    await adminQuery(adminUrl!, `create database ${restored}`);
    database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl!, source), poolSize: 4 });
    await prepareDatabase(database, 'small');
    dir = await mkdtemp(join(tmpdir(), 'intercom-backup-'));
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    for (const name of [source, restored]) if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('holds everything committed before the dump started', async () => {
    const db = database.drizzle;
    let writing = true;
    let written = 0;
    // One writer (so ids commit in their order) appending events and failed logins, a transaction each.
    const load = (async () => {
      while (writing) {
        await db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into device_history_events (device_id, buyer_id, event_date, event_type)
                select id, buyer_id, now(), 'call' from devices order by id limit 5`,
          );
          await tx.execute(sql`insert into login_attempts (login, ip) values ('load', '127.0.0.1')`);
        });
        written++;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const upTo: Record<string, number> = {};
    for (const { table, key } of APPENDED) {
      const [row] = await queryRows<{ max: number }>(db, sql`select coalesce(max(${sql.identifier(key)}), 0)::bigint as max from ${sql.identifier(table)}`);
      upTo[table] = Number(row?.max);
    }
    const before = await snapshot(db, upTo);
    const file = join(dir, 'backup.dump');
    const writtenAtStart = written;
    await run('pg_dump', ['-Fc', '-f', file, databaseUrl(adminUrl!, source)]);
    writing = false;
    await load;
    expect(written, 'the load ran while the dump was taken').toBeGreaterThan(writtenAtStart);

    await run('pg_restore', ['--no-owner', '-d', databaseUrl(adminUrl!, restored), file]);
    const copy = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl!, restored), poolSize: 2 });
    try {
      expect(await snapshot(copy.drizzle, upTo)).toEqual(before);
      const migrations = async (target: Db) => (await queryRows<{ count: number }>(target, sql`select count(*)::int as count from drizzle.__drizzle_migrations`))[0]?.count;
      expect(await migrations(copy.drizzle)).toBe(await migrations(db));
    } finally {
      await copy.close();
    }
  }, 180_000);
});
