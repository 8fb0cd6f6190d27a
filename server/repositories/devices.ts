import { and, asc, eq } from 'drizzle-orm';
import { DEVICE_STATUS, RELAY_STATUS } from '../../contract/devices';
import type { Db } from '../db/client';
import { deviceHouses, deviceRelays, devices, type JsonValue } from '../db/schema/devices';
import { entrances, houses } from '../db/schema/houses';
import { capabilitiesOf } from '../devices/capabilities';

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
 * relays 2..relayNum unbound. Run it in a transaction: it writes several rows.
 */
export async function createPreparedDevice(db: Db, device: PreparedDevice): Promise<PrepareDeviceOutcome> {
  const [house] = await db
    .select({ uid: houses.uid })
    .from(houses)
    .where(eq(houses.fias, device.fias.toLowerCase()))
    .orderBy(asc(houses.createdAt), asc(houses.uid))
    .limit(1);
  if (!house) return { status: 'house-not-found' };
  const [entrance] = await db
    .select({ uid: entrances.uid, buyerId: entrances.buyerId })
    .from(entrances)
    .where(and(eq(entrances.houseUid, house.uid), eq(entrances.entranceNum, device.porch)))
    .orderBy(asc(entrances.type), asc(entrances.uid))
    .limit(1);
  if (!entrance) return { status: 'entrance-not-found' };

  // No conflict target: either unique index (MAC, serial number) means "already registered". A
  // concurrent insert of the same MAC waits for the other transaction instead of failing.
  const inserted = await db
    .insert(devices)
    .values({
      mac: device.mac,
      buyerId: entrance.buyerId,
      type: device.type,
      statusCode: DEVICE_STATUS.new,
      serialNumber: device.serialNumber,
      options: device.options,
      capabilities: capabilitiesOf(device.type),
    })
    .onConflictDoNothing()
    .returning({ id: devices.id });
  const deviceId = inserted[0]?.id;
  if (deviceId === undefined) {
    const [sameMac] = await db.select({ id: devices.id }).from(devices).where(eq(devices.mac, device.mac));
    return { status: sameMac ? 'mac-taken' : 'serial-taken' };
  }

  await db.insert(deviceHouses).values({ deviceId, houseUid: house.uid });
  await db.insert(deviceRelays).values(
    Array.from({ length: device.relayNum }, (_item, index) =>
      index === 0
        ? { deviceId, relayNum: 1, entranceUid: entrance.uid, statusCode: RELAY_STATUS.active }
        : { deviceId, relayNum: index + 1, entranceUid: null, statusCode: RELAY_STATUS.inactive },
    ),
  );
  return { status: 'created', deviceId, houseUid: house.uid, entranceUid: entrance.uid };
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
