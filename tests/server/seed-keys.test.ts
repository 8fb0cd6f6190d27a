import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommutatorsUpdate } from '../../contract/commutators';
import { DOOR_CODE_PATTERN, KEYLESS_SERVICES } from '../../contract/door-codes';
import { CARD_TYPES, KEY_SCENARIO_MAX, KEY_SCENARIO_MIN, KEY_TYPES, KEY_VALUE_LENGTHS, normalizeKeyValue, type CardType, type KeyType } from '../../contract/keys';
import { queryRows, type Database, type Db } from '../../server/db/client';
import { flatRangeOfDevice } from '../../server/repositories/commutators';
import { flatDeviceFlags } from '../../server/repositories/flat-devices';
import { checkCommutation } from '../../server/routes/commutators';
import { syncDictionaries } from '../../server/repositories/dictionaries';
import { seedDatabase } from '../../server/seed/seed';
import type { SeedSize } from '../../server/seed/sizes';
import { BACKENDS, type Backend } from './helpers';
import { emptyDatabase } from './seed-fixtures';

/** The large size's SQL generator on a few hundred panels (the full size: 100,000). */
const SCALED_LARGE = { houses: 120, devices: 400 } as const;
const SIZES: readonly SeedSize[] = ['small', 'demo', 'large'];

type KeyRow = {
  deviceId: number;
  buyerId: number;
  value: string;
  keyType: KeyType | CardType;
  rs: boolean;
  inner: boolean;
  isSecurity: boolean;
  scenarios: number[];
  rsCapable: boolean;
  flatNum: number | null;
  flatOk: boolean;
};

async function keyRows(db: Db): Promise<KeyRow[]> {
  return queryRows<KeyRow>(
    db,
    sql`select k.device_id as "deviceId", k.buyer_id as "buyerId", k.value, k.key_type as "keyType", k.rs, k."inner", k.is_security as "isSecurity",
               k.scenarios::int[] as scenarios, 'rsKeys' = any(d.capabilities) as "rsCapable", k.flat_num as "flatNum",
               (k.flat_id is null and k.flat_num is null) or f.flat_num = k.flat_num as "flatOk"
        from keys k join devices d on d.id = k.device_id left join flats f on f.id = k.flat_id order by k.id`,
  );
}

/** Each device's model and commutators, as a save would send them. */
async function commutations(db: Db): Promise<{ id: number; mac: string; update: CommutatorsUpdate }[]> {
  const rows = await queryRows<{ id: number; mac: string; model: number | null; matrix: CommutatorsUpdate['matrix'] }>(
    db,
    sql`select d.id, d.mac, c.model, jsonb_agg(jsonb_build_object('index', m.idx, 'matrix', m.matrix) order by m.idx) as matrix
        from commutators m join devices d on d.id = m.device_id left join device_commutations c on c.device_id = d.id
        group by d.id, c.model order by d.id`,
  );
  return rows.map(({ id, mac, model, matrix }) => ({ id, mac, update: { model, matrix } }));
}

