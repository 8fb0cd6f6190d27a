import { COMMUTATOR_SIZES, matrixSize } from '../../contract/commutators';
import { DEVICE_TYPE_NAMES } from '../../contract/devices';
import { KEYLESS_SERVICES } from '../../contract/door-codes';
import { KEY_SCENARIO_MAX, KEY_SCENARIO_MIN, KEY_TYPES } from '../../contract/keys';
import { flatDeviceFlags } from '../repositories/flat-devices';
import { capabilitiesOf } from '../devices/capabilities';
import type { AccessProfile } from './sizes';
import { TODAY_SQL, jsonLiteral, sqlRandom } from './sql-random';

/**
 * Keys, door codes, keyless codes and commutation matrices, made by PostgreSQL from a table of the
 * panels (`seed_panels`): the small and demo sizes add them after Node wrote their devices, the
 * large size makes all its keys this way. Every random choice is a hash of a row key and the seed.
 *
 * `seed_panels` holds one row per panel with an entrance: id, k (its hash key), buyer_id, type,
 * status_code, purpose (1 main, 2 gate, 5 second panel), house_uid, flat_from, flat_to (the range
 * its entrance opens), house_first_flat_id (large only), rs_keys, analog, flat_codes (the
 * device takes per-flat door codes) and wired (it has a commutation already).
 */

/** Which generator made the panels: where a flat's id comes from, and whether inserts can meet a unique index. */
export type PanelSource = 'tables' | 'large';

/**
 * Key kinds and value lengths in hex digits (contract/keys.ts KEY_VALUE_LENGTHS), repeated by how
 * common each is in the field: coordinate keys mostly Metakom, cards mostly 7-byte MIFARE.
 */
const KEY_KINDS: readonly (readonly [string, number, number])[] = [
  ['Metakom', 12, 10],
  ['Cyfral', 12, 5],
  ['Eltis', 12, 3],
  ['Vizit', 12, 3],
  ['Factorial', 12, 2],
  ['MIFARE', 8, 3],
  ['MIFARE', 14, 6],
  ['MIFARE', 20, 1],
  ['RFID', 10, 4],
  ['RFID', 12, 3],
];
/** RS485 readers take cards and Metakom keys. */
const RS_KEY_KINDS: readonly (readonly [string, number, number])[] = [
  ['MIFARE', 8, 2],
  ['MIFARE', 14, 4],
  ['RFID', 10, 3],
  ['Metakom', 12, 1],
];

const DOOR_CODE_COMMENTS = ['Для няни', 'Ремонт в квартире', 'Сиделка', 'По заявлению жильца', 'Временно, на время отпуска'] as const;
const COMMON_CODE_COMMENTS = ['Общий код подъезда', 'Код для жильцов', 'Сменён после жалобы'] as const;
/** One comment per service, in KEYLESS_SERVICES order. */
const KEYLESS_COMMENTS: Record<(typeof KEYLESS_SERVICES)[number], string> = {
  post: 'Почта России',
  courier: 'Курьерские службы',
  emergency: 'Аварийная служба',
  utilities: 'Обходчики управляющей компании',
  cleaning: 'Уборка подъездов',
  other: 'Домофонный сервис',
};
const KEYLESS_FAILURES = ['Устройство не ответило за 10 с', 'Панель отклонила код: память кодов заполнена', 'Устройство не в сети'] as const;

/** Device types whose panels take per-flat door codes (the flat card's canFlatDoorCode). */
export function flatCodeTypes(): number[] {
  return DEVICE_TYPE_NAMES.map((_name, type) => type).filter((type) => flatDeviceFlags(type, capabilitiesOf(type)).canFlatDoorCode);
}

/** The panels of a database Node wrote: a device's entrance is that of its first relay. */
export function panelsFromTables(): string[] {
  return [
    `create temp table seed_panels on commit drop as
     select d.id, d.id as k, d.buyer_id, d.type, d.status_code, coalesce((d.options->>'devicePurpose')::int, 0) as purpose,
            e.house_uid, e.type as entrance_type, r.range_start as flat_from, r.range_end as flat_to, null::int as house_first_flat_id,
            'rsKeys' = any(d.capabilities) as rs_keys, 'commutators' = any(d.capabilities) as analog,
            d.type = any(array[${flatCodeTypes().join(', ')}]::int[]) as flat_codes,
            exists (select 1 from device_commutations c where c.device_id = d.id) as wired
     from devices d
     join device_relays rl on rl.device_id = d.id and rl.relay_num = 1
     join entrances e on e.uid = rl.entrance_uid
     join entrance_ranges r on r.entrance_uid = e.uid
     where d.status_code <> 3 and r.range_end >= r.range_start`,
    `create unique index on seed_panels (id)`,
    `analyze seed_panels`,
  ];
}

