import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/db/client';
import { syncDictionaries } from '../../server/repositories/dictionaries';
import { DEVICE_LIST_HOUSES_SELECT } from '../../server/seed/device-list-houses';
import { databaseChecksum, resetDatabase, seedDatabase, type SeedReport } from '../../server/seed/seed';
import { BACKENDS } from './helpers';
import { emptyDatabase, peopleFacts } from './seed-fixtures';

/** The large size's SQL generator on a few hundred houses: the same statements, rows in seconds. */
const SCALED = { houses: 120, devices: 400 } as const;

/** Rows whose foreign key points nowhere, per constraint: the large size loads with the checks off. */
async function danglingReferences(database: Database): Promise<Record<string, number>> {
  const db = database.drizzle;
  const keys = await queryRows<{ name: string; child: string; parent: string; childColumns: string[]; parentColumns: string[] }>(
    db,
    sql`select c.conname as "name", c.conrelid::regclass::text as "child", c.confrelid::regclass::text as "parent",
               array(select a.attname::text from unnest(c.conkey) with ordinality k(att, ord) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.att order by k.ord) as "childColumns",
               array(select a.attname::text from unnest(c.confkey) with ordinality k(att, ord) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.att order by k.ord) as "parentColumns"
        from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace order by 1`,
  );
  const dangling: Record<string, number> = {};
  for (const key of keys) {
    const notNull = sql.join(
      key.childColumns.map((column) => sql`ch.${sql.identifier(column)} is not null`),
      sql` and `,
    );
    const matches = sql.join(
      key.childColumns.map((column, index) => sql`p.${sql.identifier(key.parentColumns[index]!)} = ch.${sql.identifier(column)}`),
      sql` and `,
    );
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(key.child)} ch where ${notNull} and not exists (select 1 from ${sql.identifier(key.parent)} p where ${matches})`,
    );
    if ((row?.n ?? 0) > 0) dangling[key.name] = row!.n;
  }
  return dangling;
}

describe.each(BACKENDS)('the large seed’s SQL generator on %s (scaled down)', (backend) => {
  let fresh: { database: Database; drop(): Promise<void> };
  let report: SeedReport;

  beforeAll(async () => {
    fresh = await emptyDatabase(backend);
    await fresh.database.migrate(syncDictionaries);
    report = await seedDatabase(fresh.database.drizzle, 'large', 7, { profile: SCALED });
  }, 120_000);
  afterAll(async () => {
    await fresh?.drop();
  });

  it('writes every table of the size, timed step by step, with no reference pointing nowhere', async () => {
    expect(report.steps.map((step) => step.name)).toEqual(
      expect.arrayContaining(['houses', 'flats', 'devices', 'residents (users)', 'keys', 'device history events', 'people and companies', 'device list houses']),
    );
    for (const step of report.steps) expect(step.ms, step.name).toBeGreaterThanOrEqual(0);
    expect(report.rows).toMatchObject({ houses: SCALED.houses, devices: SCALED.devices });
    // About 26 flats per entrance and two entrances per house (the full size: 1.3 million over 25,000 houses).
    expect(report.rows.flats).toBeGreaterThan(SCALED.houses * 30);
    const tables = ['users', 'flat_users', 'sip_accounts', 'keys', 'device_history_events', 'temporary_codes', 'flat_block_history', 'flat_block_schedules', 'entrance_gates'];
    for (const table of [...tables, 'user_devices', 'user_access', 'user_groups', 'external_users']) {
      expect(report.rows[table], table).toBeGreaterThan(0);
    }
    expect(await danglingReferences(fresh.database)).toEqual({});
  });

  it('keeps the demo accounts, keys on flats their panel opens, blocks with history, and the device list projection', async () => {
    const db = fresh.database.drizzle;
    const demo = await queryRows<{ login: string }>(db, sql`select login from users where id <= 4 order by id`);
    expect(demo.map((row) => row.login)).toEqual(['admin', 'operator', 'installer', 'support']);
    const [checks] = await queryRows<{ keysElsewhere: number; flatNumbers: number; blocked: number; blockedWithHistory: number; projection: number; triggers: number }>(
      db,
      sql`select
            (select count(*) from keys k join flats f on f.id = k.flat_id where f.house_uid not in (select dh.house_uid from device_houses dh where dh.device_id = k.device_id))::int as "keysElsewhere",
            (select count(*) from keys k join flats f on f.id = k.flat_id where k.flat_num <> f.flat_num)::int as "flatNumbers",
            (select count(*) from flats where status = 1 and blocked_at is not null and block_reason is not null)::int as blocked,
            (select count(*) from flats f where status = 1 and exists (select 1 from flat_block_history h where h.flat_id = f.id and h.kind = 'manual' and h.mac is null and h.blocked))::int as "blockedWithHistory",
            (select count(*) from devices d left join (${DEVICE_LIST_HOUSES_SELECT}) b on b.device_id = d.id left join device_list_houses l on l.device_id = d.id
             where l.houses is distinct from b.houses or l.houses is distinct from device_list_houses_of(d.id))::int as projection,
            (select count(*) from pg_trigger where tgname in ('device_houses_list', 'device_relays_list') and tgenabled = 'O')::int as triggers`,
    );
    expect(checks).toMatchObject({ keysElsewhere: 0, flatNumbers: 0, projection: 0, triggers: 2 });
    expect(checks.blocked).toBeGreaterThan(0);
    expect(checks.blockedWithHistory).toBe(checks.blocked);
  });

  it('fills every section of the user card for a share of the residents (a tenth and more), in group trees of four levels, with no row of another buyer', async () => {
    const facts = await peopleFacts(fresh.database.drizzle);
    expect(facts.complete).toBeGreaterThan(facts.users * 0.1);
    expect(facts.minDepth).toBe(4);
    expect(facts.broken).toEqual({ staffWithoutRole: 0, groupWithoutGiver: 0, foreignGroup: 0, foreignOperator: 0, foreignExternal: 0 });
    expect(facts.phoneKinds).toEqual(['android push', 'android silent', 'ios push', 'ios silent']);
    // Access entries to several services, second phones, members of two groups.
    const [many] = await queryRows<{ access: number; phones: number; groups: number }>(
      fresh.database.drizzle,
      sql`select (select count(*) from (select user_id from user_access group by 1 having count(*) > 1) as x)::int as access,
                 (select count(*) from (select user_id from user_devices group by 1 having count(*) > 1) as x)::int as phones,
                 (select count(*) from (select user_id from user_groups group by 1 having count(*) > 1) as x)::int as groups`,
    );
    for (const [what, n] of Object.entries(many)) expect(n, what).toBeGreaterThan(0);
  });

  it('gives the same rows for the same seed', async () => {
    const db = fresh.database.drizzle;
    const first = await databaseChecksum(db);
    await resetDatabase(db);
    await seedDatabase(db, 'large', 7, { profile: SCALED });
    expect(await databaseChecksum(db)).toEqual(first);
  }, 120_000);
});
