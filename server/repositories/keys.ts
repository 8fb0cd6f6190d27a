import { and, asc, eq } from 'drizzle-orm';
import type { PanelKey } from '../../contract/keys';
import type { Db } from '../db/client';
import { deviceHouses, devices } from '../db/schema/devices';
import type { DeviceRef } from '../gateways/device/device-gateway';
import { flats } from '../db/schema/flats';
import { keys } from '../db/schema/keys';

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

/** The key by its id on the device, or by its value (inner and outer alike). */
export async function findDeviceKeys(db: Db, deviceId: number, key: { keyId: number } | { value: string }): Promise<{ id: number; value: string; flatNum: number | null }[]> {
  return db
    .select({ id: keys.id, value: keys.value, flatNum: keys.flatNum })
    .from(keys)
    .where(and(eq(keys.deviceId, deviceId), 'keyId' in key ? eq(keys.id, key.keyId) : eq(keys.value, key.value)));
}

export async function deleteKeyRows(db: Db, ids: readonly number[]): Promise<void> {
  for (const id of ids) await db.delete(keys).where(eq(keys.id, id));
}
