import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEVICE_STATUS, RELAY_STATUS, type Device } from '../../contract/devices';
import { DEFAULT_SIP_TYPE } from '../../contract/wizard';
import { queryRows, type Db } from '../db/client';
import { deviceHouses, deviceRelays, devices, type JsonValue } from '../db/schema/devices';
import { houses } from '../db/schema/houses';
import { sipAccounts } from '../db/schema/sip';
import { capabilitiesOf } from '../devices/capabilities';
import type { DeviceRef } from '../gateways/device/device-gateway';
import { sealDeviceOptions } from '../security/device-secrets';
import type { DeviceScope } from './device-list';

/** A device registered by serial number (prepare-device), before anyone has set it up. */
export interface PreparedDevice {
  mac: string;
  type: number;
  serialNumber: string;
  fias: string;
  porch: number;
  relayNum: number;
  /** The device's options (url, credentials, billing, defaults) as stored. */
  options: Record<string, JsonValue>;
  /** The device's buyer; null: the entrance's (the superuser's registration). */
  buyerId: number | null;
}

export type PrepareDeviceOutcome =
  | { status: 'created'; deviceId: number; houseUid: string; entranceUid: string }
  | { status: 'house-not-found' }
  | { status: 'entrance-not-found' }
  | { status: 'mac-taken' }
  | { status: 'serial-taken' };

/**
 * Creates the device bound to the house with that FIAS id (the oldest one if several share it):
 * the house link, relay 1 opening the door of entrance number `porch` (main entrance first) and
 * relays 2..relayNum unbound. Run it in a transaction.
 *
 * One statement (the outbox replay sends a thousand of these): the place, the device,
 * its house link and its relays. The device-list triggers of the link and the relays fire after
 * the whole statement, so the device's list row is built once, complete (the relays' rebuild finds
 * nothing changed), instead of once per insert.
 */
export async function createPreparedDevice(db: Db, device: PreparedDevice): Promise<PrepareDeviceOutcome> {
  const rows = await queryRows<{ house_uid: string | null; entrance_uid: string | null; device_id: number | null }>(
    db,
    sql`with place as (
      select h.uid as house_uid, e.uid as entrance_uid, e.buyer_id
      from (select uid from houses where fias = ${device.fias.toLowerCase()}::text order by created_at, uid limit 1) h
      left join lateral (
        select uid, buyer_id from entrances where house_uid = h.uid and entrance_num = ${device.porch}::int order by type, uid limit 1
      ) e on true
    ), device as (
      -- No conflict target: either unique index (MAC, serial number) means "already registered". A
      -- concurrent insert of the same MAC waits for the other transaction instead of failing.
      insert into devices (mac, buyer_id, type, status_code, serial_number, options, capabilities)
      select ${device.mac}::text, coalesce(${device.buyerId}::int, buyer_id), ${device.type}::smallint, ${DEVICE_STATUS.new}::smallint, ${device.serialNumber}::text, ${JSON.stringify(sealDeviceOptions(device.options))}::text::jsonb,
        array(select jsonb_array_elements_text(${JSON.stringify(capabilitiesOf(device.type))}::text::jsonb))
      from place where entrance_uid is not null
      on conflict do nothing
      returning id
    ), link as (
      insert into device_houses (device_id, house_uid) select device.id, place.house_uid from device, place
    ), relays as (
      insert into device_relays (device_id, relay_num, entrance_uid, status_code)
      select device.id, n::smallint, case when n = 1 then place.entrance_uid end, (case when n = 1 then ${RELAY_STATUS.active}::int else ${RELAY_STATUS.inactive}::int end)::smallint
      from device, place, generate_series(1, ${device.relayNum}::int) n
    )
    select (select house_uid from place) as house_uid, (select entrance_uid from place) as entrance_uid, (select id from device) as device_id`,
  );
  const [row] = rows;
  if (!row?.house_uid) return { status: 'house-not-found' };
  if (!row.entrance_uid) return { status: 'entrance-not-found' };
  if (row.device_id === null) {
    const [sameMac] = await db.select({ id: devices.id }).from(devices).where(eq(devices.mac, device.mac));
    return { status: sameMac ? 'mac-taken' : 'serial-taken' };
  }
  return { status: 'created', deviceId: Number(row.device_id), houseUid: row.house_uid, entranceUid: row.entrance_uid };
}