/** A flat's id by its number in the panel's house. */
function flatIdOf(source: PanelSource, panel: string, num: string): string {
  return source === 'large'
    ? `(${panel}.house_first_flat_id + ${num} - 1)`
    : `(select f.id from flats f where f.house_uid = ${panel}.house_uid and f.flat_num = ${num})`;
}

/**
 * A panel's key kind and value length: its first key takes the kinds in turn over the panels (so
 * every kind and length is on a few panels of the smallest size), the others are picked by weight.
 */
function kindOf(kinds: readonly (readonly [string, number, number])[], hashKind: (count: number) => string): string {
  const expanded = kinds.flatMap(([kind, length, weight]) => Array.from({ length: weight }, () => [kind, length]));
  const distinct = kinds.map(([kind, length]) => [kind, length]);
  const entry = `case when n = 1 then ${jsonLiteral(distinct)} -> (p.k % ${distinct.length})::int else ${jsonLiteral(expanded)} -> ${hashKind(expanded.length)} end`;
  return `(select e->>0 as kind, (e->>1)::int as len from (select ${entry} as e) as picked)`;
}

/**
 * A key value of `length` hex digits. Eight-digit values (4-byte MIFARE) are a bijection of
 * `ordinal`, so no two keys of one device share one however many there are; longer ones are an md5
 * prefix (a clash within one device is beyond reach).
 */
function keyValue(seed: number, tag: string, ordinal: string, length: string): string {
  return `case when ${length} = 8 then lpad(upper(to_hex(((${ordinal})::bigint * 2654435761 + ${seed % 1_000_000}) % 4294967296)), 8, '0')
               else upper(substr(md5('${seed}-${tag}-' || (${ordinal})::bigint), 1, ${length})) end`;
}

export interface AccessStatementsOptions {
  seed: number;
  profile: AccessProfile;
  source: PanelSource;
}

