import { textArray } from '../db/sql-arrays';
import { sql, type SQL } from 'drizzle-orm';
import type { Device } from '../../contract/devices';
import type { DeviceKeyRow, DuplicateKey } from '../../contract/keys';
import { DEFAULT_SIP_TYPE } from '../../contract/wizard';
import { openDeviceOptions } from '../security/device-secrets';
import { preparedRows, queryRows, type Db } from '../db/client';

/** The cross-device list counts its matches up to this many (or to the end of the page asked for). */
export const KEY_COUNT_CAP = 10_000;

export interface KeyListFilter {
  /** Upper-case hex digits the value starts with. */
  valuePrefix?: string;
  /** The flat number the key is bound to. */
  flatNum?: number;
}

export interface KeyPage {
  rows: DeviceKeyRow[];
  /** Exact when `capped` is false; otherwise the cap, and more keys match. */
  total: number;
  capped: boolean;
  /** MAC → the address of the device's first house, for the page's devices. */
  addresses: Record<string, string>;
}

interface KeyRecord extends Record<string, unknown> {
  id: number;
  value: string;
  flat_num: number | null;
  is_security: boolean;
  authentic: boolean;
  user_login: string | null;
  created_at: string;
  inner: boolean;
  inc_value: string | null;
  blocked: boolean;
  key_type: string | null;
  scenarios: number[] | string | null;
  rs: boolean;
  mac: string;
  house_uid: string | null;
  address: string | null;
  device_address: string | null;
}

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** PGlite and node-postgres both parse smallint[]; a driver that does not gives `{1,2}`. */
function scenarioList(value: KeyRecord['scenarios']): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string' && value.length > 2) return value.slice(1, -1).split(',').map(Number);
  return [];
}

function rowOf(record: KeyRecord): DeviceKeyRow {
  return {
    KEY_ID: record.id,
    VALUE: record.value,
    FLAT_NUM: record.flat_num,
    IS_SECURITY: flag(record.is_security),
    AUTHENTIC: flag(record.authentic),
    USER_LOGIN: record.user_login,
    KEY_ADDED_DATE: record.created_at,
    INNER: flag(record.inner),
    INC_VALUE: record.inc_value,
    BLOCKED: flag(record.blocked),
    MAC: record.mac,
    HOUSE_UID: record.house_uid,
    ADDRESS: record.address,
    KEY_TYPE: record.key_type,
    SCENARIOS: scenarioList(record.scenarios),
    RS: flag(record.rs),
  };
}

/** The device's first house (by uid), as the device card lists them. */
const FIRST_HOUSE = sql`(select dh.house_uid from device_houses dh where dh.device_id = d.id order by dh.house_uid limit 1)`;

/**
 * The page's rows with their device and house: `ids` is a query of the page's key ids in order
 * (column `id`, and `n`, its position). A key bound to a flat shows the flat's house, any other the
 * device's first house.
 */
const ROW_SELECT = sql`select k.id, k.value, k.flat_num, k.is_security, k.authentic, k.user_login,
               to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
               k."inner", k.inc_value, k.blocked, k.key_type, k.scenarios, k.rs, d.mac,
               coalesce(f.house_uid, fh.uid) as house_uid, coalesce(h.address, fh.address) as address, fh.address as device_address, page.n
        from page
        join keys k on k.id = page.id
        join devices d on d.id = k.device_id
        left join flats f on f.id = k.flat_id
        left join houses h on h.uid = f.house_uid
        left join houses fh on fh.uid = ${FIRST_HOUSE}`;

function readQuery(ids: SQL): SQL {
  return sql`with page as materialized (${ids}) ${ROW_SELECT} order by page.n`;
}

async function readRecords(db: Db, ids: SQL): Promise<KeyRecord[]> {
  return queryRows<KeyRecord>(db, readQuery(ids));
}

function addressesOf(records: readonly KeyRecord[]): Record<string, string> {
  const addresses: Record<string, string> = {};
  for (const record of records) if (record.device_address !== null) addresses[record.mac] = record.device_address;
  return addresses;
}

