import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../server/db/client';
import { syncDictionaries } from '../../server/repositories/dictionaries';
import { databaseChecksum, isDatabaseEmpty, resetDatabase, seedDatabase } from '../../server/seed/seed';
import { BACKENDS, createTestApp, type Backend } from './helpers';
import { adminQuery, databaseUrl } from './postgres';

/** A new, empty database of the backend (not a copy of the template). */
async function emptyDatabase(backend: Backend): Promise<{ database: Database; drop(): Promise<void> }> {
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

describe.each(BACKENDS)('database on %s', (backend) => {
  let fresh: { database: Database; drop(): Promise<void> };
  let templateChecksum: Record<string, string>;

  beforeAll(async () => {
    const template = await createTestApp(backend);
    templateChecksum = await databaseChecksum(template.app.database.drizzle);
    await template.close();
    fresh = await emptyDatabase(backend);
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  it('applies the migrations to an empty database, twice without harm', async () => {
    const db = fresh.database.drizzle;
    await fresh.database.migrate();
    await fresh.database.migrate(syncDictionaries);
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const names = tables.map((table) => table.name);
    for (const expected of ['devices', 'device_houses', 'device_relays', 'houses', 'entrances', 'flats', 'keys', 'sip_accounts', 'users', 'auth_items', 'sessions', 'login_attempts', 'idempotency_keys', 'adjuster_jobs', 'dictionary_options']) {
      expect(names).toContain(expected);
    }
    expect(await isDatabaseEmpty(db)).toBe(true);
  });

  it('seeds the same rows for the same seed: the checksum equals the test template’s', async () => {
    const db = fresh.database.drizzle;
    await seedDatabase(db, 'small');
    expect(await isDatabaseEmpty(db)).toBe(false);
    const checksum = await databaseChecksum(db);
    expect(Object.keys(checksum).length).toBeGreaterThan(30);
    expect(checksum).toEqual(templateChecksum);
  });

  it('seeds other rows for another seed, and resets to empty', async () => {
    const db = fresh.database.drizzle;
    await resetDatabase(db);
    expect(await isDatabaseEmpty(db)).toBe(true);
    await seedDatabase(db, 'small', 42);
    const checksum = await databaseChecksum(db);
    expect(checksum.devices).not.toEqual(templateChecksum.devices);
    expect(checksum.devices.split(':')[0]).toEqual(templateChecksum.devices.split(':')[0]);
    // New rows get ids after the seeded ones.
    const [next] = await queryRows<{ id: number }>(db, sql`insert into buyers (name) values ('Новый покупатель') returning id`);
    const [max] = await queryRows<{ max: number }>(db, sql`select max(id)::int as max from buyers where name <> 'Новый покупатель'`);
    expect(next.id).toBe(max.max + 1);
  });

  it('seeds demo: 50 houses, 400 devices of all 16 types, every role, the 4 demo accounts', { timeout: 120_000 }, async () => {
    const db = fresh.database.drizzle;
    await resetDatabase(db);
    await seedDatabase(db, 'demo');
    const [counts] = await queryRows<{ houses: number; devices: number; types: number; flats: number; keys: number; sip: number; groups: number; buyers: number; companies: number }>(
      db,
      sql`select (select count(*) from houses)::int as houses, (select count(*) from devices)::int as devices,
                 (select count(distinct type) from devices)::int as types, (select count(*) from flats)::int as flats,
                 (select count(*) from keys)::int as keys, (select count(*) from sip_accounts)::int as sip,
                 (select count(*) from groups)::int as groups, (select count(*) from buyers)::int as buyers,
                 (select count(*) from management_companies)::int as companies`,
    );
    expect(counts).toMatchObject({ houses: 50, devices: 400, types: 16 });
    for (const key of ['flats', 'keys', 'sip', 'groups', 'buyers', 'companies'] as const) expect(counts[key], key).toBeGreaterThan(3);
    const roles = await queryRows<{ item_name: string; users: number }>(
      db,
      sql`select item_name, count(*)::int as users from auth_assignments a join auth_items i on i.name = a.item_name where i.type = 1 group by 1 order by 1`,
    );
    expect(roles.map((role) => role.item_name)).toEqual(['adjuster', 'management', 'superuser', 'support']);
    const demo = await queryRows<{ login: string }>(db, sql`select login from users where id <= 4 order by id`);
    expect(demo.map((row) => row.login)).toEqual(['admin', 'operator', 'installer', 'support']);
    // The card's executor select lists the shared executors and the buyer's own: a seeded device names one of those.
    const foreign = await queryRows<{ mac: string }>(
      db,
      sql`select d.mac from devices d left join executors e on e.id = nullif(d.options->>'billing_executorId', '')::int
          where d.options->>'billing_executorId' <> '' and (e.id is null or (e.buyer_id is not null and e.buyer_id <> d.buyer_id))`,
    );
    expect(foreign).toEqual([]);
  });
});
