import { sql, type SQL } from 'drizzle-orm';
import { normalizeMac } from '../../contract/common';
import { MAX_FLAT_NUM } from '../../contract/flat-card';
import type { ImportAction } from '../../contract/imports';
import { CARD_TYPES, KEY_TYPES, KEY_VALUE_LENGTHS, normalizeKeyValue } from '../../contract/keys';
import { queryRows, type Db } from '../db/client';
import type { DeviceRef, SyncedChange } from '../gateways/device/device-gateway';
import { oweChanges } from './device-sync';
import { refuse, type BatchPlanner, type PlannedRow, type SourceRow } from './imports-plan';
import { intArray, textArray } from '../db/sql-arrays';

type KeyKind = (typeof KEY_TYPES)[number] | (typeof CARD_TYPES)[number];
const ALL_KINDS: readonly KeyKind[] = [...KEY_TYPES, ...CARD_TYPES];
const KIND_BY_NAME = new Map(ALL_KINDS.map((kind) => [kind.toLowerCase(), kind]));
const YES = new Set(['1', 'да', 'yes', 'true', 'y', 'д', '+']);
const NO = new Set(['', '0', 'нет', 'no', 'false', 'n', 'н', '-']);

/** A nullable int[] parameter (intArray takes no nulls). */
const nullableIntArray = (values: readonly (number | null)[]): SQL => sql`${`{${values.map((value) => value ?? 'NULL').join(',')}}`}::int[]`;
const boolArray = (values: readonly boolean[]): SQL => sql`${`{${values.map((value) => (value ? 't' : 'f')).join(',')}}`}::boolean[]`;

interface KeyPlan {
  deviceId: number;
  buyerId: number;
  value: string;
  keyType: KeyKind;
  flatNum: number | null;
  flatId: number | null;
  inner: boolean;
  /** The stored key a change rewrites, as it was. */
  stored: { id: number; flatNum: number | null; inner: boolean } | null;
}
type Planned = PlannedRow<KeyPlan>;

interface Checked {
  mac: string;
  /** Upper-case hex, separators dropped (checked against the type's lengths once the device is known). */
  value: string;
  keyType: KeyKind | null;
  flatNum: number | null;
  inner: boolean;
}

interface StoredDevice extends Record<string, unknown> {
  id: number;
  mac: string;
  buyer_id: number;
  type: number;
  capabilities: string[];
  options: Record<string, unknown> | null;
}
interface StoredKeyRow extends Record<string, unknown> {
  id: number;
  device_id: number;
  value: string;
  flat_num: number | null;
  inner: boolean;
  key_type: string;
}

/** The device's panel key types (routes/keys-shared.ts keyTypesOf, passed in: repositories do not import routes). */
export type KeyTypesOf = (device: Pick<DeviceRef, 'type' | 'capabilities' | 'options'>) => KeyKind[];

/**
 * The panel keys of the caller's devices (docs/api.md "Import and export"): a row is a device's
 * MAC, the key's value, its type (blank: the first type the device takes whose length fits), the
 * flat number (a flat of the device's houses, blank: none) and inner. A key the device already has
 * (its panel, inner or outer) is unchanged when it matches, a change of its flat, side or type
 * otherwise. New keys and changes of flat or side are owed to the device in the batch's
 * transaction (docs/api.md "Device sync"); the sync runner sends them.
 */