/**
 * `byIndex`: the value prefix as a LIKE the value indexes serve (across devices). Within one device
 * it is a comparison no index serves, so the planner keeps to the device's own index instead of
 * reading every key of the prefix in the table.
 */
function filterOf(filter: KeyListFilter, byIndex = true): SQL[] {
  const conditions: SQL[] = [];
  const prefix = filter.valuePrefix;
  // Hex digits only (checked by the route), so the prefix holds no LIKE wildcard.
  if (prefix) conditions.push(byIndex ? sql`k.value like ${`${prefix}%`}` : sql`left(k.value, ${prefix.length}) = ${prefix}`);
  if (filter.flatNum !== undefined) conditions.push(sql`k.flat_num = ${filter.flatNum}`);
  return conditions;
}

/** Device as the card answers it (repositories/devices.ts findDevice), built in SQL. */
const ISO = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const DEVICE_JSON = sql`json_build_object(
  'mac', dev.mac, 'buyerId', dev.buyer_id, 'type', dev.type, 'statusCode', dev.status_code,
  'createDate', ${ISO(sql`dev.create_date`)}, 'updateDate', ${ISO(sql`dev.update_date`)}, 'options', dev.options,
  'houses', coalesce((select json_agg(dh.house_uid order by dh.house_uid) from device_houses dh where dh.device_id = dev.id), '[]'::json),
  'capabilities', to_json(dev.capabilities),
  'sipAccount', (select json_build_object('id', s.id, 'login', s.login, 'password', s.password, 'domain', s.domain, 'port', s.port,
                   'type', coalesce(s.type, ${DEFAULT_SIP_TYPE}::text), 'flat_num', s.flat_num, 'house_uid', s.house_uid, 'userId', s.user_id, 'buyer_id', s.buyer_id)
                 from sip_accounts s where s.device_id = dev.id limit 1),
  'relays', coalesce((select json_agg(json_build_object('id', r.relay_num, 'statusCode', r.status_code, 'entrance', coalesce(r.entrance_uid, '')) order by r.relay_num)
                      from device_relays r where r.device_id = dev.id), '[]'::json))`;

export interface DeviceKeyPage extends KeyPage {
  /** The device's row id and the device; null when the scope does not see it. */
  deviceId: number | null;
  device: Device | null;
}

/**
 * One device's keys (rs: its RS485 controllers'), newest first, through (device_id, rs,
 * created_at, id), with the device itself: one statement. The device by MAC within the scope
 * (buyerId null: any); a device holds hundreds of keys at most, so the count rides along as a
 * window. Only a page past the end, which has no row to carry it, counts apart.
 */