/** Keys on every panel (most for a flat it opens), RS keys, and copies of flat keys on the house's other panels. */
export function keyStatements({ seed, profile, source }: AccessStatementsOptions): string[] {
  const { r, int, daysAgo } = sqlRandom(seed);
  // Node's own keys sit under a unique index; the large load's indexes are built after it, and its values never clash.
  const onConflict = source === 'tables' ? 'on conflict do nothing' : '';
  const columns = `(device_id, buyer_id, flat_id, flat_num, value, key_type, cipher_id, is_security, authentic, "inner", inc_value, blocked, user_login, created_at, rs, scenarios)`;
  const key = 'p.id * 64 + n';
  // One scenario on a tenth of the keys, two (in order) on a twentieth.
  const half = Math.floor((KEY_SCENARIO_MAX - KEY_SCENARIO_MIN + 1) / 2);
  const scenarios = (hash: string) =>
    `case when ${r(hash, 311)} < 0.1 then array[${int(hash, 312, KEY_SCENARIO_MIN, KEY_SCENARIO_MAX)}]::smallint[]
          when ${r(hash, 311)} < 0.15 then array[${int(hash, 313, KEY_SCENARIO_MIN, KEY_SCENARIO_MIN + half - 1)}, ${int(hash, 313, KEY_SCENARIO_MIN, KEY_SCENARIO_MIN + half - 1)} + ${int(hash, 314, 1, half)}]::smallint[]
          else '{}'::smallint[] end`;
  const flatOf = (hash: string, salt: number) => `(
    select ${r(hash, salt)} < 0.8 as has, p.flat_from + floor(${r(hash, salt + 1)} * (p.flat_to - p.flat_from + 1))::int as num
  )`;
  const [keysMin, keysMax] = profile.keysPerPanel;
  const [rsMin, rsMax] = profile.rsKeysPerPanel;
  return [
    `insert into keys ${columns}
     select p.id, p.buyer_id, case when fl.has then ${flatIdOf(source, 'p', 'fl.num')} end, case when fl.has then fl.num end,
            ${keyValue(seed, 'key', `(${key}) * 4`, 'kt.len')}, kt.kind,
            case when ${r(key, 301)} < 0.2 then ${int(key, 302, 1, 4)} end,
            ${r(key, 303)} < 0.1, ${r(key, 304)} < 0.95, ${r(key, 305)} < 0.1, null,
            ${r(key, 306)} < 0.03, case when ${r(key, 307)} < 0.5 then 'operator' end, ${daysAgo(key, 308, 900)}, false, ${scenarios(key)}
     from seed_panels p
     cross join lateral generate_series(1, ${int('p.k', 300, keysMin, keysMax)}) as n
     cross join lateral ${kindOf(KEY_KINDS, (count) => int(key, 309, 0, count - 1))} as kt
     cross join lateral ${flatOf(key, 315)} as fl
     order by p.id, n
     ${onConflict}`,
    // RS keys: a quarter written both ways (inner and outer) with one value.
    `insert into keys ${columns}
     select p.id, p.buyer_id, case when fl.has then ${flatIdOf(source, 'p', 'fl.num')} end, case when fl.has then fl.num end,
            ${keyValue(seed, 'rs-key', `(${key}) * 4 + 1`, 'kt.len')}, kt.kind,
            null, ${r(key, 323)} < 0.15, true, w.is_inner, null, ${r(key, 326)} < 0.03,
            case when ${r(key, 327)} < 0.7 then 'operator' end, ${daysAgo(key, 328, 600)}, true, ${scenarios(key)}
     from seed_panels p
     cross join lateral generate_series(1, ${int('p.k', 320, rsMin, rsMax)}) as n
     cross join lateral ${kindOf(RS_KEY_KINDS, (count) => int(key, 329, 0, count - 1))} as kt
     cross join lateral ${flatOf(key, 330)} as fl
     cross join (values (false), (true)) as w(is_inner)
     where p.rs_keys and (${r(key, 321)} < 0.25 or w.is_inner = (${r(key, 322)} < 0.4))
     order by p.id, n, w.is_inner
     ${onConflict}`,
    // The same key on the house's other panels that open its flat (the gate, a second panel): what «найти дубликаты» finds.
    `insert into keys ${columns}
     select dst.id, dst.buyer_id, k.flat_id, k.flat_num, k.value, k.key_type, k.cipher_id, k.is_security, k.authentic, k."inner", null, false,
            k.user_login, k.created_at + make_interval(days => ${int('k.id', 341, 0, 30)}), false, '{}'::smallint[]
     from keys k
     join seed_panels src on src.id = k.device_id and src.purpose = 1
     join seed_panels dst on dst.house_uid = src.house_uid and dst.id <> src.id and k.flat_num between dst.flat_from and dst.flat_to
     where not k.rs and k.flat_num is not null and ${r('k.id', 340)} < ${profile.copiedKeyShare}
     order by dst.id, k.id
     ${onConflict}`,
  ];
}

/**
 * Door codes: a common code (5 digits) on most panels; per-flat codes (6 digits, unique on the
 * panel by construction) on a share of the panels that take them and on the first such panel of
 * every buyer, some expiring ahead and the second of each panel expired.
 */
