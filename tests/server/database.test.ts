import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/db/client';
import { syncDictionaries } from '../../server/repositories/dictionaries';
import { DEVICE_LIST_HOUSES_SELECT } from '../../server/seed/device-list-houses';
import { FLAT_PERMISSION_NAMES, SHOWCASE_FLATS } from '../../server/seed/flat-extras';
import { databaseChecksum, isDatabaseEmpty, resetDatabase, seedDatabase } from '../../server/seed/seed';
import { BACKENDS, createTestApp } from './helpers';
import { emptyDatabase } from './seed-fixtures';

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

  it('seeds demo: 50 houses, 400 devices of all 16 types, 3 buyers, every role, the 4 demo accounts', { timeout: 120_000 }, async () => {
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
    for (const key of ['flats', 'keys', 'sip', 'groups', 'companies'] as const) expect(counts[key], key).toBeGreaterThan(3);
    expect(counts.buyers).toBe(3);
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

    // The set-based projection equals the per-device function of migration 0002 and the rows its triggers kept.
    const [projection] = await queryRows<{ devices: number; fromFunction: number; fromTriggers: number }>(
      db,
      sql`select count(*)::int as devices,
                 count(*) filter (where built.houses is distinct from device_list_houses_of(d.id))::int as "fromFunction",
                 count(*) filter (where built.houses is distinct from kept.houses)::int as "fromTriggers"
          from devices d
          left join (${DEVICE_LIST_HOUSES_SELECT}) as built on built.device_id = d.id
          left join device_list_houses kept on kept.device_id = d.id`,
    );
    expect(projection).toEqual({ devices: 400, fromFunction: 0, fromTriggers: 0 });
    const [linked] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from device_list_houses where houses <> '{}'::jsonb`);
    expect(linked.n).toBeGreaterThan(300);
  });

  it('gives the demo operator flats whose card shows every section', async () => {
    const db = fresh.database.drizzle;
    const showcase = await queryRows<{
      id: number;
      status: number;
      users: number;
      sipUsers: number;
      keys: number;
      code: 'live' | 'expired' | null;
      manual: number;
      cms: number;
      cmsSettings: number;
      schedules: number;
      services: number;
      permissions: number;
    }>(
      db,
      sql`select f.id, f.status::int as status,
                 (select count(*) from flat_users fu where fu.flat_id = f.id)::int as users,
                 (select count(*) from flat_users fu join sip_accounts s on s.user_id = fu.user_id where fu.flat_id = f.id)::int as "sipUsers",
                 (select count(*) from keys k where k.flat_id = f.id and k.device_id in (select r.device_id from device_relays r join flat_entrances fe on fe.entrance_uid = r.entrance_uid where fe.flat_id = f.id))::int as keys,
                 (select case when t.created + make_interval(secs => t.duration) > now() then 'live' else 'expired' end from temporary_codes t where t.flat_id = f.id) as code,
                 (select count(*) from flat_block_history h where h.flat_id = f.id and h.kind = 'manual' and h.mac is null and h.login is not null)::int as manual,
                 (select count(*) from flat_block_history h where h.flat_id = f.id and h.kind = 'cms' and h.mac is not null)::int as cms,
                 (select count(*) from flat_device_settings s where s.flat_id = f.id and s.block_cms)::int as "cmsSettings",
                 (select count(*) from flat_block_schedules s where s.flat_id = f.id and s.run_at > now())::int as schedules,
                 (select count(*) from flat_access_services s where s.flat_id = f.id)::int as services,
                 (select count(*) from flat_permissions p where p.flat_id = f.id)::int as permissions
          from flats f
          where f.buyer_id = 1 and exists (select 1 from flat_permissions p where p.flat_id = f.id and p.comment = 'Отключено по заявлению')
          order by f.id desc`,
    );
    expect(showcase).toHaveLength(SHOWCASE_FLATS);
    for (const flat of showcase) {
      expect(flat.users, `flat ${flat.id}`).toBeGreaterThan(0);
      expect(flat.sipUsers, `flat ${flat.id}`).toBeGreaterThan(0);
      expect(flat.keys, `flat ${flat.id}`).toBeGreaterThanOrEqual(3);
      expect(flat.manual, `flat ${flat.id}`).toBeGreaterThanOrEqual(2);
      expect(flat.services, `flat ${flat.id}`).toBeGreaterThanOrEqual(3);
      expect(flat.permissions, `flat ${flat.id}`).toBe(FLAT_PERMISSION_NAMES.length);
    }
    // Three live codes and one expired, three blocks in force, two CMS blocks, two schedules ahead.
    const count = (test: (flat: (typeof showcase)[number]) => boolean) => showcase.filter(test).length;
    expect(count((flat) => flat.code === 'live')).toBeGreaterThanOrEqual(3);
    expect(count((flat) => flat.code === 'expired')).toBeGreaterThanOrEqual(1);
    expect(count((flat) => flat.status === 1)).toBeGreaterThanOrEqual(3);
    expect(count((flat) => flat.cms > 0 && flat.cmsSettings > 0)).toBeGreaterThanOrEqual(2);
    expect(count((flat) => flat.schedules > 0)).toBeGreaterThanOrEqual(2);

    // Beyond the showcase: every blocked flat says since when and why, with its history row; some codes are live.
    const [spread] = await queryRows<{ blocked: number; described: number; withHistory: number; liveCodes: number; expiredCodes: number; permissions: number; keysOfFlats: number }>(
      db,
      sql`select count(*) filter (where status = 1)::int as blocked,
                 count(*) filter (where status = 1 and blocked_at is not null and block_reason is not null)::int as described,
                 count(*) filter (where status = 1 and exists (select 1 from flat_block_history h where h.flat_id = flats.id and h.kind = 'manual' and h.blocked and h.date = flats.blocked_at))::int as "withHistory",
                 (select count(*) from temporary_codes t where t.created + make_interval(secs => t.duration) > now())::int as "liveCodes",
                 (select count(*) from temporary_codes t where t.created + make_interval(secs => t.duration) <= now())::int as "expiredCodes",
                 (select count(distinct flat_id) from flat_permissions)::int as permissions,
                 (select count(*) from keys where flat_id is not null)::int as "keysOfFlats"
          from flats`,
    );
    expect(spread.blocked).toBeGreaterThan(10);
    expect(spread.described).toBe(spread.blocked);
    expect(spread.withHistory).toBe(spread.blocked);
    expect(spread.liveCodes).toBeGreaterThan(3);
    expect(spread.expiredCodes).toBeGreaterThanOrEqual(1);
    expect(spread.permissions).toBeGreaterThan(SHOWCASE_FLATS);
    expect(spread.keysOfFlats).toBeGreaterThan(1000);
  });
});