export async function listDeviceKeys(
  db: Db,
  where: { mac: string; buyerId: number | null },
  rs: boolean,
  filter: KeyListFilter,
  page: number,
  pageSize: number,
): Promise<DeviceKeyPage> {
  const owner = where.buyerId === null ? sql`` : sql` and d.buyer_id = ${where.buyerId}`;
  const keysWhere = sql.join([sql`k.device_id = (select dev.id from dev)`, sql`k.rs = ${rs}`, ...filterOf(filter, false)], sql` and `);
  const [answer] = await preparedRows<{ id: number | null; device: Device | null; rows: KeyRecord[] | null; total: number | string | null }>(
    db,
    'key_list',
    sql`with dev as materialized (select d.* from devices d where d.mac = ${where.mac}${owner}),
        page as materialized (
          select k.id, row_number() over (order by k.created_at desc, k.id desc) as n, count(*) over () as total from keys k where ${keysWhere}
          order by k.created_at desc, k.id desc limit ${pageSize} offset ${(page - 1) * pageSize}
        ),
        rows as (${ROW_SELECT})
        select (select dev.id from dev) as id, (select ${DEVICE_JSON} from dev) as device,
               (select json_agg(rows order by rows.n) from rows) as rows, (select max(page.total) from page) as total`,
  );
  // The device's options come as stored: the password is opened here, as findDevice answers it.
  const device = answer?.device ? { ...answer.device, options: openDeviceOptions(answer.device.options) } : null;
  const found = { deviceId: answer?.id ?? null, device };
  const records = answer?.rows ?? [];
  if (found.deviceId === null || records.length > 0 || page === 1) {
    return { ...found, rows: records.map(rowOf), total: Number(answer?.total ?? 0), capped: false, addresses: addressesOf(records) };
  }
  const [counted] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from keys k where ${sql.join([sql`k.device_id = ${found.deviceId}`, sql`k.rs = ${rs}`, ...filterOf(filter, false)], sql` and `)}`);
  return { ...found, rows: [], total: Number(counted?.total ?? 0), capped: false, addresses: {} };
}

/**
 * Every key a scope sees (buyerId null: all), newest id first. The matches are counted up to a cap
 * (a value prefix through (buyer_id, value text_pattern_ops), the rest walking (buyer_id, id)), and
 * up to it the page is sorted out of them; past it the matches are dense, and the page is walked
 * down (buyer_id, id) (the `offset 0` subquery keeps the planner from sorting every match).
 */
export async function listAllKeys(db: Db, buyerId: number | null, filter: KeyListFilter, page: number, pageSize: number): Promise<KeyPage> {
  const cap = Math.max(KEY_COUNT_CAP, page * pageSize);
  const offset = (page - 1) * pageSize;
  const conditions = [...(buyerId === null ? [] : [sql`k.buyer_id = ${buyerId}`]), ...filterOf(filter)];
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
  const [counted] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from (select 1 from keys k where ${where} limit ${cap + 1}) m`);
  const matched = Number(counted?.total ?? 0);
  const capped = matched > cap;
  if (matched === 0 || offset >= matched) return { rows: [], total: matched, capped: false, addresses: {} };
  const scope = buyerId === null ? sql`true` : sql`k.buyer_id = ${buyerId}`;
  const pageIds = capped
    ? sql`select k.id from (select * from keys k where ${scope} order by k.id desc offset 0) k where ${where} limit ${pageSize} offset ${offset}`
    : sql`select m.id from (select k.id from keys k where ${where} limit ${cap + 1}) m order by m.id desc limit ${pageSize} offset ${offset}`;
  const ids = sql`select p.id, row_number() over (order by p.id desc) as n from (${pageIds}) p`;
  const records = await readRecords(db, ids);
  return { rows: records.map(rowOf), total: capped ? cap : matched, capped, addresses: addressesOf(records) };
}

interface DuplicateRecord extends Record<string, unknown> {
  id: number;
  value: string;
  flat_num: number | null;
  authentic: boolean;
  buyer_id: number;
  device_id: number;
  cipher_id: number | null;
  mac: string;
  address: string | null;
}

/** Every key with one of `values` a scope sees (buyerId null: all), by value then MAC; one query on the value index. */
export async function findKeysByValues(db: Db, buyerId: number | null, values: readonly string[]): Promise<DuplicateKey[]> {
  if (values.length === 0) return [];
  // Prepared: one plan for any list of values (a literal list of 1,000 took longer to plan than to run).
  const records = await preparedRows<DuplicateRecord>(
    db,
    'key_list',
    sql`select k.id, k.value, k.flat_num, k.authentic, k.buyer_id, k.device_id, k.cipher_id, d.mac,
               coalesce(h.address, (select fh.address from device_houses dh join houses fh on fh.uid = dh.house_uid
                                    where dh.device_id = d.id order by dh.house_uid limit 1)) as address
        from keys k
        join devices d on d.id = k.device_id
        left join flats f on f.id = k.flat_id
        left join houses h on h.uid = f.house_uid
        where k.value = any(${textArray(values)})${buyerId === null ? sql`` : sql` and k.buyer_id = ${buyerId}`}
        order by k.value, d.mac, k.rs, k."inner", k.id`,
  );
  return records.map((record) => ({
    address: record.address ?? '',
    mac: record.mac,
    value: record.value,
    flatNum: record.flat_num,
    authentic: flag(record.authentic),
    buyerId: record.buyer_id,
    deviceId: record.device_id,
    keyId: record.id,
    cipherId: record.cipher_id,
  }));
}