export class KeyImport implements BatchPlanner<KeyPlan> {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly caller: { scope: number | null; login: string },
    private readonly typesOf: KeyTypesOf,
  ) {}

  private check(row: SourceRow): Planned | Checked {
    const [macText, valueText, typeText, flatText, innerText] = row.values;
    if (macText === '') return refuse(row, 'missing', 'mac');
    if (valueText === '') return refuse(row, 'missing', 'value');
    const mac = normalizeMac(macText);
    if (mac === null) return refuse(row, 'mac-bad', macText);
    let keyType: KeyKind | null = null;
    if (typeText !== '') {
      keyType = KIND_BY_NAME.get(typeText.toLowerCase()) ?? null;
      if (keyType === null) return refuse(row, 'type-bad', typeText);
    }
    const value = keyType === null ? valueText.replace(/[\s:.-]/g, '').toUpperCase() : normalizeKeyValue(keyType, valueText);
    if (value === null || !/^[0-9A-F]+$/.test(value)) return refuse(row, 'value-bad', valueText);
    let flatNum: number | null = null;
    if (flatText !== '') {
      if (!/^\d{1,6}$/.test(flatText) || Number(flatText) < 1 || Number(flatText) > MAX_FLAT_NUM) return refuse(row, 'flat-bad', flatText);
      flatNum = Number(flatText);
    }
    const innerWord = innerText.toLowerCase();
    if (!YES.has(innerWord) && !NO.has(innerWord)) return refuse(row, 'inner-bad', innerText);
    const seenKey = `${mac}|${value}`;
    const earlier = this.seen.get(seenKey);
    if (earlier !== undefined) return refuse(row, 'duplicate', String(earlier));
    this.seen.set(seenKey, row.line);
    return { mac, value, keyType, flatNum, inner: YES.has(innerWord) };
  }

  async plan(db: Db, rows: readonly SourceRow[]): Promise<Planned[]> {
    const checked = rows.map((row) => ({ row, result: this.check(row) }));
    const valid = checked.flatMap((item) => ('status' in item.result ? [] : [item.result]));
    const macs = [...new Set(valid.map((item) => item.mac))];
    const scope = this.caller.scope === null ? sql`` : sql` and d.buyer_id = ${this.caller.scope}`;
    const devices =
      macs.length === 0
        ? []
        : await queryRows<StoredDevice>(db, sql`select d.id, d.mac, d.buyer_id, d.type, d.capabilities, d.options from devices d where d.mac = any(${textArray(macs)})${scope}`);
    const deviceByMac = new Map(devices.map((device) => [device.mac, device]));
    const wanted = valid.flatMap((item) => {
      const device = deviceByMac.get(item.mac);
      return device ? [{ deviceId: device.id, item }] : [];
    });
    const flatPairs = wanted.filter((pair) => pair.item.flatNum !== null);
    const flatScope = this.caller.scope === null ? sql`` : sql` and f.buyer_id = ${this.caller.scope}`;
    const [stored, flats] = await Promise.all([
      wanted.length === 0
        ? Promise.resolve([])
        : queryRows<StoredKeyRow>(
            db,
            sql`select k.id, k.device_id, k.value, k.flat_num, k."inner", k.key_type from keys k
                where k.rs = false and (k.device_id, k.value) in (select * from unnest(${intArray(wanted.map((pair) => pair.deviceId))}, ${textArray(wanted.map((pair) => pair.item.value))}))
                order by k.id`,
          ),
      flatPairs.length === 0
        ? Promise.resolve([])
        : queryRows<{ device_id: number; num: number; id: number }>(
            db,
            sql`select distinct on (w.device_id, w.num) w.device_id, w.num, f.id
                from unnest(${intArray(flatPairs.map((pair) => pair.deviceId))}, ${intArray(flatPairs.map((pair) => pair.item.flatNum ?? 0))}) as w(device_id, num)
                join device_houses dh on dh.device_id = w.device_id
                join flats f on f.house_uid = dh.house_uid and f.flat_num = w.num${flatScope}
                order by w.device_id, w.num, dh.house_uid`,
          ),
    ]);
    const keysOf = new Map<string, StoredKeyRow[]>();
    for (const key of stored) {
      const at = `${key.device_id}|${key.value}`;
      keysOf.set(at, [...(keysOf.get(at) ?? []), key]);
    }
    const flatOf = new Map(flats.map((flat) => [`${flat.device_id}|${flat.num}`, Number(flat.id)]));

    return checked.map(({ row, result }): Planned => {
      if ('status' in result) return result;
      const device = deviceByMac.get(result.mac);
      if (!device) return refuse(row, 'device-unknown', result.mac);
      const existing = keysOf.get(`${device.id}|${result.value}`) ?? [];
      const same = (key: StoredKeyRow) =>
        key.flat_num === result.flatNum && key.inner === result.inner && (result.keyType === null || key.key_type === result.keyType);
      // A key the device holds as the file says: nothing to check or write.
      if (existing.some(same)) return { line: row.line, values: row.values, status: 'unchanged', reason: null, detail: null, actions: [] };
      if (existing.length > 1) return refuse(row, 'key-both-sides', result.value);
      const types = this.typesOf({ type: device.type, capabilities: device.capabilities, options: device.options ?? {} });
      if (types.length === 0) return refuse(row, 'device-no-keys', result.mac);
      if (result.keyType !== null && !types.includes(result.keyType)) return refuse(row, 'type-not-taken', result.keyType);
      const [old] = existing;
      const keyType =
        result.keyType ??
        (old && KIND_BY_NAME.has(old.key_type.toLowerCase()) ? (old.key_type as KeyKind) : ALL_KINDS.find((kind) => types.includes(kind) && KEY_VALUE_LENGTHS[kind].includes(result.value.length)));
      if (keyType === undefined || !KEY_VALUE_LENGTHS[keyType].includes(result.value.length)) return refuse(row, 'value-bad', result.value);
      const flatId = result.flatNum === null ? null : (flatOf.get(`${device.id}|${result.flatNum}`) ?? null);
      if (result.flatNum !== null && flatId === null) return refuse(row, 'flat-unknown', String(result.flatNum));
      const actions: ImportAction[] = [];
      if (!old) actions.push('key');
      else {
        if (old.flat_num !== result.flatNum) actions.push('key-flat');
        if (old.inner !== result.inner) actions.push('key-inner');
        if (old.key_type !== keyType) actions.push('key-type');
      }
      const data: KeyPlan = {
        deviceId: device.id,
        buyerId: device.buyer_id,
        value: result.value,
        keyType,
        flatNum: result.flatNum,
        flatId,
        inner: result.inner,
        stored: old ? { id: old.id, flatNum: old.flat_num, inner: old.inner } : null,
      };
      return { line: row.line, values: row.values, status: old ? 'change' : 'create', reason: null, detail: null, actions, data };
    });
  }

  /** New keys in one insert, changes in one update, and what the devices must learn owed per device (run inside the batch's transaction). */
  async apply(db: Db, rows: readonly Planned[]): Promise<void> {
    const plans = rows.flatMap((row) => (row.data && (row.status === 'create' || row.status === 'change') ? [row.data] : []));
    if (plans.length === 0) return;
    const creates = plans.filter((plan) => plan.stored === null);
    const changes = plans.filter((plan) => plan.stored !== null);
    if (creates.length > 0) {
      const inserted = await queryRows<{ id: number }>(
        db,
        sql`insert into keys (device_id, buyer_id, flat_id, flat_num, value, key_type, "inner", user_login)
            select u.device_id, u.buyer_id, u.flat_id, u.flat_num, u.value, u.key_type, u."inner", ${this.caller.login}
            from unnest(${intArray(creates.map((plan) => plan.deviceId))}, ${intArray(creates.map((plan) => plan.buyerId))},
                        ${nullableIntArray(creates.map((plan) => plan.flatId))}, ${nullableIntArray(creates.map((plan) => plan.flatNum))},
                        ${textArray(creates.map((plan) => plan.value))}, ${textArray(creates.map((plan) => plan.keyType))},
                        ${boolArray(creates.map((plan) => plan.inner))}) as u(device_id, buyer_id, flat_id, flat_num, value, key_type, "inner")
            on conflict do nothing
            returning id`,
      );
      // Another request stored one of them meanwhile: the batch goes row by row, each planned again.
      if (inserted.length !== creates.length) throw new Error('Ключ уже добавлен другим запросом');
    }
    if (changes.length > 0) {
      await db.execute(sql`
        update keys k set flat_num = u.flat_num, flat_id = u.flat_id, "inner" = u."inner", key_type = u.key_type
        from unnest(${intArray(changes.map((plan) => plan.stored?.id ?? 0))}, ${nullableIntArray(changes.map((plan) => plan.flatNum))},
                    ${nullableIntArray(changes.map((plan) => plan.flatId))}, ${boolArray(changes.map((plan) => plan.inner))},
                    ${textArray(changes.map((plan) => plan.keyType))}) as u(id, flat_num, flat_id, "inner", key_type)
        where k.id = u.id`);
    }
    const owed = new Map<number, SyncedChange[]>();
    const owe = (deviceId: number, change: SyncedChange) => owed.set(deviceId, [...(owed.get(deviceId) ?? []), change]);
    for (const plan of plans) {
      const { stored } = plan;
      // A change of the type alone is ours: the panel holds the value, flat and side.
      if (stored && stored.flatNum === plan.flatNum && stored.inner === plan.inner) continue;
      if (stored) owe(plan.deviceId, { kind: 'key', action: 'remove', value: plan.value, flatNum: stored.flatNum, rs: false, inner: stored.inner });
      owe(plan.deviceId, { kind: 'key', action: 'add', value: plan.value, flatNum: plan.flatNum, rs: false, inner: plan.inner });
    }
    for (const [deviceId, list] of owed) await oweChanges(db, deviceId, list);
  }
}