/** The MACs of the devices bound to a house, in order; null when the house does not exist. */
export async function macsOfHouse(db: Db, houseUid: string): Promise<string[] | null> {
  const [house] = await db.select({ uid: houses.uid }).from(houses).where(eq(houses.uid, houseUid));
  if (!house) return null;
  const rows = await db
    .select({ mac: devices.mac })
    .from(deviceHouses)
    .innerJoin(devices, eq(devices.id, deviceHouses.deviceId))
    .where(eq(deviceHouses.houseUid, houseUid))
    .orderBy(asc(devices.mac));
  return rows.map((row) => row.mac);
}

// ---------------------------------------------------------------------------
// Reading a device (the card and every card call)

/** A device as the contract shows it, with its row id. */
export interface DeviceRecord {
  id: number;
  removalReason: number | null;
  device: Device;
}

function iso(value: Date): string {
  return value.toISOString();
}

/**
 * The device with that MAC, if the scope may see it (another buyer's device is "not found", so
 * its existence does not leak).
 */
export async function findDevice(db: Db, scope: DeviceScope, where: { mac: string } | { id: number }): Promise<DeviceRecord | null> {
  const conditions = ['mac' in where ? eq(devices.mac, where.mac) : eq(devices.id, where.id)];
  if (scope.buyerId !== null) conditions.push(eq(devices.buyerId, scope.buyerId));
  const [row] = await db
    .select()
    .from(devices)
    .where(and(...conditions))
    .limit(1);
  if (!row) return null;
  const [houseRows, relayRows, sipRows] = await Promise.all([
    db.select({ uid: deviceHouses.houseUid }).from(deviceHouses).where(eq(deviceHouses.deviceId, row.id)).orderBy(asc(deviceHouses.houseUid)),
    db
      .select({ id: deviceRelays.relayNum, statusCode: deviceRelays.statusCode, entrance: deviceRelays.entranceUid })
      .from(deviceRelays)
      .where(eq(deviceRelays.deviceId, row.id))
      .orderBy(asc(deviceRelays.relayNum)),
    db.select().from(sipAccounts).where(eq(sipAccounts.deviceId, row.id)).limit(1),
  ]);
  const sip = sipRows[0];
  return {
    id: row.id,
    removalReason: row.removalReason,
    device: {
      mac: row.mac,
      buyerId: row.buyerId,
      type: row.type,
      statusCode: row.statusCode,
      createDate: iso(row.createDate),
      updateDate: iso(row.updateDate),
      options: row.options as Device['options'],
      houses: houseRows.map((house) => house.uid),
      capabilities: row.capabilities,
      sipAccount: sip
        ? {
            id: sip.id,
            login: sip.login,
            password: sip.password,
            domain: sip.domain,
            port: sip.port,
            type: sip.type ?? DEFAULT_SIP_TYPE,
            flat_num: sip.flatNum,
            house_uid: sip.houseUid,
            userId: sip.userId,
            buyer_id: sip.buyerId,
          }
        : null,
      relays: relayRows.map((relay) => ({ id: relay.id, statusCode: relay.statusCode, entrance: relay.entrance ?? '' })),
    },
  };
}

/** What a device driver needs of a device. */
export function deviceRefOf(record: DeviceRecord): DeviceRef {
  const { device } = record;
  return {
    id: record.id,
    mac: device.mac,
    type: device.type,
    statusCode: device.statusCode,
    capabilities: device.capabilities,
    hasSipAccount: device.sipAccount !== null,
    options: device.options as Record<string, unknown>,
  };
}

/** Driver views of the visible devices among `macs` (unknown and foreign MACs are left out). */
export async function deviceRefsByMac(db: Db, scope: DeviceScope, macs: readonly string[]): Promise<DeviceRef[]> {
  if (macs.length === 0) return [];
  const conditions = [inArray(devices.mac, [...macs])];
  if (scope.buyerId !== null) conditions.push(eq(devices.buyerId, scope.buyerId));
  const rows = await db
    .select({
      id: devices.id,
      mac: devices.mac,
      type: devices.type,
      statusCode: devices.statusCode,
      capabilities: devices.capabilities,
      options: devices.options,
      hasSipAccount: sql<boolean>`exists (select 1 from ${sipAccounts} where ${sipAccounts.deviceId} = ${devices.id})`,
    })
    .from(devices)
    .where(and(...conditions));
  return rows.map((row) => ({ ...row, hasSipAccount: Boolean(row.hasSipAccount) }));
}
