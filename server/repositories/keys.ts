import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PanelKey } from '../../contract/keys';
import type { Db } from '../db/client';
import { deviceHouses, devices } from '../db/schema/devices';
import type { DeviceRef } from '../gateways/device/device-gateway';
import { flats } from '../db/schema/flats';
import { keys } from '../db/schema/keys';
import { textArray } from '../db/sql-arrays';

/** A device keys are written to, of the buyer `buyerId` (null: any); one query. */
export async function findKeyDevice(db: Db, buyerId: number | null, where: { mac: string } | { id: number }): Promise<{ ref: DeviceRef; buyerId: number } | null> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and('mac' in where ? eq(devices.mac, where.mac) : eq(devices.id, where.id), buyerId === null ? undefined : eq(devices.buyerId, buyerId)))
    .limit(1);
  if (!row) return null;
  const ref = { id: row.id, mac: row.mac, type: row.type, statusCode: row.statusCode, capabilities: row.capabilities, hasSipAccount: false, options: row.options };
  return { ref, buyerId: row.buyerId };
}

/** The flat with this number in one of the device's houses (the first house by uid). */
export async function flatOfDevice(db: Db, deviceId: number, flatNum: number): Promise<number | null> {
  const [row] = await db
    .select({ id: flats.id })
    .from(deviceHouses)
    .innerJoin(flats, and(eq(flats.houseUid, deviceHouses.houseUid), eq(flats.flatNum, flatNum)))
    .where(eq(deviceHouses.deviceId, deviceId))
    .orderBy(asc(deviceHouses.houseUid))
    .limit(1);
  return row?.id ?? null;
}

export interface NewKey {
  deviceId: number;
  mac: string;
  buyerId: number;
  flatId: number | null;
  flatNum: number | null;
  value: string;
  keyType: string;
  inner: boolean;
  userLogin: string;
  isSecurity?: boolean;
  authentic?: boolean;
  /** A key of the device's RS485 controllers. */
  rs?: boolean;
}

/** Stores the key; null when the device already has it (a request racing this one). */
export async function insertKey(db: Db, key: NewKey): Promise<PanelKey | null> {
  const { mac, ...values } = key;
  const [row] = await db.insert(keys).values(values).onConflictDoNothing().returning();
  if (!row) return null;
  return {
    VALUE: row.value,
    FLAT_NUM: row.flatNum,
    IS_SECURITY: row.isSecurity ? 1 : 0,
    AUTHENTIC: row.authentic ? 1 : 0,
    USER_LOGIN: row.userLogin,
    KEY_ADDED_DATE: row.createdAt.toISOString(),
    INNER: row.inner ? 1 : 0,
    INC_VALUE: row.incValue,
    BLOCKED: row.blocked ? 1 : 0,
    MAC: mac,
  };
}

/** A key as the device calls need it. */
export interface StoredKey {
  id: number;
  value: string;
  flatNum: number | null;
  rs: boolean;
  inner: boolean;
  isSecurity: boolean;
  scenarios: number[];
}

const STORED_KEY = { id: keys.id, value: keys.value, flatNum: keys.flatNum, rs: keys.rs, inner: keys.inner, isSecurity: keys.isSecurity, scenarios: keys.scenarios };

/**
 * The device's keys by id, or by value (its panel's when `rs` is false, its RS485 controllers'
 * when true, both when absent; inner and outer alike unless `inner` is given).
 */
export async function findDeviceKeys(
  db: Db,
  deviceId: number,
  key: { keyId: number } | { value: string } | { values: readonly string[] },
  where: { rs?: boolean; inner?: boolean } = {},
): Promise<StoredKey[]> {
  const match = 'keyId' in key ? eq(keys.id, key.keyId) : 'value' in key ? eq(keys.value, key.value) : inArray(keys.value, [...key.values]);
  return db
    .select(STORED_KEY)
    .from(keys)
    .where(
      and(eq(keys.deviceId, deviceId), match, where.rs === undefined ? undefined : eq(keys.rs, where.rs), where.inner === undefined ? undefined : eq(keys.inner, where.inner)),
    )
    .orderBy(asc(keys.rs), asc(keys.inner), asc(keys.id));
}

export async function deleteKeyRows(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(keys).where(inArray(keys.id, [...ids]));
}

export async function setKeySecurity(db: Db, id: number, isSecurity: boolean): Promise<void> {
  await db.update(keys).set({ isSecurity }).where(eq(keys.id, id));
}

/** Adds the scenario to the keys (kept sorted, once) or removes it. */
export async function setKeysScenario(db: Db, ids: readonly number[], scenario: number, add: boolean): Promise<void> {
  if (ids.length === 0) return;
  const scenarios = add
    ? sql`array(select distinct s from unnest(array_append(${keys.scenarios}, ${scenario}::smallint)) s order by s)`
    : sql`array_remove(${keys.scenarios}, ${scenario}::smallint)`;
  await db
    .update(keys)
    .set({ scenarios: scenarios as unknown as number[] })
    .where(inArray(keys.id, [...ids]));
}

/** Keys of the scope's devices (buyerId null: any) by (MAC, value), every one on the device (panel and RS, inner and outer). */
export async function findKeysByMacAndValue(db: Db, buyerId: number | null, pairs: readonly { mac: string; value: string }[]): Promise<(StoredKey & { mac: string })[]> {
  if (pairs.length === 0) return [];
  return db
    .select({ ...STORED_KEY, mac: devices.mac })
    .from(keys)
    .innerJoin(devices, eq(devices.id, keys.deviceId))
    .where(
      and(
        sql`(${devices.mac}, ${keys.value}) in (select * from unnest(${textArray(pairs.map((pair) => pair.mac))}, ${textArray(pairs.map((pair) => pair.value))}))`,
        buyerId === null ? undefined : eq(devices.buyerId, buyerId),
      ),
    )
    .orderBy(asc(keys.rs), asc(keys.inner), asc(keys.id));
}