/** What the server refuses to save (a size the model lacks, a flat outside the device's range or wired twice), per device. */
async function refusedCommutations(db: Db): Promise<string[]> {
  const refused: string[] = [];
  for (const { id, mac, update } of await commutations(db)) {
    try {
      checkCommutation(update, await flatRangeOfDevice(db, id));
    } catch (error) {
      refused.push(`${mac}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return refused;
}

async function seeded(backend: Backend, size: SeedSize): Promise<{ database: Database; drop(): Promise<void> }> {
  const fresh = await emptyDatabase(backend);
  await fresh.database.migrate(syncDictionaries);
  await seedDatabase(fresh.database.drizzle, size, undefined, size === 'large' ? { profile: SCALED_LARGE } : {});
  return fresh;
}

describe.each(BACKENDS.flatMap((backend) => SIZES.map((size) => [backend, size] as const)))('keys, codes and matrices of the seed on %s, %s size', (backend, size) => {
  let fresh: { database: Database; drop(): Promise<void> };
  const db = () => fresh.database.drizzle;

  beforeAll(async () => {
    fresh = await seeded(backend, size);
  }, 180_000);
  afterAll(async () => {
    await fresh?.drop();
  });

  it('has keys of every type and length, each value fitting its type, on flats their panel opens', async () => {
    const keys = await keyRows(db());
    const misfits = keys.filter((key) => normalizeKeyValue(key.keyType, key.value) !== key.value).map((key) => `${key.keyType} ${key.value}`);
    expect(misfits).toEqual([]);
    expect(keys.filter((key) => !key.flatOk)).toEqual([]);
    const kinds = new Set(keys.filter((key) => !key.rs).map((key) => `${key.keyType}:${key.value.length}`));
    for (const keyType of [...KEY_TYPES, ...CARD_TYPES]) {
      for (const length of KEY_VALUE_LENGTHS[keyType]) expect(kinds, `${keyType} of ${length} digits`).toContain(`${keyType}:${length}`);
    }
    expect(keys.some((key) => key.isSecurity && !key.rs)).toBe(true);
    const scenarios = keys.flatMap((key) => key.scenarios);
    expect(scenarios.length).toBeGreaterThan(0);
    expect(scenarios.every((scenario) => scenario >= KEY_SCENARIO_MIN && scenario <= KEY_SCENARIO_MAX)).toBe(true);
    if (size === 'large') expect(keys.length, 'keys per device (2,000,000 at the full size)').toBeGreaterThan(SCALED_LARGE.devices * 20);
  });

  it('has the same key on several panels of one buyer, buyer 1 included', async () => {
    const keys = (await keyRows(db())).filter((key) => !key.rs);
    const devicesOf = new Map<string, Set<number>>();
    for (const key of keys) devicesOf.set(`${key.buyerId}:${key.value}`, (devicesOf.get(`${key.buyerId}:${key.value}`) ?? new Set()).add(key.deviceId));
    const duplicated = [...devicesOf].filter(([, devices]) => devices.size > 1).map(([owner]) => Number(owner.split(':')[0]));
    expect(duplicated.length).toBeGreaterThan(size === 'small' ? 5 : 50);
    expect(duplicated).toContain(1);
  });

  it('puts RS keys only on panels with RS485 controllers, inner and outer, some with one value both ways', async () => {
    const rs = (await keyRows(db())).filter((key) => key.rs);
    expect(rs.length).toBeGreaterThan(0);
    expect(rs.filter((key) => !key.rsCapable)).toEqual([]);
    expect(new Set(rs.map((key) => key.inner))).toEqual(new Set([true, false]));
    const ways = new Map<string, Set<boolean>>();
    for (const key of rs) ways.set(`${key.deviceId}:${key.value}`, (ways.get(`${key.deviceId}:${key.value}`) ?? new Set()).add(key.inner));
    expect([...ways.values()].some((both) => both.size === 2)).toBe(true);
    expect(rs.some((key) => key.buyerId === 1)).toBe(true);
  });

  it('gives every analogue panel with an entrance a matrix of its model’s size, flats of its range once each, and abonent units', async () => {
    expect((await commutations(db())).length).toBeGreaterThan(size === 'small' ? 5 : 50);
    expect(await refusedCommutations(db())).toEqual([]);
    const [units] = await queryRows<{ unwired: number; foreign: number; never: number; dead: number; measured: number; types: number[]; analogueWithout: number }>(
      db(),
      sql`select
            (select count(*) from abonent_units a where not exists (
               select 1 from commutators m cross join lateral jsonb_array_elements(m.matrix) as line cross join lateral jsonb_array_elements(line) as cell
               where m.device_id = a.device_id and cell::int = a.panel_code))::int as unwired,
            (select count(*) from abonent_units a join devices d on d.id = a.device_id join device_houses dh on dh.device_id = d.id
             left join flats f on f.id = a.flat_id where f.id is null or f.house_uid <> dh.house_uid or f.flat_num <> a.panel_code)::int as foreign,
            (select count(*) from abonent_units where line_level is null and line_level_changed_at is null)::int as never,
            (select count(*) from abonent_units where line_level < 20 and line_level_changed_at is not null)::int as dead,
            (select count(*) from abonent_units where line_level >= 20 and line_level_changed_at is not null)::int as measured,
            array(select distinct type::int from abonent_units order by 1) as types,
            (select count(*) from devices d join device_relays rl on rl.device_id = d.id and rl.relay_num = 1
             where 'commutators' = any(d.capabilities) and not exists (select 1 from commutators m where m.device_id = d.id))::int as "analogueWithout"`,
    );
    expect(units).toMatchObject({ unwired: 0, foreign: 0, analogueWithout: 0, types: [0, 1, 2] });
    expect(units.never).toBeGreaterThan(0);
    expect(units.dead).toBeGreaterThan(0);
    expect(units.measured).toBeGreaterThan(units.never + units.dead);
  });

  it('has a common door code on most panels and per-flat codes of 4–8 digits, unique on their panel, on panels that take them', async () => {
    const codes = await queryRows<{ deviceId: number; type: number; capabilities: string[]; buyerId: number; flatNum: number | null; code: string; expired: boolean; comment: string | null; createdBy: string | null; firstFlat: number; lastFlat: number }>(
      db(),
      sql`select c.device_id as "deviceId", d.type, d.capabilities, d.buyer_id as "buyerId", c.flat_num as "flatNum", c.code, c.expires_at < now() as expired,
                 c.comment, c.created_by as "createdBy", r.range_start as "firstFlat", r.range_end as "lastFlat"
          from device_door_codes c join devices d on d.id = c.device_id
          join device_relays rl on rl.device_id = d.id and rl.relay_num = 1 join entrance_ranges r on r.entrance_uid = rl.entrance_uid
          order by c.id`,
    );
    expect(codes.filter((code) => !DOOR_CODE_PATTERN.test(code.code))).toEqual([]);
    expect(new Set(codes.map((code) => `${code.deviceId}:${code.code}`)).size).toBe(codes.length);
    const perFlat = codes.filter((code) => code.flatNum !== null);
    expect(perFlat.filter((code) => !flatDeviceFlags(code.type, code.capabilities).canFlatDoorCode)).toEqual([]);
    expect(perFlat.filter((code) => code.flatNum! < code.firstFlat || code.flatNum! > code.lastFlat)).toEqual([]);
    expect(perFlat.some((code) => code.expired)).toBe(true);
    expect(perFlat.some((code) => !code.expired)).toBe(true);
    expect(perFlat.some((code) => code.comment && code.createdBy)).toBe(true);
    expect(perFlat.some((code) => code.buyerId === 1)).toBe(true);
    const [panels] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from devices d join device_relays rl on rl.device_id = d.id and rl.relay_num = 1`);
    expect(codes.filter((code) => code.flatNum === null).length).toBeGreaterThan(panels.n * 0.6);
  });

  it('has keyless codes of every service on several of the buyer’s working panels, one expired and one failed with a reason', async () => {
    const codes = await queryRows<{ buyerId: number; service: string; code: string; expired: boolean; devices: number; failed: number; reasons: string[]; foreign: number; notWorking: number }>(
      db(),
      sql`select c.buyer_id as "buyerId", c.service, c.code, coalesce(c.expires_at < now(), false) as expired,
                 count(t.device_id)::int as devices, count(*) filter (where t.status = 2)::int as failed,
                 array_remove(array_agg(t.message order by t.device_id), null) as reasons,
                 count(*) filter (where d.buyer_id <> c.buyer_id)::int as foreign, count(*) filter (where d.status_code <> 1)::int as "notWorking"
          from keyless_codes c left join keyless_code_devices t on t.code_id = c.id left join devices d on d.id = t.device_id
          group by c.id order by c.id`,
    );
    const ofBuyer = codes.filter((code) => code.buyerId === 1);
    expect(new Set(ofBuyer.map((code) => code.service))).toEqual(new Set(KEYLESS_SERVICES));
    expect(ofBuyer.some((code) => code.expired)).toBe(true);
    expect(ofBuyer.some((code) => code.failed > 0 && code.reasons.every((reason) => /[а-я]/i.test(reason)))).toBe(true);
    expect(codes.filter((code) => code.devices < 2 || code.foreign > 0 || code.notWorking > 0)).toEqual([]);
    expect(codes.filter((code) => !/^\d{4,8}$/.test(code.code))).toEqual([]);
  });
});