export function doorCodeStatements({ seed, profile }: AccessStatementsOptions): string[] {
  const { r, int, daysAgo } = sqlRandom(seed);
  const comments = jsonLiteral(DOOR_CODE_COMMENTS);
  const commonComments = jsonLiteral(COMMON_CODE_COMMENTS);
  const flatKey = 'p.id * 4096 + f.num';
  const columns = '(device_id, flat_num, code, expires_at, comment, created_by, created_at, updated_at)';
  return [
    `insert into device_door_codes ${columns}
     select p.id, null, lpad(${int('p.k', 401, 10000, 99999)}::text, 5, '0'), null,
            case when ${r('p.k', 402)} < 0.3 then ${commonComments} ->> ${int('p.k', 403, 0, COMMON_CODE_COMMENTS.length - 1)} end,
            case when ${r('p.k', 404)} < 0.7 then 'operator' when ${r('p.k', 404)} < 0.85 then 'admin' end,
            ${daysAgo('p.k', 405, 700, 30)}, ${daysAgo('p.k', 405, 700, 30)} + make_interval(days => ${int('p.k', 406, 0, 29)})
     from seed_panels p where ${r('p.k', 400)} < ${profile.commonCodeShare}
     order by p.id`,
    `insert into device_door_codes ${columns}
     select p.id, f.num, lpad((100000 + (f.num::bigint * 7919 + ${int('p.k', 411, 0, 899_999)}) % 900000)::text, 6, '0'),
            case when f.ord = 2 then ${TODAY_SQL} - make_interval(days => ${int(flatKey, 412, 1, 20)})
                 when ${r(flatKey, 413)} < 0.25 then ${TODAY_SQL} + make_interval(days => ${int(flatKey, 414, 7, 180)}) end,
            case when ${r(flatKey, 415)} < 0.5 then ${comments} ->> ${int(flatKey, 416, 0, DOOR_CODE_COMMENTS.length - 1)} end,
            case when ${r(flatKey, 417)} < 0.8 then 'operator' else 'admin' end,
            ${daysAgo(flatKey, 418, 300, 20)}, ${daysAgo(flatKey, 418, 300, 20)} + make_interval(days => ${int(flatKey, 419, 0, 19)})
     from (select p.*, row_number() over (partition by p.buyer_id order by p.id) as nth from seed_panels p where p.flat_codes and p.status_code = 1) as p
     cross join lateral (
       select num, row_number() over (order by num) as ord from generate_series(p.flat_from, p.flat_to) as num
       where ${r('p.id * 4096 + num', 410)} < ${profile.flatCodeShare}
     ) as f
     where p.nth = 1 or ${r('p.k', 409)} < ${profile.flatCodePanelShare}
     order by p.id, f.num`,
  ];
}

/**
 * Keyless codes: per buyer, codes for each service in turn (the cleaning one expired), each on a
 * run of the buyer's working panels; the courier codes failed on their second panel, a few more
 * failed anywhere, with the device's reason.
 */
export function keylessStatements({ seed, profile }: AccessStatementsOptions): string[] {
  const { r, int, daysAgo } = sqlRandom(seed);
  const services = jsonLiteral(KEYLESS_SERVICES);
  const comments = jsonLiteral(KEYLESS_SERVICES.map((service) => KEYLESS_COMMENTS[service]));
  const failures = jsonLiteral(KEYLESS_FAILURES);
  const cleaning = KEYLESS_SERVICES.indexOf('cleaning');
  const [devicesMin, devicesMax] = profile.keylessDevicesPerCode;
  const codeKey = 'b.buyer_id * 1000 + n';
  const targetKey = 'c.id * 1024 + i';
  return [
    `create temp table seed_keyless_panels on commit drop as
     select buyer_id, id, (row_number() over (partition by buyer_id order by id) - 1)::int as ord, count(*) over (partition by buyer_id)::int as total
     from seed_panels where status_code = 1`,
    `create index on seed_keyless_panels (buyer_id, ord)`,
    `insert into keyless_codes (buyer_id, service, code, expires_at, comment, created_by, created_at)
     select b.buyer_id, ${services} ->> ((n - 1) % ${KEYLESS_SERVICES.length}), lpad(${int(codeKey, 501, 1_000_000, 9_999_999)}::text, 7, '0'),
            case when (n - 1) % ${KEYLESS_SERVICES.length} = ${cleaning} then ${TODAY_SQL} - make_interval(days => ${int(codeKey, 502, 1, 30)})
                 when ${r(codeKey, 503)} < 0.3 then ${TODAY_SQL} + make_interval(days => ${int(codeKey, 504, 30, 365)}) end,
            case when ${r(codeKey, 505)} < 0.8 then ${comments} ->> ((n - 1) % ${KEYLESS_SERVICES.length}) end,
            case when ${r(codeKey, 506)} < 0.8 then 'operator' else 'admin' end, ${daysAgo(codeKey, 507, 400, 1)}
     from (select distinct buyer_id from seed_keyless_panels) as b cross join generate_series(1, ${profile.keylessCodesPerBuyer}) as n
     order by b.buyer_id, n`,
    `insert into keyless_code_devices (code_id, device_id, status, message, written_at)
     select c.id, kp.id, case when t.failed then 2 else 1 end,
            case when t.failed then ${failures} ->> ${int(targetKey, 513, 0, KEYLESS_FAILURES.length - 1)} end,
            case when not t.failed then c.created_at + make_interval(secs => ${int(targetKey, 514, 5, 600)}) end
     from keyless_codes c
     join (select distinct buyer_id, total from seed_keyless_panels) as b on b.buyer_id = c.buyer_id
     cross join lateral generate_series(0, least(${int('c.id', 510, devicesMin, devicesMax)}, b.total) - 1) as i
     join seed_keyless_panels kp on kp.buyer_id = c.buyer_id and kp.ord = (${int('c.id', 511, 0, 1_000_000)} + i) % b.total
     cross join lateral (select (c.service = 'courier' and i = 1) or ${r(targetKey, 512)} < 0.03 as failed) as t
     order by c.id, i`,
  ];
}

