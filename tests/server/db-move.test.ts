import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileResponse, importEndpoints, type ImportJob } from '../../contract/imports';
import { buildApp } from '../../server/app';
import { createPgliteDataDir } from '../../server/db/bootstrap';
import { openDatabase, queryRows } from '../../server/db/client';
import { MoveRefused, moveDatabase } from '../../server/db/move';
import { expectShape, loginAs, type TestClient } from './helpers';
import { applyAndWait } from './import-helpers';
import { adminQuery, databaseUrl } from './postgres';

/*
 * `npm run db:move`: the demo seed on PGlite plus a day of changes (a flats and a keys import: new
 * residents, keys, the device changes they owe, the audit trail, the files and jobs as bytes and
 * rows, sessions) into a new PostgreSQL database; every table's count and checksum must match, the
 * sessions and the CSRF key go on working there, new rows get new ids, and a second move into the
 * same database is refused.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.log('db-move: not run, TEST_DATABASE_URL is not set (the move goes into PostgreSQL)');

const MAC = 'E4:5A:D4:00:00:06';

async function importKeys(client: TestClient, first: number, count: number): Promise<ImportJob> {
  const rows = Array.from({ length: count }, (_, n) => `${MAC};${(first + n).toString(16).toUpperCase().padStart(14, '0')};;;0`);
  const uploaded = await client.request('POST', `${importEndpoints.upload.path({})}?kind=keys&name=keys.csv`, {
    payload: Buffer.from(['mac;value;type;flat;inner', ...rows].join('\r\n')),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const file = expectShape(ImportFileResponse, uploaded.json()).data;
  return applyAndWait(client, importEndpoints.keysApply.path({}), file.id, file.mapping);
}

describe.runIf(adminUrl)('moving the embedded database to PostgreSQL', () => {
  const name = `intercom_move_${randomBytes(5).toString('hex')}`;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'intercom-move-'));
    await createPgliteDataDir(dataDir, 'demo');
    await adminQuery(adminUrl!, `create database ${name}`);
    url = databaseUrl(adminUrl!, name);
  }, 180_000);

  afterAll(async () => {
    if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('copies every row, checks each table, and the server goes on there as before', async () => {
    // A day of changes on the embedded database.
    const before = await buildApp({ database: { kind: 'pglite', dataDir }, seed: false, imports: { pollMs: 20 } });
    let operator: TestClient;
    try {
      operator = await loginAs(before, 'operator');
      expect(await importKeys(operator, 0x7c000000, 1_500)).toMatchObject({ state: 'done', counts: { create: 1_500 } });
    } finally {
      await before.close();
    }

    const source = await openDatabase({ kind: 'pglite', dataDir });
    const target = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    try {
      const report = await moveDatabase(source, target);
      expect(report.rows).toBeGreaterThan(300_000);
      for (const table of report.tables) expect(table.target, table.name).toBe(table.source);
      const moved = new Map(report.tables.map((table) => [table.name, table.rows]));
      for (const table of ['keys', 'audit_records', 'sessions', 'server_secrets', 'import_upload_parts', 'import_result_parts', 'device_sync_changes']) {
        expect(moved.get(table), table).toBeGreaterThan(0);
      }
      await expect(moveDatabase(source, target)).rejects.toBeInstanceOf(MoveRefused);
    } finally {
      await Promise.all([source.close(), target.close()]);
    }

    const after = await buildApp({ database: { kind: 'postgres', url }, seed: false, imports: { pollMs: 20 } });
    try {
      // The session and its CSRF token, made on the embedded database, work here.
      const sameSession = operator!.at(after);
      expect((await sameSession.get('/front/user/get-permissions')).statusCode).toBe(200);
      const maxBefore = await queryRows<{ id: number }>(after.database.drizzle, sql`select max(id)::int as id from keys`);
      expect(await importKeys(sameSession, 0x7d000000, 100)).toMatchObject({ state: 'done', counts: { create: 100 } });
      const [fresh] = await queryRows<{ id: number }>(after.database.drizzle, sql`select min(id)::int as id from keys where value like '0000007D%'`);
      expect(Number(fresh?.id)).toBeGreaterThan(Number(maxBefore[0]?.id));
    } finally {
      await after.close();
    }
  }, 240_000);
});