export interface KeyExportFilter {
  valuePrefix?: string;
  flatNum?: number;
  mac?: string;
}

/** The scope's panel keys in the import's columns, a page at a time (keyset by id), filtered as the /keys list. */
export async function keyExportBatch(db: Db, scope: number | null, filter: KeyExportFilter, afterId: number, limit: number) {
  const conditions: SQL[] = [sql`k.rs = false`, sql`k.id > ${afterId}`];
  if (scope !== null) conditions.push(sql`k.buyer_id = ${scope}`);
  // Hex digits only (checked by the route), so the prefix holds no LIKE wildcard.
  if (filter.valuePrefix) conditions.push(sql`k.value like ${`${filter.valuePrefix}%`}`);
  if (filter.flatNum !== undefined) conditions.push(sql`k.flat_num = ${filter.flatNum}`);
  if (filter.mac !== undefined) conditions.push(sql`k.device_id = (select id from devices where mac = ${filter.mac})`);
  return queryRows<{ id: number; mac: string; value: string; key_type: string; flat_num: number | null; inner: boolean }>(
    db,
    sql`select k.id, d.mac, k.value, k.key_type, k.flat_num, k."inner" from keys k join devices d on d.id = k.device_id
        where ${sql.join(conditions, sql` and `)} order by k.id limit ${limit}`,
  );
}