/**
 * A commutation for every analogue panel without one: a model, the smallest matrix size that
 * holds its range (the next one up on some, room to spare; the first of each buyer a Metakom one
 * size up, fully wired), and the range's flats wired in sequence down the columns (the last flat left
 * unwired on some); an abonent unit per wired panel code, its line level measured on most (a few
 * dead lines under 20), never on a few.
 */
export function commutationStatements({ seed, source }: AccessStatementsOptions): string[] {
  const { r, int, daysAgo } = sqlRandom(seed);
  const dims = KEY_TYPES.flatMap((keyType, model) =>
    COMMUTATOR_SIZES.filter((size) => size > 0).map((size) => {
      const { rows, columns } = matrixSize(keyType, size) ?? { rows: 0, columns: 0 };
      return `(${model}, ${size}, ${rows}, ${columns})`;
    }),
  );
  const largest = Math.max(...COMMUTATOR_SIZES);
  const METAKOM = KEY_TYPES.indexOf('Metakom');
  const unitKey = 'w.id * 256 + num';
  return [
    `create temp table seed_wiring on commit drop as
     select w.*, dm.rows, dm.columns
     from (
       select p.id, p.k, p.house_uid, p.house_first_flat_id, p.flat_from,
              case when p.nth = 1 then ${METAKOM} else ${int('p.k', 601, 0, KEY_TYPES.length - 1)} end as model,
              least(p.flat_to - p.flat_from + 1 - case when p.nth > 1 and p.flat_to > p.flat_from and ${r('p.k', 602)} < 0.15 then 1 else 0 end, ${largest}) as wired,
              case when p.nth = 1 or ${r('p.k', 604)} < 0.3 then 1 else 0 end as spare
       from (select p.*, row_number() over (partition by p.buyer_id order by p.id) as nth from seed_panels p where p.analog and not p.wired) as p
     ) as w
     cross join lateral (
       select d.rows, d.columns
       from (select d.*, row_number() over (order by d.size) - 1 as larger from (values ${dims.join(', ')}) as d(model, size, rows, columns)
             where d.model = w.model and d.size >= w.wired) as d
       order by abs(d.larger - w.spare), d.larger limit 1
     ) as dm`,
    `insert into device_commutations (device_id, model, check_linelevel_task_id, updated_at)
     select id, model, null, ${daysAgo('k', 603, 200)} from seed_wiring order by id`,
    `insert into commutators (device_id, idx, matrix)
     select w.id, 0, (
       select jsonb_agg(cells.line order by cells.row_num)
       from generate_series(0, w.rows - 1) as row_num
       cross join lateral (
         select row_num, jsonb_agg(case when col * w.rows + row_num < w.wired then w.flat_from + col * w.rows + row_num else 0 end order by col) as line
         from generate_series(0, w.columns - 1) as col
       ) as cells
     )
     from seed_wiring w order by w.id`,
    `insert into abonent_units (device_id, flat_id, panel_code, type, options, line_level, line_level_changed_at)
     select w.id, ${flatIdOf(source, 'w', 'num')}, num,
            case when ${r(unitKey, 611)} < 0.8 then 0 when ${r(unitKey, 611)} < 0.95 then 1 else 2 end, '{}'::jsonb,
            case when lv.v < 4 then null when lv.v < 9 then lv.v * 2 else 40 + (lv.v * 7) % 55 end,
            case when lv.v >= 4 then ${daysAgo(unitKey, 613, 90)} end
     from seed_wiring w
     cross join lateral generate_series(w.flat_from, w.flat_from + w.wired - 1) as num
     cross join lateral (select ${int(unitKey, 612, 0, 99)} as v) as lv
     order by w.id, num`,
  ];
}

/** Everything above, in order (keys before the codes, matrices last). */
export function accessStatements(options: AccessStatementsOptions): string[] {
  return [...keyStatements(options), ...doorCodeStatements(options), ...keylessStatements(options), ...commutationStatements(options)];
}

